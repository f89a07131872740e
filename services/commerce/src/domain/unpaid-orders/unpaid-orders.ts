import type { Decider } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';

/**
 * One account's unpaid orders: the rule "an account has at most `limit` unpaid orders at once" as an
 * aggregate of its own, stream `unpaid-orders-<account_id>`. A checkout opens its order here before
 * the order is placed (409 past the limit); paying, expiring, refusing or abandoning it closes it.
 * An open order stops counting at its own expiry even if nothing closes it (a crash between steps
 * never keeps an account blocked). Appended with the expected revision, so two replicas can't both
 * let a fourth order in. The limit and the time arrive in the command.
 */
export const unpaidOrdersStream = (accountId: string) => `unpaid-orders-${accountId}`;

export type UnpaidOrderCloseReason = 'paid' | 'expired' | 'refused' | 'abandoned';

export type UnpaidOrdersEvent =
  | {
      type: 'UnpaidOrderOpened';
      data: { account_id: string; order_number: string; expires_at: string; at: string };
    }
  | {
      type: 'UnpaidOrderClosed';
      data: { account_id: string; order_number: string; reason: UnpaidOrderCloseReason; at: string };
    };

export type UnpaidOrdersCommand =
  | {
      type: 'OpenUnpaidOrder';
      data: { account_id: string; order_number: string; limit: number; expires_at: string; at: string };
    }
  /** the order no longer counts (not open: nothing happens) */
  | {
      type: 'CloseUnpaidOrder';
      data: { account_id: string; order_number: string; reason: UnpaidOrderCloseReason; at: string };
    };

export interface UnpaidOrders {
  /** open orders by number, with when each stops counting */
  readonly open: ReadonlyMap<string, string>;
}

export class TooManyUnpaidOrdersError extends ConflictError {
  readonly limit: number;
  constructor(limit: number) {
    super(
      `this account already has ${limit} unpaid orders, the most it can have at once (UNPAID_ORDERS_PER_ACCOUNT_MAX = ${limit}): pay one of them, or wait until one expires, then check out again`,
    );
    this.limit = limit;
  }
}

/** open orders that count at `at`: those whose order can still be paid */
export const unpaidOrdersCounting = (state: UnpaidOrders, at: string): string[] =>
  [...state.open].flatMap(([number, expiresAt]) => (at < expiresAt ? [number] : []));

export const unpaidOrdersDecider: Decider<UnpaidOrdersCommand, UnpaidOrders, UnpaidOrdersEvent> = {
  initialState: { open: new Map() },
  evolve: (state, event) => {
    const open = new Map(state.open);
    switch (event.type) {
      case 'UnpaidOrderOpened':
        open.set(event.data.order_number, event.data.expires_at);
        return { open };
      case 'UnpaidOrderClosed':
        open.delete(event.data.order_number);
        return { open };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'OpenUnpaidOrder': {
        const { account_id, order_number, limit, expires_at, at } = command.data;
        const counting = unpaidOrdersCounting(state, at);
        // a retried checkout of the same order counts once
        if (counting.includes(order_number)) return [];
        if (counting.length >= limit) throw new TooManyUnpaidOrdersError(limit);
        return [{ type: 'UnpaidOrderOpened', data: { account_id, order_number, expires_at, at } }];
      }
      case 'CloseUnpaidOrder': {
        const { account_id, order_number, reason, at } = command.data;
        if (!state.open.has(order_number)) return [];
        return [{ type: 'UnpaidOrderClosed', data: { account_id, order_number, reason, at } }];
      }
      default: {
        const never: never = command;
        throw new Error(`unknown command ${JSON.stringify(never)}`);
      }
    }
  },
};
