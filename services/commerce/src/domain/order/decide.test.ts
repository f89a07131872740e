import { deciderSpec } from '@listings/platform/decider/specification';
import { ConflictError, NotFoundError } from '@listings/platform/errors';
import { describe, it } from 'vitest';
import { orderDecider } from './decide.ts';
import type { OrderEvent } from './order.ts';

const totals = {
  subtotal_cents: 5400,
  vat_cents: 0,
  total_cents: 5400,
  vat_rate: 0,
  reverse_charge: false,
  currency: 'USD' as const,
};
const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: {
    number: 'ORD-1',
    account_id: 'acct-a',
    lines: [
      { product: 'launch', kind: 'launch', listing_id: 7, unit_price_cents: 4900 },
      { product: 'billboard', kind: 'billboard', listing_id: 7, amount_cents: 500, unit_price_cents: 500 },
    ],
    totals,
    billing_country: null,
    vat_number: null,
    at: '2030-01-01T00:00:00.000Z',
    // the shop's order hold (30 minutes by default) after it was placed
    expires_at: '2030-01-01T00:30:00.000Z',
  },
};
const paid: OrderEvent = {
  type: 'OrderPaid',
  data: { number: 'ORD-1', payment_reference: 'p1', at: '2030-01-01T00:01:00.000Z' },
};
const line0: OrderEvent = { type: 'OrderLineFulfilled', data: { number: 'ORD-1', line: 0, at: 't' } };

