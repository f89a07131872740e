import { deciderSpec } from '@listings/platform/decider/specification';
import { describe, it } from 'vitest';
import { TooManyUnpaidOrdersError, unpaidOrdersDecider } from './decide.ts';
import type { UnpaidOrdersEvent } from './unpaid-orders.ts';

const ACCOUNT = 'acct-a';
const NOW = '2030-01-02T12:00:00.000Z';
const EXPIRES = '2030-01-02T12:30:00.000Z';

const opened = (order: string, expires = EXPIRES): UnpaidOrdersEvent => ({
  type: 'UnpaidOrderOpened',
  data: { account_id: ACCOUNT, order_number: order, expires_at: expires, at: NOW },
});
const closed = (order: string, reason: 'paid' | 'expired' = 'paid'): UnpaidOrdersEvent => ({
  type: 'UnpaidOrderClosed',
  data: { account_id: ACCOUNT, order_number: order, reason, at: NOW },
});
const open = (order: string, at = NOW) => ({
  type: 'OpenUnpaidOrder' as const,
  data: { account_id: ACCOUNT, order_number: order, limit: 3, expires_at: EXPIRES, at },
});

describe('unpaid orders decider', () => {
  const spec = deciderSpec(unpaidOrdersDecider);

  it('when an account under its limit checks out then the order counts', () => {
    spec
      .given([opened('A'), opened('B')])
      .when(open('C'))
      .then([opened('C')]);
  });
  it('when an account has 3 unpaid orders then a 4th is refused (409) naming the limit', () => {
    spec
      .given([opened('A'), opened('B'), opened('C')])
      .when(open('D'))
      .thenThrows(TooManyUnpaidOrdersError, /3 unpaid orders.*UNPAID_ORDERS_PER_ACCOUNT_MAX/);
  });
  it('when one of them was paid then another order can be placed', () => {
    spec
      .given([opened('A'), opened('B'), opened('C'), closed('B')])
      .when(open('D'))
      .then([opened('D')]);
  });
  it('when one of them expired without anyone closing it then it no longer counts', () => {
    spec
      .given([opened('A', '2030-01-02T11:59:59.999Z'), opened('B'), opened('C')])
      .when(open('D'))
      .then([opened('D')]);
  });
  it('when the same order opens again (a retried checkout) then nothing changes, even at the limit', () => {
    spec
      .given([opened('A'), opened('B'), opened('C')])
      .when(open('C'))
      .then([]);
  });
  it('when an order that is not open closes then nothing changes', () => {
    spec
      .given([opened('A'), closed('A')])
      .when({
        type: 'CloseUnpaidOrder',
        data: { account_id: ACCOUNT, order_number: 'A', reason: 'expired', at: NOW },
      })
      .then([]);
  });
});
