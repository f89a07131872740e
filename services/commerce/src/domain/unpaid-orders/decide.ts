import type { Decider } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';
import {
  evolveUnpaidOrders,
  initialUnpaidOrders,
  type UnpaidOrderCloseReason,
  type UnpaidOrders,
  type UnpaidOrdersEvent,
  unpaidOrdersCounting,
} from './unpaid-orders.ts';

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

export class TooManyUnpaidOrdersError extends ConflictError {
  readonly limit: number;
  constructor(limit: number) {
    super(
      `this account already has ${limit} unpaid orders, the most it can have at once (UNPAID_ORDERS_PER_ACCOUNT_MAX = ${limit}): pay one of them, or wait until one expires, then check out again`,
    );
    this.limit = limit;
  }
}

export const decideUnpaidOrders = (command: UnpaidOrdersCommand, state: UnpaidOrders): UnpaidOrdersEvent[] => {
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
};

export const unpaidOrdersDecider: Decider<UnpaidOrdersCommand, UnpaidOrders, UnpaidOrdersEvent> = {
  initialState: initialUnpaidOrders,
  evolve: evolveUnpaidOrders,
  decide: decideUnpaidOrders,
};
