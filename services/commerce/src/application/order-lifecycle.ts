import type { Clock } from '@listings/platform/clock';
import { foldStream, handleCommand } from '@listings/platform/decider';
import type { EventStore } from '@listings/platform/event-store';
import type { CatalogClient } from '../adapters/catalog-client.ts';
import { type OrderCommand, type OrderState, orderDecider, orderStream } from '../domain/order/order.ts';

export interface OrderLifecycleDeps {
  readonly store: EventStore;
  readonly catalog: CatalogClient;
  readonly clock: Clock;
  /** resolves once the orders index has folded the event at `position` */
  readonly indexCaughtUp: (position: number) => Promise<void>;
}

/**
 * An order's stream and what happens to it after checkout: loading it, running its commands,
 * expiring it when it was not paid in time, fulfilling its lines once paid. The operations and the
 * payment workflow's activities both work through these; each step is safe to run again.
 */
export const createOrderLifecycle = (deps: OrderLifecycleDeps) => {
  const at = () => deps.clock.now().toISOString();

  const load = async (number: string): Promise<OrderState> =>
    (await foldStream(deps.store, orderStream(number), orderDecider)).state;
  const runOrder = (number: string, command: OrderCommand, by: string) =>
    handleCommand({ store: deps.store, stream: orderStream(number), decider: orderDecider, command, metadata: { by } });

  /** Tells the catalog what each paid line bought, then records it; safe to run again. */
  const fulfil = async (number: string): Promise<OrderState> => {
    let state = await load(number);
    if (state.status !== 'paid') return state;
    for (const [i, line] of state.lines.entries()) {
      if (state.status === 'none' || state.fulfilled[i]) continue;
      const id = line.listing_id as number;
      if (line.kind === 'launch') {
        const facts = await deps.catalog.describeListing(id, state.accountId);
        const done = facts?.plan === 'paid' && (facts.status === 'live' || facts.status === 'scheduled');
        if (!done) await deps.catalog.publishPaid(id, line.launch_week ?? null, line.extra_categories);
      } else {
        await deps.catalog.contributeToBillboard(id, state.number, line.amount_cents as number);
      }
      state = (await runOrder(number, { type: 'RecordLineFulfilled', data: { line: i, at: at() } }, 'commerce')).state;
    }
    return state;
  };

  /**
   * Records the expiry of a pending order whose time is up; answers the order's status after that
   * and, while it is still pending, how long it can still be paid.
   */
  const expireIfDue = async (number: string): Promise<{ status: OrderState['status']; remainingMs: number }> => {
    const now = at();
    const { state, position } = await runOrder(number, { type: 'ExpireOrder', data: { at: now } }, 'commerce');
    // once this answers, the index no longer counts the order's launch weeks
    if (position > 0) await deps.indexCaughtUp(position);
    if (state.status !== 'pending') return { status: state.status, remainingMs: 0 };
    return { status: 'pending', remainingMs: Math.max(0, Date.parse(state.expiresAt) - Date.parse(now)) };
  };

  return { at, load, runOrder, fulfil, expireIfDue };
};
export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;

/** the payment workflow's activities: plain functions of the lifecycle (a Temporal worker runs them too) */
export const createCommerceActivities = (lifecycle: OrderLifecycle) => ({
  expireIfDue: (input: { number: string }) => lifecycle.expireIfDue(input.number),
  fulfilOrder: async (input: { number: string }): Promise<void> => void (await lifecycle.fulfil(input.number)),
});
export type CommerceActivities = ReturnType<typeof createCommerceActivities>;
