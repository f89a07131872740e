import Type, { type Static } from 'typebox';
import { CountryCode, IsoDate, IsoDateTime, Page, PageQuery, PositiveId, Slug } from './common.ts';
import { OPERATOR_REASON_MAX, OPERATOR_REASON_MIN } from './moderation.ts';
import { defineOperation } from './operation.ts';

/**
 * Spec Part 2 names pending and paid; the rest of the lifecycle is ours (docs/api-decisions.md).
 * `refused`: the payment was refused before anything was charged (the listing's launch is another
 * order's, or the week has no slot left); `status_reason` says why.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'expired', 'refused', 'cancelled', 'refunded'] as const;

export const Product = Type.Object({
  slug: Slug,
  name: Type.String(),
  description: Type.String(),
  price_cents: Type.Integer({ minimum: 0, description: 'current admin price in USD cents, excluding VAT' }),
  currency: Type.Literal('USD'),
  needs_listing: Type.Boolean(),
});

export const ORDER_ITEMS_MAX = 20;
/**
 * How long an unpaid order holds what it reserved (its launch week slots) and can be paid, unless
 * an operator set the shop's own (`shop set-order-hold <minutes>`, from 1 to
 * `PENDING_ORDER_HOLD_MINUTES_MAX`); then it is `expired` and its slots go back.
 */
export const PENDING_ORDER_HOLD_MINUTES_DEFAULT = 30;
export const PENDING_ORDER_HOLD_MINUTES_MAX = 24 * 60;
/**
 * How long an order placed before the hold was a shop setting (`OrderPlaced` v1) could be paid:
 * such an order keeps that window (its upcaster fills `expires_at` with it).
 */
export const PENDING_ORDER_TTL_HOURS = 24;
/** unpaid (`pending`) orders an account can have at once; one more checkout is 409 until one is paid or expires */
export const UNPAID_ORDERS_PER_ACCOUNT_MAX = 3;
export const EXTRA_CATEGORIES_MAX = 3;
export const ORDER_NUMBER_PATTERN = '^[A-Za-z0-9-]{1,64}$';

/**
 * The rule for a paid launch's `extra_categories` beyond the schema (commerce checks it when it
 * quotes, the catalog when it publishes): the listing has a primary category, and each extra one is
 * another category, chosen once. Null when they can be chosen, else why not.
 */
export const extraCategoriesProblem = (extras: readonly string[], primary: string | null): string | null => {
  if (primary === null) return 'the listing has no primary category yet';
  if (extras.includes(primary)) return `${primary} is the listing's primary category already`;
  const twice = extras.find((slug, i) => extras.indexOf(slug) !== i);
  return twice === undefined ? null : `${twice} is chosen twice`;
};

/**
 * Spec Part 4 names `product` and `listing_id`; the other options are ours: `launch_week` (a Monday)
 * for a paid launch in a chosen week, `extra_categories` (up to 3 more categories of a paid listing),
 * `amount_cents` for a billboard contribution.
 */
export const OrderItem = Type.Object(
  {
    product: Slug,
    listing_id: Type.Optional(PositiveId),
    launch_week: Type.Optional(IsoDate),
    extra_categories: Type.Optional(Type.Array(Slug, { maxItems: EXTRA_CATEGORIES_MAX })),
    amount_cents: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000 })),
  },
  { additionalProperties: false },
);

export const OrderRequest = Type.Object(
  {
    items: Type.Array(OrderItem, { minItems: 1, maxItems: ORDER_ITEMS_MAX }),
    billing_country: Type.Optional(CountryCode),
    vat_number: Type.Optional(Type.String({ maxLength: 20, pattern: '^[A-Za-z0-9 .-]+$' })),
  },
  { additionalProperties: false },
);

const Totals = Type.Object({
  subtotal_cents: Type.Integer({ minimum: 0 }),
  vat_cents: Type.Integer({ minimum: 0 }),
  total_cents: Type.Integer({ minimum: 0 }),
  vat_rate: Type.Number({ minimum: 0 }),
  reverse_charge: Type.Boolean(),
  currency: Type.Literal('USD'),
});
const OrderLine = Type.Object({
  product: Slug,
  listing_id: Type.Optional(PositiveId),
  /** a paid launch's chosen week (absent: live when paid) */
  launch_week: Type.Optional(IsoDate),
  /** a paid launch's chosen extra categories, shown after the primary one in this order */
  extra_categories: Type.Optional(Type.Array(Slug)),
  unit_price_cents: Type.Integer({ minimum: 0 }),
  fulfilled: Type.Boolean(),
});

