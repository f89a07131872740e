import Type from 'typebox';
import { PENDING_ORDER_TTL_HOURS } from '../commerce.ts';
import { event, serviceEvents, upcaster } from './event-schema.ts';
import { AccountId, At, Cents, data, ListingId, WeekStart } from './fields.ts';

const OrderNumber = Type.String({ description: 'the order number (its stream id)' });
const ProductKind = Type.Enum(['launch', 'billboard'], {
  description: 'what buying it does: launch = a paid launch week for a listing, billboard = a contribution',
});

const orderPlacedV1Fields = {
  number: OrderNumber,
  account_id: AccountId,
  lines: Type.Array(
    data({
      product: Type.String({ description: 'product slug' }),
      kind: ProductKind,
      listing_id: Type.Optional(ListingId),
      launch_week: Type.Optional(WeekStart),
      extra_categories: Type.Optional(
        Type.Array(Type.String(), { description: "a launch's chosen extra category slugs" }),
      ),
      amount_cents: Type.Optional(Type.Integer({ description: 'billboard: the amount contributed (cents)' })),
      unit_price_cents: Cents,
    }),
  ),
  totals: data({
    subtotal_cents: Cents,
    vat_cents: Cents,
    total_cents: Cents,
    vat_rate: Type.Number({ description: 'VAT rate applied, e.g. 0.2' }),
    reverse_charge: Type.Boolean({ description: 'EU B2B reverse charge: no VAT charged' }),
    currency: Type.Literal('USD'),
  }),
  billing_country: Type.Union([Type.String(), Type.Null()], {
    description: "the buyer's country (ISO 3166-1 alpha-2), for VAT; null when not given",
  }),
  vat_number: Type.Union([Type.String(), Type.Null()], {
    description: "the buyer's EU VAT number (business buyers), null when none",
  }),
  at: At,
};
const OrderPlacedV1 = data(orderPlacedV1Fields);
const OrderPlacedV2 = data({
  ...orderPlacedV1Fields,
  expires_at: Type.String({
    description:
      "until when the order can be paid and holds its launch week slots (ISO-8601 UTC): `at` plus the shop's order hold then",
  }),
});

