import type { RecordedEvent } from '@listings/platform/event-store';
import type { OrderEvent } from '../domain/order/order.ts';

/**
 * The orders index, pure: each account's orders (newest first on read), pending orders (their
 * workflows resume at start-up) and paid orders not yet fulfilled (resumed too). Guarded by
 * position, so a replay or a duplicate delivery changes nothing. It decides nothing: week capacity
 * and one launch per listing are held by their own streams (`launch-rules.ts`).
 */
export interface OrdersIndex {
  readonly position: number;
  readonly byAccount: ReadonlyMap<string, readonly { number: string; createdAt: string }[]>;
  readonly unfulfilled: ReadonlySet<string>;
  /** pending orders, with when each was created */
  readonly pending: ReadonlyMap<string, { readonly createdAt: string }>;
}

export const initialOrdersIndex: OrdersIndex = {
  position: 0,
  byAccount: new Map(),
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
      const pending = new Map(index.pending).set(e.data.number, { createdAt: e.data.at });
      return { ...next, byAccount, pending };
    }
    case 'OrderPaid':
      return {
        ...next,
        unfulfilled: new Set(index.unfulfilled).add(e.data.number),
        pending: withoutPending(index, e.data.number),
      };
    case 'OrderExpired':
    case 'OrderRefused':
      return { ...next, pending: withoutPending(index, e.data.number) };
    case 'OrderFulfilled': {
      const unfulfilled = new Set(index.unfulfilled);
      unfulfilled.delete(e.data.number);
      return { ...next, unfulfilled };
    }
    default:
      return next;
  }
};
