import Type, { type Static } from 'typebox';
import { ORDER_NUMBER_PATTERN, Order } from '../commerce.ts';

/**
 * Commerce's internal operations (not REST routes or MCP tools), on `commerce.internal.<name>`.
 * The checkout page calls them: the order number in the link is the only credential (like a
 * hosted payment page), and paying happens only there, never through the API.
 * Reply: `{ status, body }` or `{ status, problem }` like an operation reply.
 */
const OrderNumber = Type.String({ pattern: ORDER_NUMBER_PATTERN });

export const describeCheckout = {
  name: 'describe_checkout',
  subject: 'commerce.internal.describe_checkout',
  description: 'What the checkout page shows: the order with its lines and totals. 404 for an unknown number.',
  request: Type.Object({ number: OrderNumber }, { additionalProperties: false }),
  reply: Order,
} as const;

export const payOrder = {
  name: 'pay_order',
  subject: 'commerce.internal.pay_order',
  description:
    'The person pressed "pay" on the checkout page (local payment provider, development). Marks the order paid, then fulfils each line (tells the catalog) and records it; paying a paid order again is a no-op. 404 unknown, 409 when the order is not pending.',
  request: Type.Object(
    { number: OrderNumber, payment_reference: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
    { additionalProperties: false },
  ),
  reply: Order,
} as const;
export type PayOrderRequest = Static<typeof payOrder.request>;
