import type { commerceEvents, DomainEventOf } from '@listings/contracts/events';

/**
 * One account's unpaid orders: the rule "an account has at most `limit` unpaid orders at once" as an
 * aggregate of its own, stream `unpaid-orders-<account_id>`. A checkout opens its order here before
 * the order is placed (409 past the limit); paying, expiring, refusing or abandoning it closes it.
 * An open order stops counting at its own expiry even if nothing closes it (a crash between steps
 * never keeps an account blocked). Appended with the expected revision, so two replicas can't both
 * let a fourth order in. The limit and the time arrive in the command.
 */
export const unpaidOrdersStream = (accountId: string) => `unpaid-orders-${accountId}`;

export type UnpaidOrderCloseReason = Extract<UnpaidOrdersEvent, { type: 'UnpaidOrderClosed' }>['data']['reason'];

/** The account's unpaid-order events, derived from their declared schemas (packages/contracts/src/events/commerce.ts). */
export type UnpaidOrdersEvent = Extract<
  DomainEventOf<typeof commerceEvents>,
  { type: 'UnpaidOrderOpened' | 'UnpaidOrderClosed' }
>;

export interface UnpaidOrders {
  /** open orders by number, with when each stops counting */
  readonly open: ReadonlyMap<string, string>;
}

/** open orders that count at `at`: those whose order can still be paid */
export const unpaidOrdersCounting = (state: UnpaidOrders, at: string): string[] =>
  [...state.open].flatMap(([number, expiresAt]) => (at < expiresAt ? [number] : []));

export const initialUnpaidOrders: UnpaidOrders = { open: new Map() };

export const evolveUnpaidOrders = (state: UnpaidOrders, event: UnpaidOrdersEvent): UnpaidOrders => {
  const open = new Map(state.open);
  switch (event.type) {
    case 'UnpaidOrderOpened':
      open.set(event.data.order_number, event.data.expires_at);
      return { open };
    case 'UnpaidOrderClosed':
      open.delete(event.data.order_number);
      return { open };
  }
};
