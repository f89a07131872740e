import Type, { type Static } from 'typebox';
import { EXTRA_CATEGORIES_MAX, ORDER_ITEMS_MAX } from '../commerce.ts';
import { IsoDate, IsoDateTime, PositiveId, Slug } from '../common.ts';
import { BILLBOARD_AMOUNT_MAX } from '../internal/catalog.ts';
import { defineIntegrationEvent } from './integration-event.ts';

const OrderNumber = Type.String({ minLength: 1, maxLength: 64 });
/** the line's index in the order (0-based) */
const LineIndex = Type.Integer({ minimum: 0, maximum: ORDER_ITEMS_MAX - 1 });

/** what a paid launch line asks of the catalog */
export const PaidLaunchLine = Type.Object(
  {
    line: LineIndex,
    kind: Type.Literal('launch'),
    listing_id: PositiveId,
    /** a Monday: the listing is scheduled for that week; null: it goes live when paid */
    launch_week: Type.Union([IsoDate, Type.Null()]),
    /** the categories the listing shows after its primary one, replacing the draft's (absent: the draft's stay) */
    extra_categories: Type.Optional(Type.Array(Slug, { maxItems: EXTRA_CATEGORIES_MAX })),
  },
  { additionalProperties: false },
);

/** what a paid billboard line asks of the catalog */
export const PaidBillboardLine = Type.Object(
  {
    line: LineIndex,
    kind: Type.Literal('billboard'),
    listing_id: PositiveId,
    amount_cents: Type.Integer({ minimum: 1, maximum: BILLBOARD_AMOUNT_MAX }),
  },
  { additionalProperties: false },
);

export const orderPaid = defineIntegrationEvent({
  service: 'commerce',
  name: 'order_paid',
  description:
    'An order was paid (after the launch rules said yes: its listings’ launches are this order’s). Each line says what the catalog does: a launch publishes the listing on the paid plan (now, or scheduled for `launch_week`) with its extra categories; a billboard line adds `amount_cents` to the listing’s billboard ranking, once per order.',
  consumers: ['catalog'],
  data: Type.Object(
    {
      number: OrderNumber,
      account_id: Type.String({ minLength: 1, maxLength: 200 }),
      lines: Type.Array(Type.Union([PaidLaunchLine, PaidBillboardLine]), { maxItems: ORDER_ITEMS_MAX }),
      paid_at: IsoDateTime,
    },
    { additionalProperties: false },
  ),
});
export type OrderPaidEvent = Static<typeof orderPaid.data>;

export const commerceIntegrationEvents = [orderPaid] as const;
