import type { Clock } from '@listings/platform/clock';
import { foldStream, handleCommand } from '@listings/platform/decider';
import type { EventStore } from '@listings/platform/event-store';
import { NonRetryableActivityError } from '@listings/platform/workflows';
import type { PaymentProvider } from '../adapters/payment-provider.ts';
import { WeekFullError } from '../domain/launch-week/decide.ts';
import { LaunchTakenError } from '../domain/listing-launch/decide.ts';
import { type OrderCommand, orderDecider } from '../domain/order/decide.ts';
import { type OrderState, orderStream } from '../domain/order/order.ts';
import { shopDecider } from '../domain/shop/decide.ts';
import { SHOP_STREAM } from '../domain/shop/shop.ts';
import type { LaunchRules } from './launch-rules.ts';

export interface OrderLifecycleDeps {
  readonly store: EventStore;
  readonly rules: LaunchRules;
  readonly clock: Clock;
  /** resolves once the orders index has folded the event at `position` */
  readonly indexCaughtUp: (position: number) => Promise<void>;
  /** resolves when the orders index folds a new event, or after `timeoutMs` */
  readonly indexChanged: (timeoutMs: number) => Promise<void>;
  /** how long one run of the fulfilment step waits for the catalog's word before it is retried */
  readonly fulfilWaitMs: number;
  /** refunds a line the catalog refused (the local provider charged nothing: nothing to refund) */
  readonly payments?: PaymentProvider;
}

/** a line's price with its share of the VAT, in cents (never more than the order's total) */
export const lineRefundCents = (unitPriceCents: number, totals: { vat_rate: number; total_cents: number }) =>
  Math.min(totals.total_cents, Math.round(unitPriceCents * (1 + totals.vat_rate)));

/** the catalog has not said yet that it carried out every line: the fulfilment step is tried again */
export class FulfilmentPendingError extends Error {
  constructor(number: string) {
    super(`the catalog has not confirmed every line of order ${number} yet`);
    this.name = 'FulfilmentPendingError';
  }
}

/** what a refused order says, on the checkout page and in get_order */
export const refusalReason = (error: LaunchTakenError | WeekFullError, captured = false): string => {
  const outcome = captured
    ? 'This order was refused after the payment arrived: the payment is refunded in full.'
    : 'This order was refused before payment: nothing was charged.';
  return error instanceof LaunchTakenError
    ? `Listing ${error.listingId} already has a paid launch, bought in another order. ${outcome}`
    : `The week of ${error.week} has no paid launch slot left. ${outcome}`;
};

/**
 * An order's stream and what happens to it after checkout: loading it, running its commands,
 * paying it (after the launch rules say yes), expiring it when it was not paid in time, fulfilling
 * its lines once paid. The operations and the payment workflow's activities both work through
 * these; each step is safe to run again.
 */
