import Type, { type Static } from 'typebox';
import { ORDER_NUMBER_PATTERN, Order } from '../commerce.ts';

/**
 * Commerce's internal operation (not a REST route or MCP tool), on `commerce.internal.pay_order`:
 * the checkout page's pay step. Paying happens only there, never through the API.
 * Reply: `{ status, body }` or `{ status, problem }` like an operation reply.
 */
const OrderNumber = Type.String({ pattern: ORDER_NUMBER_PATTERN });

export const payOrder = {
  name: 'pay_order',
  subject: 'commerce.internal.pay_order',
  description:
    'The person pressed "pay" on the checkout page (local payment provider, development), signed in as `account_id`. First the launch rules: the order takes the paid launch of each listing it launches and confirms its week slots; when another order holds a listing\'s launch (or the week has no slot left) the order becomes `refused` with `status_reason`, nothing is charged and the reply is 409 saying why. Then marks the order paid and signals its workflow, which fulfils each line (tells the catalog) and records it; paying a paid order again is a no-op. 404 when the order is unknown or not that account\'s (the same answer), 409 when it expired unpaid or was refused.',
  request: Type.Object(
    {
      number: OrderNumber,
      /** the signed-in account paying: commerce checks the order is theirs, whoever asks */
      account_id: Type.String({ minLength: 1, maxLength: 200 }),
      payment_reference: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    },
    { additionalProperties: false },
  ),
  /**
   * The order; with Stripe as the payment provider a pending order whose launch rules hold also
   * has `payment_url`, the Stripe Checkout page the person is sent to (the order stays `pending`
   * until Stripe's signed `checkout.session.completed` arrives on `commerce.internal.stripe_webhook`).
   */
  reply: Type.Object({ ...Order.properties, payment_url: Type.Optional(Type.String()) }),
} as const;
export type PayOrderRequest = Static<typeof payOrder.request>;

/**
 * Commerce's internal operation on `commerce.internal.stripe_webhook`: the gateway's
 * `POST /webhooks/stripe` hands over the request's raw body and its `Stripe-Signature` header
 * untouched; commerce verifies them with the webhook signing secret (which only commerce holds).
 * 400 when the signature does not verify (nothing changes); 404 when Stripe is not the payment
 * provider. A verified `checkout.session.completed` (paid) marks its order paid, and nothing else
 * does; the same event again, or another payment of an order already paid, changes nothing more
 * (a second payment is refunded); an event for an unknown order is acknowledged and logged.
 */
export const stripeWebhook = {
  name: 'stripe_webhook',
  subject: 'commerce.internal.stripe_webhook',
  description: "Stripe's signed webhook, relayed raw by the gateway; commerce verifies it and pays the order.",
  request: Type.Object(
    {
      payload: Type.String({ maxLength: 512 * 1024 }),
      signature: Type.String({ maxLength: 4096 }),
    },
    { additionalProperties: false },
  ),
  reply: Type.Object({
    received: Type.Literal(true),
    /** what the event did: `paid`, `already_paid`, `refunded` (the order could not take the payment), `amount_mismatch` (not the order's total or currency: refunded, the order unchanged), `unknown_order`, `ignored` */
    outcome: Type.String(),
  }),
} as const;
export type StripeWebhookRequest = Static<typeof stripeWebhook.request>;

/**
 * Commerce's internal operation on `commerce.internal.list_order_refunds`: every refund an operator
 * made (refund_order), for the operators' audit (catalog's list_operator_actions asks for them).
 */
export const listOrderRefunds = {
  name: 'list_order_refunds',
  subject: 'commerce.internal.list_order_refunds',
  description: "Every operator's refund of an order (refund_order): the order, the operator, the reason, when.",
  request: Type.Object({}, { additionalProperties: false }),
  reply: Type.Object({
    items: Type.Array(
      Type.Object({
        number: OrderNumber,
        operator: Type.String(),
        reason: Type.String(),
        amount_cents: Type.Integer({ minimum: 0 }),
        at: Type.String(),
      }),
    ),
  }),
} as const;
export type OrderRefundEntry = Static<typeof listOrderRefunds.reply>['items'][number];