/** Commerce: shop settings (products, prices, capacity) and orders. */
export const commerceEvents = serviceEvents({
  service: 'commerce',
  description: 'Products and their prices, launch capacity, the seller country, orders and their payment.',
  streams: [
    { category: 'shop', pattern: 'shop-settings', description: "the shop's settings, one stream set by operators" },
    { category: 'order', pattern: 'order-<number>', description: 'one order, from checkout to fulfilment' },
    {
      category: 'launch',
      pattern: 'launch-week-<monday>',
      description: "one launch week's paid launch slots: the rule that a week holds at most its capacity",
    },
    {
      category: 'unpaid',
      pattern: 'unpaid-orders-<account_id>',
      description: "one account's unpaid orders: the rule that an account has at most UNPAID_ORDERS_PER_ACCOUNT_MAX",
    },
    {
      category: 'listing',
      pattern: 'listing-launch-<listing_id>',
      description: "which order holds a listing's one paid launch",
    },
  ],
  events: [
    event('ProductDefined', {
      stream: 'shop',
      description: 'An operator defined (or redefined) a product.',
      data: data({
        slug: Type.String({ description: 'the product slug, e.g. launch, billboard' }),
        name: Type.String(),
        description: Type.String(),
        price_cents: Type.Integer({ description: 'USD cents excluding VAT; for billboard the minimum contribution' }),
        needs_listing: Type.Boolean({ description: 'an order line for it names a listing' }),
        kind: ProductKind,
      }),
    }),
    event('ProductPriceSet', {
      stream: 'shop',
      description: "An operator set a product's current price.",
      data: data({
        slug: Type.String({ description: 'the product slug' }),
        price_cents: Type.Integer({ description: 'USD cents excluding VAT' }),
      }),
    }),
    event('WeeklyLaunchCapacitySet', {
      stream: 'shop',
      description: 'An operator set how many paid launches a week holds.',
      data: data({ capacity: Type.Integer({ description: 'paid launches a launch week holds' }) }),
    }),
    event('PendingOrderHoldSet', {
      stream: 'shop',
      description:
        'An operator set how long an unpaid order holds its launch week slots and can be paid (orders placed later keep theirs).',
      data: data({ minutes: Type.Integer({ description: 'minutes after checkout (default 30)' }) }),
    }),
    event('SellerCountrySet', {
      stream: 'shop',
      description: "An operator set the seller's country (for domestic VAT).",
      data: data({ country: Type.String({ description: 'ISO 3166-1 alpha-2' }) }),
    }),
    event('OrderPlaced', {
      stream: 'order',
      version: 2,
      description:
        'A buyer placed an order at checkout (pending until paid or expired), priced at that moment, held until `expires_at`.',
      data: OrderPlacedV2,
      upcasters: [
        upcaster({
          from: 1,
          data: OrderPlacedV1,
          to: OrderPlacedV2,
          description: `v1 had no \`expires_at\`: an order could then be paid for ${PENDING_ORDER_TTL_HOURS} hours after it was placed. Lifted with \`expires_at\` = \`at\` + ${PENDING_ORDER_TTL_HOURS} h, the window it was given; nothing is rewritten in the log.`,
          upcast: (v1) => ({
            ...v1,
            expires_at: new Date(Date.parse(v1.at) + PENDING_ORDER_TTL_HOURS * 3_600_000).toISOString(),
          }),
        }),
      ],
    }),
    event('OrderPaid', {
      stream: 'order',
      description: 'The payment provider confirmed the payment.',
      data: data({
        number: OrderNumber,
        payment_reference: Type.String({ description: "the payment provider's reference" }),
        at: At,
      }),
    }),
    event('OrderLineFulfilled', {
      stream: 'order',
      description: 'One line of a paid order took effect (e.g. the launch was scheduled in the catalog).',
      data: data({ number: OrderNumber, line: Type.Integer({ description: '0-based line index' }), at: At }),
    }),
    event('OrderLineRefused', {
      stream: 'order',
      description:
        'The catalog refused to carry out one line of a paid order (events.catalog.paid_launch_refused): the order stays paid and needs a refund.',
      data: data({
        number: OrderNumber,
        line: Type.Integer({ description: '0-based line index' }),
        reason: Type.String({ description: "the catalog's reason, in words for the buyer" }),
        at: At,
      }),
    }),
    event('OrderLineRefunded', {
      stream: 'order',
      description:
        "A line the catalog refused (OrderLineRefused) was refunded through the payment provider (Stripe: a refund of the order's payment intent); the order stays paid.",
      data: data({
        number: OrderNumber,
        line: Type.Integer({ description: '0-based line index' }),
        refund_id: Type.String({ description: "the provider's refund id (Stripe `re_…`)" }),
        amount_cents: Type.Integer({ minimum: 0, description: "the line's price with its VAT share, USD cents" }),
        at: At,
      }),
    }),
    event('OrderRefunded', {
      stream: 'order',
      description:
        'An operator refunded a paid order through the payment provider (what was not refunded already); the order is refunded from then on, for its buyer too.',
      data: data({
        number: OrderNumber,
        refund_id: Type.String({ description: "the provider's refund id (Stripe `re_…`; local: `local-refund-…`)" }),
        amount_cents: Type.Integer({ minimum: 0, description: 'what this refund gave back, USD cents' }),
        operator: AccountId,
        reason: Type.String({ description: "the operator's reason, shown to the buyer" }),
        at: At,
      }),
    }),
    event('OrderFulfilled', {
      stream: 'order',
      description: 'Every line of the order took effect.',
      data: data({ number: OrderNumber, at: At }),
    }),
    event('OrderExpired', {
      stream: 'order',
      description: 'A pending order was not paid in time.',
      data: data({ number: OrderNumber, at: At }),
    }),
    event('OrderRefused', {
      stream: 'order',
      description:
        "The payment was refused before anything was charged: the listing's launch was held by another order, or its week was full.",
      data: data({ number: OrderNumber, reason: Type.String({ description: 'why, in words for the buyer' }), at: At }),
    }),
    event('LaunchSlotReserved', {
      stream: 'launch',
      description: "A checkout reserved a paid launch slot in the week, until the order's expiry.",
      data: data({
        week: WeekStart,
        order_number: OrderNumber,
        listing_id: ListingId,
        expires_at: Type.String({ description: 'when the unconfirmed slot stops counting (ISO-8601 UTC)' }),
        at: At,
      }),
    }),
    event('LaunchSlotConfirmed', {
      stream: 'launch',
      description: "The order's payment confirmed its slot: it counts for good.",
      data: data({ week: WeekStart, order_number: OrderNumber, listing_id: ListingId, at: At }),
    }),
    event('LaunchSlotReleased', {
      stream: 'launch',
      description: 'An order gave its slot back.',
      data: data({
        week: WeekStart,
        order_number: OrderNumber,
        listing_id: ListingId,
        reason: Type.Enum(['expired', 'refused', 'cancelled', 'abandoned'], {
          description:
            'expired unpaid, refused at payment, cancelled, or abandoned (the checkout failed after reserving)',
        }),
        at: At,
      }),
    }),
    event('UnpaidOrderOpened', {
      stream: 'unpaid',
      description: "A checkout counted a new unpaid order against the account's limit, until the order's expiry.",
      data: data({
        account_id: AccountId,
        order_number: OrderNumber,
        expires_at: Type.String({ description: 'when it stops counting even if nothing closes it (ISO-8601 UTC)' }),
        at: At,
      }),
    }),
    event('UnpaidOrderClosed', {
      stream: 'unpaid',
      description: "An order stopped counting against the account's unpaid orders.",
      data: data({
        account_id: AccountId,
        order_number: OrderNumber,
        reason: Type.Enum(['paid', 'expired', 'refused', 'abandoned'], {
          description:
            'paid, expired unpaid, refused at payment, or abandoned (the checkout failed before the order was placed)',
        }),
        at: At,
      }),
    }),
    event('ListingLaunchHeld', {
      stream: 'listing',
      description: "An order took the listing's one paid launch while being paid.",
      data: data({
        listing_id: ListingId,
        order_number: Type.Union([OrderNumber, Type.Null()], {
          description: 'null: the catalog had the listing on a paid launch before this rule existed',
        }),
        at: At,
      }),
    }),
    event('ListingLaunchReleased', {
      stream: 'listing',
      description: "An unpaid order gave the listing's launch back.",
      data: data({
        listing_id: ListingId,
        order_number: OrderNumber,
        reason: Type.Enum(['expired', 'refused'], { description: 'why the order let go' }),
        at: At,
      }),
    }),
  ],
});
