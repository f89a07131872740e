import { randomBytes } from 'node:crypto';
import { ConflictError, NotFoundError } from '@listings/platform/errors';
import type { OrderState } from '../domain/order/order.ts';
import { orderWorkflowId, PAID_SIGNAL } from '../workflows/order-workflow.ts';
import type { CommerceOperationDeps } from './commerce-deps.ts';
import { checkoutPath, orderView } from './order-view.ts';
import { settledOrder, startOrderWorkflow } from './order-workflow-start.ts';

export interface PayOrderRequest {
  readonly number: string;
  readonly account_id: string;
  readonly payment_reference?: string;
}

/**
 * pay_order (internal, from the checkout page), by the signed-in account. The launch rules decide
 * first (refused: 409 with why, nothing charged). The local provider then pays at once; Stripe
 * answers the order with `payment_url`, a Checkout Session to send the person to: the order stays
 * `pending` until Stripe's verified webhook pays it (stripe-webhook.ts).
 */
export const handlePayOrder = (deps: CommerceOperationDeps) => async (request: PayOrderRequest) => {
  // someone else's order answers exactly like an unknown number, whoever relays the request
  const owned = await deps.lifecycle.load(request.number);
  if (owned.status === 'none' || owned.accountId !== request.account_id)
    throw new NotFoundError(`no order ${request.number}`);
  // too late: the expiry is recorded (releasing its week slots), then the payment is refused (409)
  await deps.lifecycle.expireIfDue(request.number);
  if (deps.payments.name !== 'local') {
    const held = await deps.lifecycle.applyLaunchRules(request.number);
    if (held.status === 'refused') throw new ConflictError(`this order was refused: ${held.refusedBecause}`);
    if (held.status === 'expired') throw new ConflictError('this order expired unpaid: create a new checkout');
    if (held.status !== 'pending') return orderView(deps, held);
    const paymentUrl = await startProviderPayment(deps, held);
    if (paymentUrl !== null) return { ...orderView(deps, held), payment_url: paymentUrl };
  }
  const reference = request.payment_reference ?? `local-${randomBytes(6).toString('hex')}`;
  // the launch rules decide before the order counts as paid: refused (409, with why) or paid
  const state = await deps.lifecycle.pay(request.number, reference);
  // the payment workflow fulfils the order; the page shows the outcome if it comes quickly
  await startOrderWorkflow(deps, state);
  await deps.runner.signal(orderWorkflowId(request.number), PAID_SIGNAL, { payment_reference: reference });
  return orderView(deps, await settledOrder(deps, request.number, deps.payWaitMs));
};

/** the provider's payment of a pending order: the URL to send the person to, or null when it paid at once */
const startProviderPayment = async (
  deps: Pick<CommerceOperationDeps, 'payments' | 'publicUrl'>,
  held: Exclude<OrderState, { status: 'none' }>,
): Promise<string | null> => {
  const started = await deps.payments.start({
    orderNumber: held.number,
    accountId: held.accountId,
    totalCents: held.totals.total_cents,
    currency: 'USD',
    description: held.lines
      .map((line) => `${line.product}${line.listing_id !== undefined ? ` (listing ${line.listing_id})` : ''}`)
      .join(', '),
    returnUrl: `${deps.publicUrl}${checkoutPath(held.number)}`,
    payableUntil: held.expiresAt,
  });
  return started.kind === 'redirect' ? started.url : null;
};
