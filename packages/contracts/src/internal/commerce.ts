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
  reply: Order,
} as const;
export type PayOrderRequest = Static<typeof payOrder.request>;
