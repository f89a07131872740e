import type { Decider } from '@listings/platform/decider';
import { ConflictError, NotFoundError } from '@listings/platform/errors';

export interface OrderLineData {
  readonly product: string;
  readonly kind: 'launch' | 'billboard';
  readonly listing_id?: number;
  readonly launch_week?: string;
  /** a launch's chosen extra categories (the catalog shows them after the primary one) */
  readonly extra_categories?: readonly string[];
  readonly amount_cents?: number;
  readonly unit_price_cents: number;
}
export interface OrderTotals {
  readonly subtotal_cents: number;
  readonly vat_cents: number;
  readonly total_cents: number;
  readonly vat_rate: number;
  readonly reverse_charge: boolean;
  readonly currency: 'USD';
}

export type OrderEvent =
  | {
      type: 'OrderPlaced';
      data: {
        number: string;
        account_id: string;
        lines: OrderLineData[];
        totals: OrderTotals;
        billing_country: string | null;
        vat_number: string | null;
        at: string;
        /** until when it can be paid and holds its week slots: `at` plus the shop's order hold then (v1 orders: 24 h, lifted on read) */
        expires_at: string;
      };
    }
  | { type: 'OrderPaid'; data: { number: string; payment_reference: string; at: string } }
  | { type: 'OrderLineFulfilled'; data: { number: string; line: number; at: string } }
  /** the catalog could not carry out a paid line (`reason` says why): the order needs a refund */
  | { type: 'OrderLineRefused'; data: { number: string; line: number; reason: string; at: string } }
  /** a refused line's price (VAT included) was refunded through the payment provider */
  | {
      type: 'OrderLineRefunded';
      data: { number: string; line: number; refund_id: string; amount_cents: number; at: string };
    }
  | { type: 'OrderFulfilled'; data: { number: string; at: string } }
  | { type: 'OrderExpired'; data: { number: string; at: string } }
  /** refused at payment, before anything was charged (e.g. the listing's launch is held by another order) */
  | { type: 'OrderRefused'; data: { number: string; reason: string; at: string } };

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
  | { type: 'RefuseOrder'; data: { reason: string; at: string } };

export type OrderState =
  | { status: 'none' }
  | {
      status: 'pending' | 'paid' | 'fulfilled' | 'expired' | 'refused';
      number: string;
      accountId: string;
      lines: OrderLineData[];
      fulfilled: boolean[];
      /** per line: why the catalog could not carry it out (null: not refused) */
      lineRefusals: (string | null)[];
      /** per refused line: its refund (null: none yet) */
      lineRefunds: ({ refundId: string; amountCents: number } | null)[];
      totals: OrderTotals;
      billingCountry: string | null;
      vatNumber: string | null;
      createdAt: string;
      /** until when it can be paid while pending */
      expiresAt: string;
      paidAt: string | null;
      /** the provider's reference of the payment that paid it (Stripe: the payment intent) */
      paymentReference: string | null;
      /** why a refused order was refused */
      refusedBecause: string | null;
    };

export const orderStream = (number: string) => `order-${number}`;

/** until when an order placed at `createdAt` can be paid, with the shop's order hold (minutes) */
export const orderExpiresAt = (createdAt: string, holdMinutes: number): string =>
  new Date(Date.parse(createdAt) + holdMinutes * 60_000).toISOString();

/** the status at `at`: a pending order past its time is expired even before that is recorded */
export const orderStatusAt = (state: Exclude<OrderState, { status: 'none' }>, at: string) =>
  state.status === 'pending' && at >= state.expiresAt ? 'expired' : state.status;

export const orderDecider: Decider<OrderCommand, OrderState, OrderEvent> = {
  initialState: { status: 'none' },
  evolve: (state, event) => {
    switch (event.type) {
      case 'OrderPlaced':
        return {
          status: 'pending',
          number: event.data.number,
          accountId: event.data.account_id,
          lines: event.data.lines,
          fulfilled: event.data.lines.map(() => false),
          lineRefusals: event.data.lines.map(() => null),
          lineRefunds: event.data.lines.map(() => null),
          totals: event.data.totals,
          billingCountry: event.data.billing_country,
          vatNumber: event.data.vat_number,
          createdAt: event.data.at,
          expiresAt: event.data.expires_at,
          paidAt: null,
          paymentReference: null,
          refusedBecause: null,
        };
      case 'OrderPaid':
        return state.status === 'none'
          ? state
          : { ...state, status: 'paid', paidAt: event.data.at, paymentReference: event.data.payment_reference };
      case 'OrderLineFulfilled':
        return state.status === 'none'
          ? state
          : { ...state, fulfilled: state.fulfilled.map((f, i) => f || i === event.data.line) };
      case 'OrderLineRefused':
        return state.status === 'none'
          ? state
          : {
              ...state,
              lineRefusals: state.lineRefusals.map((r, i) => (i === event.data.line ? event.data.reason : r)),
            };
      case 'OrderLineRefunded':
        return state.status === 'none'
          ? state
          : {
              ...state,
              lineRefunds: state.lineRefunds.map((r, i) =>
                i === event.data.line ? { refundId: event.data.refund_id, amountCents: event.data.amount_cents } : r,
              ),
            };
      case 'OrderFulfilled':
        return state.status === 'none' ? state : { ...state, status: 'fulfilled' };
      case 'OrderExpired':
        return state.status === 'none' ? state : { ...state, status: 'expired' };
      case 'OrderRefused':
        return state.status === 'none' ? state : { ...state, status: 'refused', refusedBecause: event.data.reason };
    }
  },
  decide: (command, state) => {
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
      default: {
        const never: never = command;
        throw new Error(`unknown command ${JSON.stringify(never)}`);
      }
    }
  },
};