export const Order = Type.Object({
  number: Type.String({ pattern: ORDER_NUMBER_PATTERN }),
  status: Type.Enum([...ORDER_STATUSES]),
  /**
   * why the order is in its status when that needs saying (`refused`, `expired`, or `paid` when the
   * catalog could not carry out a line: it needs a refund), for a person to read; else null
   */
  status_reason: Type.Union([Type.String(), Type.Null()]),
  totals: Totals,
  lines: Type.Array(OrderLine),
  /** as given when the order was created (VAT was worked out from them) */
  billing_country: Type.Union([CountryCode, Type.Null()]),
  vat_number: Type.Union([Type.String(), Type.Null()]),
  checkout_url: Type.Optional(Type.String()),
  created_at: IsoDateTime,
  /** until when a pending order can be paid (the shop's order hold after creation, default 30 minutes); null once paid */
  expires_at: Type.Union([IsoDateTime, Type.Null()]),
});

/** an order as get_order, list_my_orders and create_checkout answer it */
export type OrderView = Static<typeof Order>;

export const listProducts = defineOperation({
  operationId: 'list_products',
  method: 'GET',
  path: '/products',
  service: 'commerce',
  scope: null,
  summary: 'Products and prices',
  description:
    'Everything purchasable, with current prices in USD cents excluding VAT. `needs_listing` products are bought for one of your listings.',
  response: Type.Object({ items: Type.Array(Product) }),
});

export const quoteOrder = defineOperation({
  operationId: 'quote_order',
  method: 'POST',
  path: '/orders/quote',
  service: 'commerce',
  scope: 'orders:write',
  summary: 'Quote an order',
  description:
    'Prices with a VAT preview at current prices and validates the options. Saves and charges nothing. 409 when a listing already has a paid launch or a chosen `launch_week` has no slot left (as things stand now: only a checkout reserves a slot).',
  body: OrderRequest,
  response: Type.Object({ totals: Totals, lines: Type.Array(OrderLine) }),
});

export const createCheckout = defineOperation({
  operationId: 'create_checkout',
  method: 'POST',
  path: '/orders/checkout',
  service: 'commerce',
  scope: 'orders:write',
  idempotent: true,
  summary: 'Create a checkout link',
  description:
    "Builds an order and returns `checkout_url`, a page where the person reviews, enters billing details and pays themselves. Hand the link to the user; never ask for card details: payment never happens through the API. A launch in a chosen `launch_week` reserves one of that week's slots until the order is paid or expires: an unpaid order expires after the shop's order hold (default 30 minutes; `expires_at` says when). 409 when a listing already has a paid launch, when the week is full, or when the account already has UNPAID_ORDERS_PER_ACCOUNT_MAX (3) unpaid orders (pay one or let it expire). A listing gets one paid launch: when two orders race for it, the second payment is refused (status `refused`, `status_reason` says why) and nothing is charged.",
  body: OrderRequest,
  response: Order,
  links: [
    {
      operationId: 'get_order',
      parameters: { number: '$response.body#/number' },
      description: 'The order, once the person has paid (or not) on the checkout page',
    },
    {
      operationId: 'list_my_orders',
      parameters: {},
      description: 'Your orders, this one first',
    },
  ],
});

export const listMyOrders = defineOperation({
  operationId: 'list_my_orders',
  method: 'GET',
  path: '/orders',
  service: 'commerce',
  scope: 'account:read',
  summary: 'My orders',
  description: 'Your orders, newest first.',
  query: Type.Object({ ...PageQuery }, { additionalProperties: false }),
  response: Page(Order),
});

export const getOrder = defineOperation({
  operationId: 'get_order',
  method: 'GET',
  path: '/orders/{number}',
  service: 'commerce',
  scope: 'account:read',
  summary: 'Get an order',
  description: 'Status, totals with VAT, lines and fulfilment per line.',
  params: Type.Object({ number: Type.String({ pattern: ORDER_NUMBER_PATTERN }) }, { additionalProperties: false }),
  response: Order,
});

export const refundOrder = defineOperation({
  operationId: 'refund_order',
  method: 'POST',
  path: '/admin/orders/{number}/refund',
  service: 'commerce',
  scope: 'orders:write',
  role: 'operator',
  summary: 'Refund an order (operators)',
  description:
    'Gives back what a paid order took, through the payment provider (what was refunded already, for lines the catalog refused, is not refunded twice); the order is `refunded` from then on, for its buyer too. An order not paid (pending, expired, refused) is 409; refunding a refunded order changes nothing. Operators only.',
  extraProblemStatuses: [409],
  params: Type.Object({ number: Type.String({ pattern: ORDER_NUMBER_PATTERN }) }, { additionalProperties: false }),
  body: Type.Object(
    {
      reason: Type.String({
        minLength: OPERATOR_REASON_MIN,
        maxLength: OPERATOR_REASON_MAX,
        description: 'why: recorded with the refund, shown to the buyer',
      }),
    },
    { additionalProperties: false },
  ),
  response: Order,
});

export const commerceOperations = [listProducts, quoteOrder, createCheckout, listMyOrders, getOrder, refundOrder];
