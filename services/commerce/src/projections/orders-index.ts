import type { RecordedEvent } from '@listings/platform/event-store';
import type { DocumentProjection } from '@listings/platform/read-models';
import type { OrderEvent } from '../domain/order/order.ts';

/** One order as the index keeps it (stored in the read-model store, collection `orders`). */
export interface OrderIndexDoc {
  readonly account: string;
  readonly createdAt: string;
  readonly status: 'pending' | 'paid' | 'fulfilled' | 'expired';
  /** the launch weeks its lines book */
  readonly weeks: readonly string[];
}

/**
 * The orders index: each account's orders (newest first on read), launches booked per week by
 * pending and paid orders, pending orders (expired when unpaid in time) and paid orders not yet
 * fulfilled (resumed at start-up). Derived from one document per order, in place.
 */
export interface OrdersIndex {
  readonly byAccount: ReadonlyMap<string, readonly { number: string; createdAt: string }[]>;
  readonly launchWeeks: ReadonlyMap<string, number>;
  readonly unfulfilled: ReadonlySet<string>;
  /** pending orders: when each was created and the launch weeks it books (freed if it expires) */
  readonly pending: ReadonlyMap<string, { readonly createdAt: string; readonly weeks: readonly string[] }>;
}

/** pure: an order's index document after one of its events */
export const evolveOrderIndexDoc = (
  doc: OrderIndexDoc | undefined,
  event: RecordedEvent,
): OrderIndexDoc | undefined => {
  const e = { type: event.type, data: event.data } as OrderEvent;
  switch (e.type) {
    case 'OrderPlaced':
      if (doc) return doc;
      return {
        account: e.data.account_id,
        createdAt: e.data.at,
        status: 'pending',
        weeks: e.data.lines.flatMap((line) => (line.launch_week ? [line.launch_week] : [])),
      };
    case 'OrderPaid':
      return doc?.status === 'pending' ? { ...doc, status: 'paid' } : doc;
    case 'OrderFulfilled':
      return doc?.status === 'paid' ? { ...doc, status: 'fulfilled' } : doc;
    case 'OrderExpired':
      return doc?.status === 'pending' ? { ...doc, status: 'expired' } : doc;
    default:
      return doc;
  }
};

const booking = (doc: OrderIndexDoc | undefined) => (doc && doc.status !== 'expired' ? doc.weeks : []);

/** the lookups over the order documents, kept in step by `put` (no copies per event) */
export const createOrdersIndex = () => {
  const byAccount = new Map<string, { number: string; createdAt: string }[]>();
  const launchWeeks = new Map<string, number>();
  const unfulfilled = new Set<string>();
  const pending = new Map<string, { createdAt: string; weeks: readonly string[] }>();
  const view: OrdersIndex = { byAccount, launchWeeks, unfulfilled, pending };
  const put = (number: string, before: OrderIndexDoc | undefined, after: OrderIndexDoc | undefined) => {
    if (!before && after) {
      const mine = byAccount.get(after.account);
      if (mine) mine.push({ number, createdAt: after.createdAt });
      else byAccount.set(after.account, [{ number, createdAt: after.createdAt }]);
    }
    for (const week of booking(before)) launchWeeks.set(week, Math.max(0, (launchWeeks.get(week) ?? 0) - 1));
    for (const week of booking(after)) launchWeeks.set(week, (launchWeeks.get(week) ?? 0) + 1);
    if (after?.status === 'paid') unfulfilled.add(number);
    else unfulfilled.delete(number);
    if (after?.status === 'pending') pending.set(number, { createdAt: after.createdAt, weeks: after.weeks });
    else pending.delete(number);
  };
  return { view, put };
};

export const ordersIndexProjection: DocumentProjection<OrderIndexDoc, OrdersIndex> = {
  collection: 'orders',
  documentOf: (event) => (event.stream.startsWith('order-') ? event.stream.slice('order-'.length) : undefined),
  evolve: evolveOrderIndexDoc,
  createView: createOrdersIndex,
};
