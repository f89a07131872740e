import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commerceEvents } from '@listings/contracts/events';
import { foldStream } from '@listings/platform/decider';
import { openSqliteEventStore, withEventSchemas } from '@listings/platform/event-store';
import { describe, expect, it } from 'vitest';
import { orderDecider } from './decide.ts';
import { orderStream } from './order.ts';

describe('OrderPlaced v1 (before the order hold was a shop setting)', () => {
  it('when the log holds a v1 order then it reads with the 24 hours it was given to be paid', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'commerce-v1-'));
    const file = path.join(dir, 'events.sqlite');
    try {
      // what an older build left: no `expires_at`, no schema version recorded
      const old = openSqliteEventStore({ path: file });
      await old.append(
        orderStream('ORD-old'),
        [
          {
            id: randomUUID(),
            type: 'OrderPlaced',
            data: {
              number: 'ORD-old',
              account_id: 'acct-a',
              lines: [{ product: 'launch', kind: 'launch', listing_id: 7, unit_price_cents: 4900 }],
              totals: {
                subtotal_cents: 4900,
                vat_cents: 0,
                total_cents: 4900,
                vat_rate: 0,
                reverse_charge: false,
                currency: 'USD',
              },
              billing_country: null,
              vat_number: null,
              at: '2030-01-01T00:00:00.000Z',
            },
          },
        ],
        'no_stream',
      );
      await old.close();
      const store = withEventSchemas(openSqliteEventStore({ path: file }), commerceEvents);
      try {
        const { state } = await foldStream(store, orderStream('ORD-old'), orderDecider);
        expect(state).toMatchObject({ status: 'pending', expiresAt: '2030-01-02T00:00:00.000Z' });
      } finally {
        await store.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
