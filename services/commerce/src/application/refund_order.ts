import { NotFoundError } from '@listings/platform/errors';
import { callerAccount } from '@listings/platform/service-host';
import { assertRefundable, refundableCents } from '../domain/order/decide.ts';
import type { CommerceCall, CommerceOperationDeps } from './commerce-deps.ts';
import { orderView } from './order-view.ts';

/**
 * refund_order (operators): a paid order's money goes back through the payment port (what refused
 * lines had back already is not refunded twice; the provider's idempotency key is per payment, so
 * a retry refunds nothing more), then the order records `OrderRefunded` with the operator and the
 * reason. A refunded order again: nothing.
 */
export const handleRefundOrder = (deps: CommerceOperationDeps) => async (call: CommerceCall<'refund_order'>) => {
  const operator = callerAccount(call, 'refund orders');
  const number = String(call.params.number);
  const reason = call.body.reason.trim();
  const state = await deps.lifecycle.load(number);
  if (state.status === 'none') throw new NotFoundError(`no order ${number}`);
  if (state.status === 'refunded') return orderView(deps, state);
  assertRefundable(state);
  const amountCents = refundableCents(state);
  const { refundId } = await deps.payments.refund({
    reference: state.paymentReference ?? `order-${number}`,
    amountCents,
    reason: `order ${number}: ${reason}`,
    idempotencyKey: `refund-${state.paymentReference ?? number}-order`,
  });
  const { state: refunded } = await deps.lifecycle.runOrder(
    number,
    {
      type: 'RefundOrder',
      data: { refund_id: refundId, amount_cents: amountCents, operator, reason, at: deps.lifecycle.at() },
    },
    operator,
  );
  return orderView(deps, refunded);
};
