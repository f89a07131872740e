import type { Decider } from '@listings/platform/decider';
import { ConflictError, NotFoundError } from '@listings/platform/errors';
import { evolveOrder, initialOrder, type OrderEvent, type OrderState, orderStatusAt } from './order.ts';

export type OrderCommand =
  | { type: 'PlaceOrder'; data: Extract<OrderEvent, { type: 'OrderPlaced' }>['data'] }
  | { type: 'PayOrder'; data: { payment_reference: string; at: string } }
  | { type: 'RecordLineFulfilled'; data: { line: number; at: string } }
  /** the catalog refused a paid line (nothing when it is fulfilled or refused already) */
  | { type: 'RecordLineRefused'; data: { line: number; reason: string; at: string } }
  /** records a refused line's refund (nothing when that line is refunded already) */
  | { type: 'RecordLineRefund'; data: { line: number; refund_id: string; amount_cents: number; at: string } }
  /** records that a pending order was not paid in time (nothing when it is not due or not pending) */
  | { type: 'ExpireOrder'; data: { at: string } }
  /** a pending order that cannot be paid, with why (nothing when it is no longer pending) */
  | { type: 'RefuseOrder'; data: { reason: string; at: string } }
  /** an operator's refund of a paid order, once the provider refunded it (nothing when refunded already) */
  | {
      type: 'RefundOrder';
      data: { refund_id: string; amount_cents: number; operator: string; reason: string; at: string };
    };

export const decideOrder = (command: OrderCommand, state: OrderState): OrderEvent[] => {
  switch (command.type) {
    case 'PlaceOrder':
      // the same order number again (a retried checkout) changes nothing
      if (state.status !== 'none') return [];
      return [{ type: 'OrderPlaced', data: command.data }];
    case 'PayOrder':
      if (state.status === 'none') throw new NotFoundError('no such order');
      if (orderStatusAt(state, command.data.at) === 'expired')
        throw new ConflictError('this order expired unpaid: create a new checkout');
      if (state.status === 'refused') throw new ConflictError(`this order was refused: ${state.refusedBecause}`);
      if (state.status !== 'pending') return [];
      return [
        {
          type: 'OrderPaid',
          data: { number: state.number, payment_reference: command.data.payment_reference, at: command.data.at },
        },
      ];
    case 'RecordLineFulfilled': {
      if (state.status === 'none') throw new NotFoundError('no such order');
      if (state.status === 'pending' || state.status === 'expired' || state.status === 'refused')
        throw new ConflictError('an unpaid order cannot be fulfilled');
      const { line, at } = command.data;
      if (line < 0 || line >= state.lines.length) throw new ConflictError(`order has no line ${line}`);
      if (state.fulfilled[line]) return [];
      const events: OrderEvent[] = [{ type: 'OrderLineFulfilled', data: { number: state.number, line, at } }];
      if (state.fulfilled.every((f, i) => f || i === line))
        events.push({ type: 'OrderFulfilled', data: { number: state.number, at } });
      return events;
    }
    case 'RecordLineRefused': {
      if (state.status === 'none') throw new NotFoundError('no such order');
      const { line, reason, at } = command.data;
      if (line < 0 || line >= state.lines.length) throw new ConflictError(`order has no line ${line}`);
      if (state.status !== 'paid' || state.fulfilled[line] || state.lineRefusals[line] !== null) return [];
      return [{ type: 'OrderLineRefused', data: { number: state.number, line, reason, at } }];
    }
    case 'RecordLineRefund': {
      if (state.status === 'none') throw new NotFoundError('no such order');
      const { line, refund_id, amount_cents, at } = command.data;
      if (line < 0 || line >= state.lines.length) throw new ConflictError(`order has no line ${line}`);
      if (state.lineRefusals[line] === null) throw new ConflictError(`line ${line} was not refused: no refund`);
      if (state.lineRefunds[line] !== null) return [];
      return [{ type: 'OrderLineRefunded', data: { number: state.number, line, refund_id, amount_cents, at } }];
    }
    case 'ExpireOrder':
      if (state.status !== 'pending' || command.data.at < state.expiresAt) return [];
      return [{ type: 'OrderExpired', data: { number: state.number, at: command.data.at } }];
    case 'RefuseOrder':
      if (state.status === 'none') throw new NotFoundError('no such order');
      if (state.status !== 'pending') return [];
      return [{ type: 'OrderRefused', data: { number: state.number, ...command.data } }];
    case 'RefundOrder':
      if (state.status === 'none') throw new NotFoundError('no such order');
      if (state.status === 'refunded') return [];
      assertRefundable(state);
      return [{ type: 'OrderRefunded', data: { number: state.number, ...command.data } }];
    default: {
      const never: never = command;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
};

/** only money taken can be given back: a paid or fulfilled order (409 otherwise) */
export const assertRefundable = (state: Exclude<OrderState, { status: 'none' }>) => {
  if (state.status !== 'paid' && state.status !== 'fulfilled')
    throw new ConflictError(`order ${state.number} is ${state.status}: nothing was paid, nothing to refund`);
};

/** what an operator's refund gives back: the total less the refused lines refunded already */
export const refundableCents = (state: Exclude<OrderState, { status: 'none' }>) =>
  state.totals.total_cents - state.lineRefunds.reduce((sum, refund) => sum + (refund?.amountCents ?? 0), 0);

export const orderDecider: Decider<OrderCommand, OrderState, OrderEvent> = {
  initialState: initialOrder,
  evolve: evolveOrder,
  decide: decideOrder,
};
