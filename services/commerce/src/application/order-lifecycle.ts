import type { Clock } from '@listings/platform/clock';
import { foldStream, handleCommand } from '@listings/platform/decider';
import type { EventStore } from '@listings/platform/event-store';
import { NonRetryableActivityError } from '@listings/platform/workflows';
import type { CatalogClient } from '../adapters/catalog-client.ts';
import { WeekFullError } from '../domain/launch-week/launch-week.ts';
import { LaunchTakenError } from '../domain/listing-launch/listing-launch.ts';
import { type OrderCommand, type OrderState, orderDecider, orderStream } from '../domain/order/order.ts';
import { SHOP_STREAM, shopDecider } from '../domain/shop/shop.ts';
import { catalogShowsPaidLaunch, type LaunchRules } from './launch-rules.ts';

export interface OrderLifecycleDeps {
  readonly store: EventStore;
  readonly catalog: CatalogClient;
  readonly rules: LaunchRules;
  readonly clock: Clock;
  /** resolves once the orders index has folded the event at `position` */
  readonly indexCaughtUp: (position: number) => Promise<void>;
}

/** what a refused order says, on the checkout page and in get_order */
export const refusalReason = (error: LaunchTakenError | WeekFullError): string =>
  error instanceof LaunchTakenError
    ? `Listing ${error.listingId} already has a paid launch, bought in another order. This order was refused before payment: nothing was charged.`
    : `The week of ${error.week} has no paid launch slot left. This order was refused before payment: nothing was charged.`;

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

  /** an order that ended unpaid gives back its week slots and any listing launch it took (again: nothing) */
  const releaseIfUnpaid = async (state: OrderState) => {
    if (state.status === 'expired' || state.status === 'refused')
      await rules.releaseAll(state.number, state.lines, state.status, at());
  };

  /**
   * The local provider's capture, guarded by the launch rules: the order first takes each
   * listing's launch and confirms its week slots, and only then is it recorded paid. When a rule
   * says no, the order is recorded `refused` with why and gives back what it took; paying it then
   * answers 409 with that reason (as does paying an expired one). Paid already: nothing changes.
   */
  const pay = async (number: string, paymentReference: string): Promise<OrderState> => {
    const state = await load(number);
    if (state.status === 'pending') {
      const now = at();
      try {
        await rules.holdListingLaunches(number, state.accountId, state.lines, now, { checkCatalog: true });
        await rules.confirmWeeks(number, state.lines, await weeklyCapacity(), now);
      } catch (error) {
        if (!(error instanceof LaunchTakenError || error instanceof WeekFullError)) throw error;
        const refused = await runOrder(
          number,
          { type: 'RefuseOrder', data: { reason: refusalReason(error), at: now } },
          'checkout',
        );
        await releaseIfUnpaid(refused.state);
      }
    }
    try {
      return (
        await runOrder(
          number,
          { type: 'PayOrder', data: { payment_reference: paymentReference, at: at() } },
          'checkout',
        )
      ).state;
    } catch (error) {
      // not paid (refused, or expired meanwhile): what this payment took is given back
      await releaseIfUnpaid(await load(number));
      throw error;
    }
  };

  /** Tells the catalog what each paid line bought, then records it; safe to run again. */
  const fulfil = async (number: string): Promise<OrderState> => {
    let state = await load(number);
    if (state.status !== 'paid') return state;
    for (const [i, line] of state.lines.entries()) {
      if (state.status === 'none' || state.fulfilled[i]) continue;
      const id = line.listing_id as number;
      if (line.kind === 'launch') {
        // the launch is this order's: taken at payment (an order paid before the rule takes it now)
        try {
          await rules.holdListingLaunches(number, state.accountId, [line], at(), { checkCatalog: false });
        } catch (error) {
          if (!(error instanceof LaunchTakenError)) throw error;
          throw new NonRetryableActivityError(
            `order ${number} was paid before the one-launch-per-listing rule, but listing ${id}'s launch is another order's: it needs a refund`,
          );
        }
        // published already by an earlier run of this step (it is this order's launch): not again
        const facts = await deps.catalog.describeListing(id, state.accountId);
        if (!catalogShowsPaidLaunch(facts))
          await deps.catalog.publishPaid(id, line.launch_week ?? null, line.extra_categories);
      } else {
        await deps.catalog.contributeToBillboard(id, state.number, line.amount_cents as number);
      }
      state = (await runOrder(number, { type: 'RecordLineFulfilled', data: { line: i, at: at() } }, 'commerce')).state;
    }
    return state;
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

  return { at, load, runOrder, pay, fulfil, expireIfDue, weeklyCapacity };
};
export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;

/** the payment workflow's activities: plain functions of the lifecycle (a Temporal worker runs them too) */
export const createCommerceActivities = (lifecycle: OrderLifecycle) => ({
  expireIfDue: (input: { number: string }) => lifecycle.expireIfDue(input.number),
  fulfilOrder: async (input: { number: string }): Promise<void> => void (await lifecycle.fulfil(input.number)),
});
export type CommerceActivities = ReturnType<typeof createCommerceActivities>;
