import type { RecordedEvent } from '@listings/platform/event-store';
import { foldDocumentView } from '@listings/platform/read-models';
import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '../../domain/order/order.ts';
import { ordersIndexProjection } from './evolve.ts';

const totals = { subtotal_cents: 0, vat_cents: 0, total_cents: 0, vat_rate: 0, reverse_charge: false };
const recorded = (events: OrderEvent[]): RecordedEvent[] =>
  events.map((e, i) => ({ ...e, stream: `order-${e.data.number}`, position: i + 1 }) as unknown as RecordedEvent);
const placed = (number: string, weeks: string[]): OrderEvent => ({
  type: 'OrderPlaced',
  data: {
    number,
    account_id: 'acct-a',
    lines: weeks.map((week, i) => ({
      product: 'launch',
      kind: 'launch',
      listing_id: i + 1,
      launch_week: week,
      unit_price_cents: 4900,
    })),
    totals: { ...totals, currency: 'USD' },
    billing_country: null,
    vat_number: null,
    at: '2030-01-01T00:00:00.000Z',
    expires_at: '2030-01-01T00:30:00.000Z',
  },
});

describe('orders index', () => {
  it('when a pending order expires or is refused then it is no longer pending; a paid one is unfulfilled', () => {
    const { view: index } = foldDocumentView(
      ordersIndexProjection,
      recorded([
        placed('A', ['2030-01-14', '2030-01-21']),
        placed('B', ['2030-01-14']),
        placed('C', []),
        placed('D', []),
        { type: 'OrderPaid', data: { number: 'B', payment_reference: 'p', at: 't' } },
        { type: 'OrderExpired', data: { number: 'A', at: 't' } },
        { type: 'OrderRefused', data: { number: 'C', reason: 'why', at: 't' } },
      ]),
    );
    expect([...index.pending.keys()]).toEqual(['D']);
    expect([...index.unfulfilled]).toEqual(['B']);
  });

  it('when an order changes then only its own document is replaced, not the whole index', () => {
    const events = recorded([placed('A', ['2030-01-14']), { type: 'OrderExpired', data: { number: 'A', at: 't' } }]);
    const { docs } = foldDocumentView(ordersIndexProjection, events);
    expect(docs.get('A')).toEqual({
      account: 'acct-a',
      createdAt: '2030-01-01T00:00:00.000Z',
      status: 'expired',
    });
    // a duplicate event leaves the document as it was
    const again = ordersIndexProjection.evolve(docs.get('A'), events[1] as RecordedEvent);
    expect(again).toBe(docs.get('A'));
  });
});