export const createOrderLifecycle = (deps: OrderLifecycleDeps) => {
  const at = () => deps.clock.now().toISOString();
  const { rules } = deps;

  const load = async (number: string): Promise<OrderState> =>
    (await foldStream(deps.store, orderStream(number), orderDecider)).state;
  const runOrder = (number: string, command: OrderCommand, by: string) =>
    handleCommand({ store: deps.store, stream: orderStream(number), decider: orderDecider, command, metadata: { by } });
  const weeklyCapacity = async () =>
    (await foldStream(deps.store, SHOP_STREAM, shopDecider)).state.weeklyLaunchCapacity;

  /**
   * An order that ended unpaid gives back its week slots and any listing launch it took, and stops
   * counting against its account's unpaid orders; a paid one stops counting too (again: nothing).
   */
  const releaseIfUnpaid = async (state: OrderState) => {
    if (state.status === 'expired' || state.status === 'refused') {
      await rules.releaseAll(state.number, state.lines, state.status, at());
      await rules.closeUnpaidOrder(state.accountId, state.number, state.status, at());
    } else if (state.status === 'paid' || state.status === 'fulfilled')
      await rules.closeUnpaidOrder(state.accountId, state.number, 'paid', at());
  };

  /**
   * The launch rules for a pending order about to be paid: it takes each listing's launch and
   * confirms its week slots (again: nothing), or, when a rule says no, is recorded `refused` with
   * why (`captured`: the money had arrived already and is refunded) and gives back what it took.
   * Any other status: nothing happens. Answers the order after that.
   */
  const applyLaunchRules = async (number: string, options: { captured?: boolean } = {}): Promise<OrderState> => {
    const state = await load(number);
    if (state.status !== 'pending') return state;
    const now = at();
    try {
      await rules.holdListingLaunches(number, state.accountId, state.lines, now, { checkCatalog: true });
      await rules.confirmWeeks(number, state.lines, await weeklyCapacity(), now);
      return state;
    } catch (error) {
      if (!(error instanceof LaunchTakenError || error instanceof WeekFullError)) throw error;
      const refused = await runOrder(
        number,
        { type: 'RefuseOrder', data: { reason: refusalReason(error, options.captured), at: now } },
        'checkout',
      );
      await releaseIfUnpaid(refused.state);
      return refused.state;
    }
  };

  /**
   * The payment's capture (the local provider's at once, Stripe's on its verified webhook), guarded by the launch rules: the order first takes each
   * listing's launch and confirms its week slots, and only then is it recorded paid. When a rule
   * says no, the order is recorded `refused` with why and gives back what it took; paying it then
   * answers 409 with that reason (as does paying an expired one). Paid already: nothing changes.
   */
  const pay = async (
    number: string,
    paymentReference: string,
    options: { captured?: boolean } = {},
  ): Promise<OrderState> => {
    await applyLaunchRules(number, options);
    try {
      const { state } = await runOrder(
        number,
        { type: 'PayOrder', data: { payment_reference: paymentReference, at: at() } },
        'checkout',
      );
      // paid: it no longer counts against the account's unpaid orders
      await releaseIfUnpaid(state);
      return state;
    } catch (error) {
      // not paid (refused, or expired meanwhile): what this payment took is given back
      await releaseIfUnpaid(await load(number));
      throw error;
    }
  };

  /**
   * The catalog learns of a paid order from commerce's `events.commerce.order_paid` (published from
   * this log) and answers with its own events, which record each line here
   * (`recordCatalogOutcome`); the last line makes the order `fulfilled`. This step only makes sure
   * a launch line's listing launch is this order's (an order paid before the one-launch rule takes
   * it now; another order's: it needs a refund, and retrying does not help), then waits up to
   * `fulfilWaitMs` for the catalog's word. Not there yet: it throws, so the workflow tries again. A
   * line the catalog refused ends it (the order stays `paid` and says it needs a refund).
   */
  const fulfil = async (number: string): Promise<OrderState> => {
    let state = await load(number);
    if (state.status !== 'paid') return state;
    for (const [i, line] of state.lines.entries()) {
      // a line the catalog refused gave its launch back: taking it again would keep it from its owner
      if (line.kind !== 'launch' || state.fulfilled[i] || state.lineRefusals[i] != null) continue;
      try {
        await rules.holdListingLaunches(number, state.accountId, [line], at(), { checkCatalog: false });
      } catch (error) {
        if (!(error instanceof LaunchTakenError)) throw error;
        throw new NonRetryableActivityError(
          `order ${number} was paid before the one-launch-per-listing rule, but listing ${line.listing_id}'s launch is another order's: it needs a refund`,
        );
      }
    }
    const deadline = performance.now() + deps.fulfilWaitMs;
    for (;;) {
      state = await load(number);
      if (state.status !== 'paid') return state;
      const refused = state.lineRefusals.findIndex((reason) => reason !== null);
      if (refused >= 0)
        throw new NonRetryableActivityError(
          `order ${number} line ${refused}: the catalog could not carry it out (${state.lineRefusals[refused]}); it needs a refund`,
        );
      const left = deadline - performance.now();
      if (left <= 0) throw new FulfilmentPendingError(number);
      // the index folds every new event; a replica that appended it elsewhere is seen by polling
      await deps.indexChanged(Math.min(left, 250));
    }
  };

  /**
   * The catalog carried out what an order bought for one listing (`kind`): every line of that kind
   * for that listing is recorded fulfilled (again: nothing). An unknown or unpaid order is not
   * this service's to fulfil: false, and nothing is recorded.
   */
  const recordCatalogOutcome = async (
    number: string,
    kind: 'launch' | 'billboard',
    listingId: number,
  ): Promise<boolean> => {
    const state = await load(number);
    if (state.status !== 'paid' && state.status !== 'fulfilled') return false;
    for (const [i, line] of state.lines.entries())
      if (line.kind === kind && line.listing_id === listingId && !state.fulfilled[i])
        await runOrder(number, { type: 'RecordLineFulfilled', data: { line: i, at: at() } }, 'catalog');
    return true;
  };

  /**
   * The catalog could not carry out the launch an order bought for one listing: the order gives
   * the listing's launch back (the listing did not get it), that line is recorded refused with why
   * (again: nothing), and the order shows it needs a refund. False for an order that is not paid here.
   */
  const recordCatalogRefusal = async (number: string, listingId: number, reason: string): Promise<boolean> => {
    const state = await load(number);
    if (state.status !== 'paid' && state.status !== 'fulfilled') return false;
    // given back before the refusal shows, so whoever reads the refusal can buy the launch
    await rules.releaseRefusedLaunch(number, listingId, at());
    for (const [i, line] of state.lines.entries())
      if (line.kind === 'launch' && line.listing_id === listingId)
        await runOrder(number, { type: 'RecordLineRefused', data: { line: i, reason, at: at() } }, 'catalog');
    // and again: a fulfilment attempt that read the order before the refusal may have taken it
    // back meanwhile (from here on it skips the refused line)
    await rules.releaseRefusedLaunch(number, listingId, at());
    await refundRefusedLines(number);
    return true;
  };

  /**
   * With a provider that took money (Stripe), each refused line not refunded yet is refunded (its
   * price with its VAT share; the provider's idempotency key is per payment and line, so a retry
   * refunds nothing more) and `OrderLineRefunded` recorded. A failed refund throws: the catalog's
   * event is delivered again and the refund retried.
   */
  const refundRefusedLines = async (number: string): Promise<void> => {
    const payments = deps.payments;
    if (!payments || payments.name === 'local') return;
    const state = await load(number);
    if (state.status === 'none' || !state.paymentReference) return;
    for (const [i, line] of state.lines.entries()) {
      const reason = state.lineRefusals[i];
      if (reason === null || reason === undefined || state.lineRefunds[i] !== null) continue;
      const amountCents = lineRefundCents(line.unit_price_cents, state.totals);
      const { refundId } = await payments.refund({
        reference: state.paymentReference,
        amountCents,
        reason: `order ${number} line ${i + 1}: ${reason}`,
        idempotencyKey: `refund-${state.paymentReference}-line-${i}`,
      });
      await runOrder(
        number,
        { type: 'RecordLineRefund', data: { line: i, refund_id: refundId, amount_cents: amountCents, at: at() } },
        'commerce',
      );
    }
  };

  /**
   * Records the expiry of a pending order whose time is up (its week slots and launches are given
   * back); answers the order's status after that and, while it is still pending, how long it can
   * still be paid.
   */
  const expireIfDue = async (number: string): Promise<{ status: OrderState['status']; remainingMs: number }> => {
    const now = at();
    const { state, position } = await runOrder(number, { type: 'ExpireOrder', data: { at: now } }, 'commerce');
    if (position > 0) await deps.indexCaughtUp(position);
    await releaseIfUnpaid(state);
    if (state.status !== 'pending') return { status: state.status, remainingMs: 0 };
    return { status: 'pending', remainingMs: Math.max(0, Date.parse(state.expiresAt) - Date.parse(now)) };
  };

  return {
    at,
    load,
    runOrder,
    applyLaunchRules,
    pay,
    fulfil,
    recordCatalogOutcome,
    recordCatalogRefusal,
    expireIfDue,
    weeklyCapacity,
  };
};
export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
