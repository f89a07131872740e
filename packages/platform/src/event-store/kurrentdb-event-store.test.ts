import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeEventStoreContract, newEvent } from './event-store.contract.ts';
import { DuplicateEventIdError, EventTooLargeError, MAX_EVENT_BYTES } from './event-store.ts';
import { openKurrentDbEventStore } from './kurrentdb-event-store.ts';
import { openEventStore } from './open-event-store.ts';

/**
 * The EventStore contract against a KurrentDB server named by KURRENTDB_URL (e.g.
 * `kurrentdb://localhost:2113?tls=false`). Each test gets its own service prefix, so they never
 * see each other's events on a shared server. Without KURRENTDB_URL the contract is skipped with
 * the reason printed; `npm run test:containers` runs it on a throwaway KurrentDB container.
 */
const url = process.env.KURRENTDB_URL?.trim();

if (url) {
  describeEventStoreContract(
    'kurrentdb (KURRENTDB_URL)',
    async () => {
      const service = `contract_${randomUUID().replaceAll('-', '')}`;
      const open = () => openKurrentDbEventStore({ url, service, pollIntervalMs: 100 });
      return { store: open(), reopen: async () => open() };
    },
    { persistent: true },
  );
} else {
  console.warn(
    'kurrentdb event store contract skipped: KURRENTDB_URL is not set (no KurrentDB server here; `npm run test:containers` runs it where Docker exists)',
  );
  describe.skip('kurrentdb (EventStore contract): KURRENTDB_URL is not set', () => {
    it('runs the EventStore contract', () => {});
  });
}

// what the adapter decides before it ever talks to the server: these run everywhere
describe('kurrentdb event store, before the server', () => {
  // nothing listens on port 1: any call that reached the network would fail with another error
  const open = () => openKurrentDbEventStore({ url: 'kurrentdb://127.0.0.1:1?tls=false', service: 'catalog' });

  it('refuses an event over MAX_EVENT_BYTES without sending anything', async () => {
    const store = open();
    const tooBig = newEvent('PageStored', { html: 'é'.repeat(MAX_EVENT_BYTES / 2) });
    const error = await store.append('listing-1', [newEvent(), tooBig], 'no_stream').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EventTooLargeError);
    expect(error).toMatchObject({ stream: 'listing-1', eventType: 'PageStored', limit: MAX_EVENT_BYTES });
    await store.close();
  });

  it('refuses a batch that repeats an event id without sending anything', async () => {
    const store = open();
    const event = newEvent();
    const error = await store.append('listing-1', [event, event], 'no_stream').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DuplicateEventIdError);
    expect(error).toMatchObject({ stream: 'listing-1', eventId: event.id });
    await store.close();
  });

  it('takes only a plain service name (it becomes the stream-name prefix)', () => {
    for (const service of ['', 'catalog.x', 'cat-alog', '$all']) {
      expect(() => openKurrentDbEventStore({ url: 'kurrentdb://127.0.0.1:1?tls=false', service })).toThrow(
        /service must be/,
      );
    }
  });

  it('closes cleanly without ever connecting, and refuses calls afterwards', async () => {
    const store = open();
    await store.close();
    await store.close();
    await expect(store.readAll(0, 1)).rejects.toThrow(/closed/);
    await expect(store.append('listing-1', [newEvent()], 'any')).rejects.toThrow(/closed/);
  });
});

describe('openEventStore', () => {
  it('opens the SQLite file when KURRENTDB_URL is not set', async () => {
    const store = openEventStore({ kurrentdb: null }, { service: 'catalog', file: ':memory:' });
    expect(await store.append('listing-1', [newEvent()], 'no_stream')).toEqual({ revision: 0, position: 1 });
    await store.close();
  });
});
