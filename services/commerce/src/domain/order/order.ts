import type { commerceEvents, DomainEventOf } from '@listings/contracts/events';

/** The order's events, derived from their declared schemas (packages/contracts/src/events/commerce.ts). */
export type OrderEvent = Extract<
  DomainEventOf<typeof commerceEvents>,
  {
    type:
      | 'OrderPlaced'
      | 'OrderPaid'
      | 'OrderLineFulfilled'
      | 'OrderLineRefused'
      | 'OrderLineRefunded'
      | 'OrderFulfilled'
      | 'OrderExpired'
      | 'OrderRefused'
      | 'OrderRefunded';
  }
>;

type OrderPlaced = Extract<OrderEvent, { type: 'OrderPlaced' }>;
/** one line of an order, as OrderPlaced records it (a launch's extra categories show after its primary one) */
export type OrderLineData = OrderPlaced['data']['lines'][number];
export type OrderTotals = OrderPlaced['data']['totals'];

export type OrderState =
  | { status: 'none' }
  | {
      status: 'pending' | 'paid' | 'fulfilled' | 'expired' | 'refused' | 'refunded';
      number: string;
      accountId: string;
      lines: readonly OrderLineData[];
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
      /** an operator's refund of the order: why, and what it gave back (null: none) */
      refund: { readonly reason: string; readonly amountCents: number; readonly at: string } | null;
    };

export const orderStream = (number: string) => `order-${number}`;

/** until when an order placed at `createdAt` can be paid, with the shop's order hold (minutes) */
export const orderExpiresAt = (createdAt: string, holdMinutes: number): string =>
  new Date(Date.parse(createdAt) + holdMinutes * 60_000).toISOString();

/** the status at `at`: a pending order past its time is expired even before that is recorded */
export const orderStatusAt = (state: Exclude<OrderState, { status: 'none' }>, at: string) =>
  state.status === 'pending' && at >= state.expiresAt ? 'expired' : state.status;

export const initialOrder: OrderState = { status: 'none' };

export const evolveOrder = (state: OrderState, event: OrderEvent): OrderState => {
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
        refund: null,
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
      // a refunded order stays refunded when its last line takes effect after the refund
      return state.status === 'none' || state.status === 'refunded' ? state : { ...state, status: 'fulfilled' };
    case 'OrderExpired':
      return state.status === 'none' ? state : { ...state, status: 'expired' };
    case 'OrderRefused':
      return state.status === 'none' ? state : { ...state, status: 'refused', refusedBecause: event.data.reason };
    case 'OrderRefunded': {
      if (state.status === 'none') return state;
      const { reason, amount_cents, at } = event.data;
      return { ...state, status: 'refunded', refund: { reason, amountCents: amount_cents, at } };
    }
  }
};
