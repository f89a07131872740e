import type { RecordedEvent } from '@listings/platform/event-store';
import type { OrderEvent } from '../domain/order/order.ts';

/**
 * The orders index, pure: each account's orders (newest first on read), paid launches booked per
 * week, and paid orders not yet fulfilled (resumed at start-up). Guarded by position, so a replay
 * or a duplicate delivery changes nothing.
 */
export interface OrdersIndex {
  readonly position: number;
  readonly byAccount: ReadonlyMap<string, readonly { number: string; createdAt: string }[]>;
  readonly launchWeeks: ReadonlyMap<string, number>;
  readonly unfulfilled: ReadonlySet<string>;
}

export const initialOrdersIndex: OrdersIndex = {
  position: 0,
  byAccount: new Map(),
  launchWeeks: new Map(),
  unfulfilled: new Set(),
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
      for (const line of e.data.lines)
        if (line.launch_week) launchWeeks.set(line.launch_week, (launchWeeks.get(line.launch_week) ?? 0) + 1);
      return { ...next, byAccount, launchWeeks };
    }
    case 'OrderPaid':
      return { ...next, unfulfilled: new Set(index.unfulfilled).add(e.data.number) };
    case 'OrderFulfilled': {
      const unfulfilled = new Set(index.unfulfilled);
      unfulfilled.delete(e.data.number);
      return { ...next, unfulfilled };
    }
    default:
      return next;
  }
};
