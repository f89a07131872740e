import type { RecordedEvent } from '@listings/platform/event-store';
import type { DocumentProjection } from '@listings/platform/read-models';
import type { OrderEvent } from '../../domain/order/order.ts';

/** One order as the index keeps it (stored in the read-model store, collection `orders`). */
export interface OrderIndexDoc {
  readonly account: string;
  readonly createdAt: string;
  readonly status: 'pending' | 'paid' | 'fulfilled' | 'expired' | 'refused' | 'refunded';
  /** an operator's refund (refund_order): for the operators' audit */
  readonly refund?: OrderRefund;
}

export interface OrderRefund {
  readonly operator: string;
  readonly reason: string;
  readonly amount_cents: number;
  readonly at: string;
}

/**
 * The orders index: each account's orders (newest first on read), pending orders (their workflows
 * resume at start-up) and paid orders not yet fulfilled (resumed too). Derived from one document
 * per order, in place. It decides nothing: week capacity and one launch per listing are held by
 * their own streams (`launch-rules.ts`).
 */
export interface OrdersIndex {
  readonly byAccount: ReadonlyMap<string, readonly { number: string; createdAt: string }[]>;
  readonly unfulfilled: ReadonlySet<string>;
  /** pending orders, with when each was created */
  readonly pending: ReadonlyMap<string, { readonly createdAt: string }>;
  /** refunded orders: the operator's refund */
  readonly refunds: ReadonlyMap<string, OrderRefund>;
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
      };
    case 'OrderPaid':
      return doc?.status === 'pending' ? { ...doc, status: 'paid' } : doc;
    case 'OrderFulfilled':
      return doc?.status === 'paid' ? { ...doc, status: 'fulfilled' } : doc;
    case 'OrderExpired':
      return doc?.status === 'pending' ? { ...doc, status: 'expired' } : doc;
    case 'OrderRefused':
      return doc?.status === 'pending' ? { ...doc, status: 'refused' } : doc;
    case 'OrderRefunded': {
      const { operator, reason, amount_cents, at } = e.data;
      return doc && { ...doc, status: 'refunded', refund: { operator, reason, amount_cents, at } };
    }
    default:
      return doc;
  }
};

/** the lookups over the order documents, kept in step by `put` (no copies per event) */
export const createOrdersIndex = () => {
  const byAccount = new Map<string, { number: string; createdAt: string }[]>();
  const unfulfilled = new Set<string>();
  const pending = new Map<string, { createdAt: string }>();
  const refunds = new Map<string, OrderRefund>();
  const view: OrdersIndex = { byAccount, unfulfilled, pending, refunds };
  const put = (number: string, before: OrderIndexDoc | undefined, after: OrderIndexDoc | undefined) => {
    if (!before && after) {
      const mine = byAccount.get(after.account);
      if (mine) mine.push({ number, createdAt: after.createdAt });
      else byAccount.set(after.account, [{ number, createdAt: after.createdAt }]);
    }
    if (after?.status === 'paid') unfulfilled.add(number);
    else unfulfilled.delete(number);
    if (after?.status === 'pending') pending.set(number, { createdAt: after.createdAt });
    else pending.delete(number);
    if (after?.refund) refunds.set(number, after.refund);
  };
  return { view, put };
};

export const ordersIndexProjection: DocumentProjection<OrderIndexDoc, OrdersIndex> = {
  collection: 'orders',
  documentOf: (event) => (event.stream.startsWith('order-') ? event.stream.slice('order-'.length) : undefined),
  evolve: evolveOrderIndexDoc,
  createView: createOrdersIndex,
};
