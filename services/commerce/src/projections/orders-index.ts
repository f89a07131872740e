import type { RecordedEvent } from '@listings/platform/event-store';
import type { OrderEvent } from '../domain/order/order.ts';

/**
 * The orders index, pure: each account's orders (newest first on read), launches booked per week
 * by pending and paid orders, pending orders (expired when unpaid in time) and paid orders not yet
 * fulfilled (resumed at start-up). Guarded by position, so a replay
 * or a duplicate delivery changes nothing.
 */
export interface OrdersIndex {
  readonly position: number;
  readonly byAccount: ReadonlyMap<string, readonly { number: string; createdAt: string }[]>;
  readonly launchWeeks: ReadonlyMap<string, number>;
  readonly unfulfilled: ReadonlySet<string>;
  /** pending orders: when each was created and the launch weeks it books (freed if it expires) */
  readonly pending: ReadonlyMap<string, { readonly createdAt: string; readonly weeks: readonly string[] }>;
}

export const initialOrdersIndex: OrdersIndex = {
  position: 0,
  byAccount: new Map(),
  launchWeeks: new Map(),
  unfulfilled: new Set(),
  pending: new Map(),
};

const withoutPending = (index: OrdersIndex, number: string) => {
  const pending = new Map(index.pending);
  pending.delete(number);
  return pending;
};

export const evolveOrdersIndex = (index: OrdersIndex, event: RecordedEvent): OrdersIndex => {
  if (event.position <= index.position) return index;
  const next = { ...index, position: event.position };
  const e = { type: event.type, data: event.data } as OrderEvent;
  switch (e.type) {
    case 'OrderPlaced': {
      const byAccount = new Map(index.byAccount);
      byAccount.set(e.data.account_id, [
        ...(byAccount.get(e.data.account_id) ?? []),
        { number: e.data.number, createdAt: e.data.at },
      ]);
      const launchWeeks = new Map(index.launchWeeks);
      const weeks = e.data.lines.flatMap((line) => (line.launch_week ? [line.launch_week] : []));
      for (const week of weeks) launchWeeks.set(week, (launchWeeks.get(week) ?? 0) + 1);
      const pending = new Map(index.pending).set(e.data.number, { createdAt: e.data.at, weeks });
      return { ...next, byAccount, launchWeeks, pending };
    }
    case 'OrderPaid':
      return {
        ...next,
        unfulfilled: new Set(index.unfulfilled).add(e.data.number),
        pending: withoutPending(index, e.data.number),
      };
    case 'OrderExpired': {
      const launchWeeks = new Map(index.launchWeeks);
      for (const week of index.pending.get(e.data.number)?.weeks ?? [])
        launchWeeks.set(week, Math.max(0, (launchWeeks.get(week) ?? 0) - 1));
      return { ...next, launchWeeks, pending: withoutPending(index, e.data.number) };
    }
    case 'OrderFulfilled': {
      const unfulfilled = new Set(index.unfulfilled);
      unfulfilled.delete(e.data.number);
      return { ...next, unfulfilled };
    }
    default:
      return next;
  }
};
