import { ConflictError, DomainError, NotFoundError } from '@listings/platform/errors';
import { type PaymentNotification, PaymentSignatureError } from '../adapters/payment-provider.ts';
import type { OrderState } from '../domain/order/order.ts';
import { orderWorkflowId, PAID_SIGNAL } from '../workflows/order-workflow.ts';
import type { CommerceOperationDeps } from './commerce-deps.ts';
import { startOrderWorkflow } from './order-workflow-start.ts';

/** a payment provider's notification whose signature does not verify: 400, nothing changes */
export class BadSignatureError extends DomainError {
  constructor(detail: string) {
    super(400, 'bad-signature', 'Signature does not verify', detail);
  }
}

type Outcome = 'paid' | 'already_paid' | 'refunded' | 'amount_mismatch' | 'unknown_order' | 'ignored';
type Answer = { received: true; outcome: Outcome };
type Captured = Exclude<PaymentNotification, { kind: 'ignored' }>;
type PlacedOrder = Exclude<OrderState, { status: 'none' }>;

/**
 * stripe_webhook (internal): Stripe's webhook, relayed raw by the gateway. Only a verified captured
 * payment (`checkout.session.completed` paid, or `async_payment_succeeded`) pays its order, after
 * the launch rules once more. The same event again changes nothing (the order is paid by that
 * payment already); another payment of a paid order, or one that arrives for an order that can no
 * longer be paid (expired, refused), is refunded; an unknown order is acknowledged and logged.
 */
export const handleStripeWebhook =
  (deps: CommerceOperationDeps) =>
  async (request: { payload: string; signature: string }): Promise<Answer> => {
    if (deps.payments.name !== 'stripe') throw new NotFoundError('Stripe is not the payment provider here');
    const note = await deps.payments.verifyNotification(request.payload, request.signature).catch((error) => {
      throw error instanceof PaymentSignatureError ? new BadSignatureError(error.message) : error;
    });
    if (note.kind === 'ignored') {
      deps.logger.info({ event_id: note.eventId, type: note.type }, 'Stripe event ignored');
      return { received: true, outcome: 'ignored' };
    }
    const number = note.orderNumber;
    const state = number ? await deps.lifecycle.load(number).catch(() => ({ status: 'none' as const })) : null;
    if (!number || !state || state.status === 'none') {
      deps.logger.warn(
        { event_id: note.eventId, order_number: number, payment: note.reference },
        'Stripe payment for an unknown order: acknowledged, nothing changed',
      );
      return { received: true, outcome: 'unknown_order' };
    }
    // money that is not the order's total (another amount, another currency, or none at all, as a
    // session completed with `no_payment_required`) never pays it: the order is left as it is,
    // and what was taken goes back
    if (note.amountCents !== state.totals.total_cents || note.currency !== state.totals.currency)
      return refundMismatch(deps, note, state);
    if (state.status === 'paid' || state.status === 'fulfilled')
      return state.paymentReference === note.reference
        ? { received: true, outcome: 'already_paid' }
        : refund(deps, note, `order ${number} was paid already by another payment`);
    if (state.status === 'pending') {
      const paid = await payPending(deps, note, number);
      if (paid) return paid;
    }
    // refused (the launch rules said no when the money arrived, or before) or expired: money back
    const ended = await deps.lifecycle.load(number);
    return refund(
      deps,
      note,
      ended.status === 'refused'
        ? `order ${number} was refused: ${ended.refusedBecause}`
        : `order ${number} can no longer be paid (${ended.status})`,
    );
  };

/** pays a pending order with the captured payment; null when the launch rules refused it or it expired (409) */
const payPending = async (deps: CommerceOperationDeps, note: Captured, number: string): Promise<Answer | null> => {
  await deps.lifecycle.expireIfDue(number);
  try {
    const paid = await deps.lifecycle.pay(number, note.reference, { captured: true });
    // another payment of this order got there first (two sessions completing at once): this one goes back
    if (paid.status !== 'none' && paid.paymentReference !== note.reference)
      return refund(deps, note, `order ${number} was paid already by another payment`);
    await startOrderWorkflow(deps, paid);
    await deps.runner.signal(orderWorkflowId(number), PAID_SIGNAL, { payment_reference: note.reference });
    return { received: true, outcome: 'paid' };
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    return null;
  }
};

const refundMismatch = async (deps: CommerceOperationDeps, note: Captured, state: PlacedOrder): Promise<Answer> => {
  deps.logger.error(
    {
      event_id: note.eventId,
      order_number: state.number,
      payment: note.reference,
      paid: { amount_cents: note.amountCents, currency: note.currency },
      owed: { amount_cents: state.totals.total_cents, currency: state.totals.currency },
    },
    'Stripe payment does not match the order total: the order is not paid by it',
  );
  await refund(
    deps,
    note,
    `the payment (${note.amountCents ?? 'no'} ${note.currency ?? ''}) is not order ${state.number}'s total`,
  );
  return { received: true, outcome: 'amount_mismatch' };
};

/** the payment goes back in full (idempotent per payment) */
const refund = async (deps: CommerceOperationDeps, note: Captured, why: string): Promise<Answer> => {
  const { refundId } = await deps.payments.refund({
    reference: note.reference,
    reason: why,
    idempotencyKey: `refund-${note.reference}`,
  });
  deps.logger.warn(
    { event_id: note.eventId, order_number: note.orderNumber, payment: note.reference, refund: refundId },
    `payment refunded: ${why}`,
  );
  return { received: true, outcome: 'refunded' };
};
