import Type, { type Static } from 'typebox';
import { IsoDate, IsoDateTime, PositiveId, Slug } from '../common.ts';
import { BILLBOARD_AMOUNT_MAX } from '../internal/catalog.ts';
import { defineIntegrationEvent } from './integration-event.ts';

const OrderNumber = Type.String({ minLength: 1, maxLength: 64 });

export const paidLaunchPublished = defineIntegrationEvent({
  service: 'catalog',
  name: 'paid_launch_published',
  description:
    'The catalog carried out the paid launch an order bought: the listing is on the paid plan, live or scheduled for `launch_week`. At most one order per listing.',
  consumers: ['commerce'],
  data: Type.Object(
    {
      order_number: OrderNumber,
      listing_id: PositiveId,
      launch_week: Type.Union([IsoDate, Type.Null()]),
      at: IsoDateTime,
    },
    { additionalProperties: false },
  ),
});
export type PaidLaunchPublishedEvent = Static<typeof paidLaunchPublished.data>;

export const paidLaunchRefused = defineIntegrationEvent({
  service: 'catalog',
  name: 'paid_launch_refused',
  description:
    'The catalog could not carry out the paid launch an order bought (the listing was archived or rejected, went live on the free plan meanwhile, its launch is another order’s, or a chosen category is unknown): `reason` says why. The order needs a refund.',
  consumers: ['commerce'],
  data: Type.Object(
    {
      order_number: OrderNumber,
      listing_id: PositiveId,
      reason: Type.String({ minLength: 1, maxLength: 500 }),
      at: IsoDateTime,
    },
    { additionalProperties: false },
  ),
});
export type PaidLaunchRefusedEvent = Static<typeof paidLaunchRefused.data>;

export const billboardContributionRecorded = defineIntegrationEvent({
  service: 'catalog',
  name: 'billboard_contribution_recorded',
  description:
    'Money an order contributed to a listing’s place on the PAID billboard ranking, recorded once per order.',
  consumers: ['commerce'],
  data: Type.Object(
    {
      order_number: OrderNumber,
      listing_id: PositiveId,
      amount_cents: Type.Integer({ minimum: 1, maximum: BILLBOARD_AMOUNT_MAX }),
      at: IsoDateTime,
    },
    { additionalProperties: false },
  ),
});
export type BillboardContributionRecordedEvent = Static<typeof billboardContributionRecorded.data>;

export const LISTING_CHANGES = ['edited', 'update_posted', 'milestone_added', 'milestone_deleted'] as const;

export const listingChanged = defineIntegrationEvent({
  service: 'catalog',
  name: 'listing_changed',
  description:
    'A listing’s public profile changed: edited by an owner (`edited`), an update posted, a milestone added or deleted. Names the listing by id and by its slug (a listing’s slug never changes), so a reader can tell `listings://listings/{slug}` subscribers without a lookup. Carries no profile data: a reader that wants the listing reads it again. For live notifications (MCP resource subscriptions), which may miss one while disconnected.',
  consumers: ['mcp-gateway'],
  data: Type.Object(
    { listing_id: PositiveId, slug: Slug, change: Type.Enum([...LISTING_CHANGES]), at: IsoDateTime },
    { additionalProperties: false },
  ),
});
export type ListingChangedEvent = Static<typeof listingChanged.data>;

export const catalogIntegrationEvents = [
  paidLaunchPublished,
  paidLaunchRefused,
  billboardContributionRecorded,
] as const;