describe('order decider', () => {
  const spec = deciderSpec(orderDecider);

  it('when an order is placed then it is pending', () => {
    spec
      .given([])
      .when({ type: 'PlaceOrder', data: placed.data as never })
      .then([placed]);
  });
  it('when the same order is placed again then nothing changes', () => {
    spec
      .given([placed])
      .when({ type: 'PlaceOrder', data: placed.data as never })
      .then([]);
  });
  it('when a pending order is paid then it is paid', () => {
    spec
      .given([placed])
      .when({ type: 'PayOrder', data: { payment_reference: 'p1', at: paid.data.at } })
      .then([paid]);
  });
  it('when a paid order is paid again then nothing changes', () => {
    spec
      .given([placed, paid])
      .when({ type: 'PayOrder', data: { payment_reference: 'p2', at: 'x' } })
      .then([]);
  });
  it('when an unknown order is paid then it is not found', () => {
    spec
      .given([])
      .when({ type: 'PayOrder', data: { payment_reference: 'p', at: 'x' } })
      .thenThrows(NotFoundError);
  });
  it('when a line of an unpaid order is fulfilled then it is a conflict', () => {
    spec
      .given([placed])
      .when({ type: 'RecordLineFulfilled', data: { line: 0, at: 't' } })
      .thenThrows(ConflictError, /unpaid/);
  });
  it('when the first line of a paid order is fulfilled then only that line is', () => {
    spec
      .given([placed, paid])
      .when({ type: 'RecordLineFulfilled', data: { line: 0, at: 't' } })
      .then([line0]);
  });
  it('when the last line is fulfilled then the order is fulfilled', () => {
    spec
      .given([placed, paid, line0])
      .when({ type: 'RecordLineFulfilled', data: { line: 1, at: 't' } })
      .then([
        { type: 'OrderLineFulfilled', data: { number: 'ORD-1', line: 1, at: 't' } },
        { type: 'OrderFulfilled', data: { number: 'ORD-1', at: 't' } },
      ]);
  });
  it('when a fulfilled line is fulfilled again then nothing changes', () => {
    spec
      .given([placed, paid, line0])
      .when({ type: 'RecordLineFulfilled', data: { line: 0, at: 't' } })
      .then([]);
  });

  const expiredAt = '2030-01-01T00:30:00.000Z'; // its expires_at: the order hold after it was placed
  const expired: OrderEvent = { type: 'OrderExpired', data: { number: 'ORD-1', at: expiredAt } };
  it('when a pending order is swept before its time then nothing changes', () => {
    spec
      .given([placed])
      .when({ type: 'ExpireOrder', data: { at: '2030-01-01T00:29:59.999Z' } })
      .then([]);
  });
  it('when a pending order is swept at its time then it expires', () => {
    spec
      .given([placed])
      .when({ type: 'ExpireOrder', data: { at: expiredAt } })
      .then([expired]);
  });
  it('when a paid order is swept then nothing changes', () => {
    spec
      .given([placed, paid])
      .when({ type: 'ExpireOrder', data: { at: '2030-02-01T00:00:00.000Z' } })
      .then([]);
  });
  it('when a pending order is paid after its time, recorded or not, then it is a conflict', () => {
    spec
      .given([placed])
      .when({ type: 'PayOrder', data: { payment_reference: 'late', at: expiredAt } })
      .thenThrows(ConflictError, /expired/);
    spec
      .given([placed, expired])
      .when({ type: 'PayOrder', data: { payment_reference: 'late', at: expiredAt } })
      .thenThrows(ConflictError, /expired/);
  });
  it('when a line of an expired order is fulfilled then it is a conflict', () => {
    spec
      .given([placed, expired])
      .when({ type: 'RecordLineFulfilled', data: { line: 0, at: 't' } })
      .thenThrows(ConflictError, /unpaid/);
  });

  const reason = 'listing 7 already has a paid launch (bought in another order)';
  const refused: OrderEvent = {
    type: 'OrderRefused',
    data: { number: 'ORD-1', reason, at: '2030-01-01T00:01:00.000Z' },
  };
  it('when an operator refunds a paid order then it is refunded once; an unpaid one is a conflict', () => {
    const refund = {
      type: 'RefundOrder' as const,
      data: { refund_id: 're_1', amount_cents: 5400, operator: 'op-1', reason: 'charged twice', at: 't' },
    };
    const refunded: OrderEvent = { type: 'OrderRefunded', data: { number: 'ORD-1', ...refund.data } };
    spec.given([placed, paid]).when(refund).then([refunded]);
    spec.given([placed, paid, refunded]).when(refund).then([]);
    spec
      .given([placed])
      .when(refund)
      .thenThrows(ConflictError, /nothing was paid/);
    spec
      .given([placed, refused])
      .when(refund)
      .thenThrows(ConflictError, /nothing was paid/);
    spec.given([]).when(refund).thenThrows(NotFoundError);
  });
  it('when a pending order cannot be paid then it is refused, with why', () => {
    spec
      .given([placed])
      .when({ type: 'RefuseOrder', data: { reason, at: refused.data.at } })
      .then([refused]);
  });
  it('when a paid, refused or expired order is refused then nothing changes', () => {
    for (const given of [
      [placed, paid],
      [placed, refused],
      [placed, expired],
    ])
      spec
        .given(given)
        .when({ type: 'RefuseOrder', data: { reason: 'again', at: 't' } })
        .then([]);
  });
  it('when a refused order is paid then it is a conflict that says why; it is never fulfilled', () => {
    spec
      .given([placed, refused])
      .when({ type: 'PayOrder', data: { payment_reference: 'p', at: '2030-01-01T00:02:00.000Z' } })
      .thenThrows(ConflictError, /refused: listing 7 already has a paid launch/);
    spec
      .given([placed, refused])
      .when({ type: 'RecordLineFulfilled', data: { line: 0, at: 't' } })
      .thenThrows(ConflictError, /unpaid/);
    spec
      .given([placed, refused])
      .when({ type: 'ExpireOrder', data: { at: '2030-02-01T00:00:00.000Z' } })
      .then([]);
  });

  describe('a line the catalog refused', () => {
    const refuse = { type: 'RecordLineRefused' as const, data: { line: 0, reason: 'archived', at: 't' } };
    const refused: OrderEvent = {
      type: 'OrderLineRefused',
      data: { number: 'ORD-1', line: 0, reason: 'archived', at: 't' },
    };
    it('given a paid order when the catalog refuses a line then it is recorded with why', () =>
      spec.given([placed, paid]).when(refuse).then([refused]));
    it('given the refusal when it is told again then nothing', () =>
      spec.given([placed, paid, refused]).when(refuse).then([]));
    it('given a fulfilled line when a refusal comes then nothing', () =>
      spec.given([placed, paid, line0]).when(refuse).then([]));
    it('given a pending order when a refusal comes then nothing', () => spec.given([placed]).when(refuse).then([]));
    it('given no such line then conflict', () =>
      spec
        .given([placed, paid])
        .when({ type: 'RecordLineRefused', data: { line: 5, reason: 'x', at: 't' } })
        .thenThrows(ConflictError));
  });
});
