import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AllSubscription, EventStore, NewEvent, RecordedEvent } from './event-store.ts';
import {
  DuplicateEventIdError,
  EventTooLargeError,
  MAX_EVENT_BYTES,
  WrongExpectedRevisionError,
} from './event-store.ts';

/**
 * The behaviour every EventStore adapter must have, as one vitest suite. Test-only: import it
 * from a `*.test.ts`, never from production code (it imports vitest).
 */

export interface OpenedEventStore {
  readonly store: EventStore;
  /** opens another instance on the same storage (only for adapters that persist) */
  readonly reopen?: () => Promise<EventStore>;
}

/** bounds every test that waits for deliveries, so a missing event fails instead of hanging */
const WAIT_MS = 10_000;

export function newEvent(type = 'Happened', data: unknown = {}, metadata?: Record<string, unknown>): NewEvent {
  return metadata ? { id: randomUUID(), type, data, metadata } : { id: randomUUID(), type, data };
}

export function newEvents(count: number, type = 'Happened'): NewEvent[] {
  return Array.from({ length: count }, (_, index) => newEvent(type, { index }));
}

export interface Collector {
  readonly events: RecordedEvent[];
  readonly subscription: AllSubscription;
  /** resolves once at least `count` events have been delivered */
  until(count: number): Promise<void>;
}

/** subscribes and records every delivered event; `until` waits on deliveries, not on time */
export function collectEvents(store: EventStore, after = 0): Collector {
  const events: RecordedEvent[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const subscription = store.subscribeAll({
    after,
    handler: (event) => {
      events.push(event);
      for (const waiter of waiters) if (events.length >= waiter.count) waiter.resolve();
    },
  });
  return {
    events,
    subscription,
    until(count) {
      const { promise, resolve } = Promise.withResolvers<void>();
      if (events.length >= count) resolve();
      else waiters.push({ count, resolve });
      return promise;
    },
  };
}

const positions = (events: readonly RecordedEvent[]) => events.map((event) => event.position);
const ids = (events: readonly RecordedEvent[]) => events.map((event) => event.id);

/**
 * `persistent`: the adapter keeps data across instances (its `open` must then give `reopen`); the
 * tests of persistence and of several instances on one storage run only for those.
 */
export function describeEventStoreContract(
  name: string,
  open: () => Promise<OpenedEventStore>,
  options: { persistent: boolean },
): void {
  // tests that only make sense for adapters that persist are not defined at all for the others
  const persistentIt = (options.persistent ? it : () => undefined) as typeof it;
  describe(`${name} (EventStore contract)`, () => {
    let store: EventStore;
    let reopen: (() => Promise<EventStore>) | undefined;
    let opened: EventStore[] = [];

    beforeEach(async () => {
      const result = await open();
      store = result.store;
      const reopenStorage = result.reopen;
      reopen = reopenStorage && (async () => track(await reopenStorage()));
      opened = [store];
    });

    afterEach(async () => {
      await Promise.all(opened.map((each) => each.close()));
    });

    function requireReopen(): () => Promise<EventStore> {
      if (!reopen) throw new Error(`${name} is declared persistent but gives no reopen`);
      return reopen;
    }

    function track(instance: EventStore): EventStore {
      opened.push(instance);
      return instance;
    }

    describe('append', () => {
      it("appends to a new stream with 'no_stream'", async () => {
        const first = newEvent('Created', { name: 'a' }, { traceparent: 't' });
        const second = newEvent('Renamed', { name: 'b' });
        const result = await store.append('listing-1', [first, second], 'no_stream');

        expect(result).toEqual({ revision: 1, position: 2 });
        const events = await store.readStream('listing-1');
        expect(events).toMatchObject([
          { id: first.id, stream: 'listing-1', revision: 0, position: 1, type: 'Created', data: { name: 'a' } },
          { id: second.id, stream: 'listing-1', revision: 1, position: 2, type: 'Renamed', data: { name: 'b' } },
        ]);
        expect(events[0]?.metadata).toEqual({ traceparent: 't' });
        expect(events[1]?.metadata).toEqual({});
        expect(new Date(events[0]?.recordedAt ?? '').toISOString()).toBe(events[0]?.recordedAt);
      });

      it('continues a stream at its exact last revision', async () => {
        await store.append('listing-1', newEvents(2), 'no_stream');
        expect(await store.append('listing-1', newEvents(1), 1)).toEqual({ revision: 2, position: 3 });
        expect((await store.readStream('listing-1')).map((event) => event.revision)).toEqual([0, 1, 2]);
      });

      it.each([
        { case: "'no_stream' on an existing stream", stream: 'listing-1', expected: 'no_stream' as const, actual: 1 },
        { case: 'a revision on a missing stream', stream: 'listing-2', expected: 0, actual: -1 },
        { case: 'a stale revision', stream: 'listing-1', expected: 0, actual: 1 },
        { case: 'a revision ahead of the stream', stream: 'listing-1', expected: 5, actual: 1 },
      ])('rejects $case with WrongExpectedRevisionError and appends nothing', async ({ stream, expected, actual }) => {
        await store.append('listing-1', newEvents(2), 'no_stream');
        const streamBefore = await store.readStream(stream);
        const allBefore = await store.readAll(0, 100);

        const error = await store.append(stream, newEvents(2), expected).catch((caught: unknown) => caught);

        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ stream, expected, actual });
        expect(await store.readStream(stream)).toEqual(streamBefore);
        expect(await store.readAll(0, 100)).toEqual(allBefore);
      });

      it("'any' skips the check, on a new stream and on an existing one", async () => {
        expect(await store.append('listing-1', newEvents(1), 'any')).toEqual({ revision: 0, position: 1 });
        expect(await store.append('listing-1', newEvents(2), 'any')).toEqual({ revision: 2, position: 3 });
      });

      it('lets exactly one of two concurrent appends at the same expected revision win', async () => {
        await store.append('listing-1', newEvents(1), 'no_stream');
        const contenders = [newEvent('A'), newEvent('B')];

        const results = await Promise.allSettled(contenders.map((event) => store.append('listing-1', [event], 0)));

        expectOneWinner(results);
        const events = await store.readStream('listing-1');
        expect(events).toHaveLength(2);
        expect(contenders.map((event) => event.id)).toContain(events[1]?.id);
      });

      persistentIt(
        'lets exactly one of two concurrent appends win across two instances on the same storage',
        async () => {
          const other = await requireReopen()();
          await store.append('listing-1', newEvents(1), 'no_stream');

          const results = await Promise.allSettled([
            store.append('listing-1', [newEvent('A')], 0),
            other.append('listing-1', [newEvent('B')], 0),
          ]);

          expectOneWinner(results);
          expect(await store.readStream('listing-1')).toHaveLength(2);
          expect(await other.readStream('listing-1')).toHaveLength(2);
        },
      );

      it('rejects an event whose id already exists (even in another stream) and appends nothing', async () => {
        const existing = newEvent();
        await store.append('listing-1', [existing], 'no_stream');

        const error = await store
          .append('listing-2', [newEvent(), { ...existing, type: 'Again' }], 'no_stream')
          .catch((caught: unknown) => caught);

        expect(error).toBeInstanceOf(DuplicateEventIdError);
        expect(error).toMatchObject({ stream: 'listing-2', eventId: existing.id });
        expect(await store.readStream('listing-2')).toEqual([]);
        expect(await store.readAll(0, 100)).toHaveLength(1);
      });

      it('rejects a batch that repeats an id and appends nothing', async () => {
        const event = newEvent();
        await expect(store.append('listing-1', [event, event], 'no_stream')).rejects.toBeInstanceOf(
          DuplicateEventIdError,
        );
        expect(await store.readAll(0, 100)).toEqual([]);
      });

      it('refuses an event over MAX_EVENT_BYTES (data + metadata, UTF-8) and appends nothing of the batch', async () => {
        // 'é' is 2 bytes in UTF-8: the limit counts bytes, not characters
        const tooBig = newEvent('PageStored', { html: 'é'.repeat(MAX_EVENT_BYTES / 2) });
        const error = await store
          .append('listing-1', [newEvent(), tooBig], 'no_stream')
          .catch((caught: unknown) => caught);

        expect(error).toBeInstanceOf(EventTooLargeError);
        expect(error).toMatchObject({ stream: 'listing-1', eventType: 'PageStored', limit: MAX_EVENT_BYTES });
        expect((error as EventTooLargeError).bytes).toBeGreaterThan(MAX_EVENT_BYTES);
        expect(await store.readAll(0, 100)).toEqual([]);
      });

      it('takes an event of exactly MAX_EVENT_BYTES, metadata included', async () => {
        const metadata = { by: 'account-1' };
        const overhead = JSON.stringify({ text: '' }).length + JSON.stringify(metadata).length;
        const exact = newEvent('PageStored', { text: 'x'.repeat(MAX_EVENT_BYTES - overhead) }, metadata);
        expect(await store.append('listing-1', [exact], 'no_stream')).toEqual({ revision: 0, position: 1 });
        const bigger = newEvent('PageStored', { text: 'x'.repeat(MAX_EVENT_BYTES - overhead) }, { by: 'account-12' });
        await expect(store.append('listing-1', [bigger], 0)).rejects.toBeInstanceOf(EventTooLargeError);
      });

      it('appending no events only checks the expected revision and reports the head', async () => {
        expect(await store.append('listing-1', [], 'no_stream')).toEqual({ revision: -1, position: 0 });
        await store.append('listing-0', newEvents(1), 'no_stream');
        await store.append('listing-1', newEvents(2), 'no_stream');
        expect(await store.append('listing-1', [], 1)).toEqual({ revision: 1, position: 3 });
        await expect(store.append('listing-1', [], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readAll(0, 100)).toHaveLength(3);
      });

      it('stores data and metadata as JSON', async () => {
        const data = { text: 'é ✓', nested: { list: [1, null, true] }, at: new Date('2024-01-02T03:04:05.000Z') };
        await store.append(
          'listing-1',
          [newEvent('Created', data, { n: 1 }), { id: randomUUID(), type: 'Empty', data: undefined }],
          'any',
        );
        const [created, empty] = await store.readStream('listing-1');
        expect(created?.data).toEqual({
          text: 'é ✓',
          nested: { list: [1, null, true] },
          at: '2024-01-02T03:04:05.000Z',
        });
        expect(created?.metadata).toEqual({ n: 1 });
        expect(empty?.data).toBeNull();
      });
    });

    describe('read', () => {
      it('readStream returns the stream in revision order; an unknown stream is empty', async () => {
        await store.append('listing-1', newEvents(2), 'no_stream');
        await store.append('listing-2', newEvents(1), 'no_stream');
        await store.append('listing-1', newEvents(1), 1);

        const events = await store.readStream('listing-1');
        expect(events.map((event) => [event.revision, event.position])).toEqual([
          [0, 1],
          [1, 2],
          [2, 4],
        ]);
        expect(await store.readStream('listing-9')).toEqual([]);
      });

      it('readAll returns all streams in global order, paged by after and limit', async () => {
        await store.append('listing-1', newEvents(2), 'no_stream');
        await store.append('listing-2', newEvents(2), 'no_stream');
        await store.append('listing-1', newEvents(1), 1);

        const all = await store.readAll(0, 100);
        expect(positions(all)).toEqual([1, 2, 3, 4, 5]);
        expect(all.map((event) => event.stream)).toEqual([
          'listing-1',
          'listing-1',
          'listing-2',
          'listing-2',
          'listing-1',
        ]);
        expect(await store.readAll(0, 2)).toEqual(all.slice(0, 2));
        expect(await store.readAll(2, 2)).toEqual(all.slice(2, 4));
        expect(await store.readAll(4, 2)).toEqual(all.slice(4));
        expect(await store.readAll(5, 2)).toEqual([]);
      });
    });

    describe('subscribeAll', () => {
      it(
        'catches up on old events, then follows new ones in order, none twice',
        async () => {
          await store.append('listing-1', newEvents(2), 'no_stream');
          await store.append('listing-2', newEvents(1), 'no_stream');

          const collector = collectEvents(store);
          await collector.subscription.caughtUp;
          expect(positions(collector.events)).toEqual([1, 2, 3]);

          await store.append('listing-1', newEvents(1), 1);
          await store.append('listing-3', newEvents(2), 'no_stream');
          await collector.until(6);
          // a last event: everything before it has been delivered, so any repeat would show now
          const last = newEvent('Last');
          await store.append('listing-9', [last], 'no_stream');
          await collector.until(7);

          expect(positions(collector.events)).toEqual([1, 2, 3, 4, 5, 6, 7]);
          expect(ids(collector.events)).toEqual(ids(await store.readAll(0, 100)));
        },
        WAIT_MS,
      );

      it(
        'starts strictly after the given position',
        async () => {
          await store.append('listing-1', newEvents(3), 'no_stream');
          const collector = collectEvents(store, 2);
          await collector.subscription.caughtUp;
          await store.append('listing-1', newEvents(1), 2);
          await collector.until(2);
          expect(positions(collector.events)).toEqual([3, 4]);
        },
        WAIT_MS,
      );

      it(
        'catches up across many pages',
        async () => {
          for (let batch = 0; batch < 3; batch++) await store.append('listing-1', newEvents(400), 'any');
          const collector = collectEvents(store);
          await collector.subscription.caughtUp;
          expect(positions(collector.events)).toEqual(Array.from({ length: 1200 }, (_, index) => index + 1));
        },
        WAIT_MS,
      );

      it(
        'delivers one event at a time, waiting for the handler',
        async () => {
          let active = 0;
          let maxActive = 0;
          const seen: number[] = [];
          const { promise: done, resolve } = Promise.withResolvers<void>();
          const subscription = store.subscribeAll({
            after: 0,
            handler: async (event) => {
              maxActive = Math.max(maxActive, ++active);
              await new Promise((next) => setImmediate(next));
              seen.push(event.position);
              active--;
              if (seen.length === 4) resolve();
            },
          });
          await store.append('listing-1', newEvents(2), 'no_stream');
          await store.append('listing-2', newEvents(2), 'no_stream');
          await done;
          await subscription.close();
          expect(maxActive).toBe(1);
          expect(seen).toEqual([1, 2, 3, 4]);
        },
        WAIT_MS,
      );

      it(
        'stops at the first handler error, reports it once and rejects caughtUp',
        async () => {
          await store.append('listing-1', newEvents(3), 'no_stream');
          const failure = new Error('handler failed');
          const handled: number[] = [];
          const errors: unknown[] = [];
          const { promise: reported, resolve } = Promise.withResolvers<void>();
          const subscription = store.subscribeAll({
            after: 0,
            handler: (event) => {
              handled.push(event.position);
              if (event.position === 2) throw failure;
            },
            onError: (error) => {
              errors.push(error);
              resolve();
            },
          });

          await expect(subscription.caughtUp).rejects.toBe(failure);
          await reported;
          await subscription.close();
          expect(handled).toEqual([1, 2]);
          expect(errors).toEqual([failure]);
        },
        WAIT_MS,
      );

      it(
        'delivers nothing after close',
        async () => {
          const closedOne = collectEvents(store);
          const openOne = collectEvents(store);
          await store.append('listing-1', newEvents(1), 'no_stream');
          await closedOne.until(1);
          await closedOne.subscription.close();

          await store.append('listing-1', newEvents(1), 0);
          await openOne.until(2);
          expect(positions(closedOne.events)).toEqual([1]);
        },
        WAIT_MS,
      );

      it(
        "the store's close() ends its subscriptions",
        async () => {
          const collector = collectEvents(store);
          await collector.subscription.caughtUp;
          await store.close();
          await collector.subscription.close(); // already ended: resolves at once
          await expect(store.readAll(0, 1)).rejects.toThrow();
        },
        WAIT_MS,
      );
    });

    persistentIt(
      'keeps everything across close and reopen',
      async () => {
        const reopenStore = requireReopen();
        await store.append('listing-1', newEvents(2), 'no_stream');
        await store.append('listing-2', newEvents(1), 'no_stream');
        const before = await store.readAll(0, 100);
        await store.close();

        const reopened = await reopenStore();
        expect(await reopened.readAll(0, 100)).toEqual(before);
        expect(await reopened.readStream('listing-1')).toEqual(before.filter((event) => event.stream === 'listing-1'));
        await expect(reopened.append('listing-1', newEvents(1), 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(
          reopened.append(before[0]?.stream ?? '', [{ ...newEvent(), id: before[0]?.id ?? '' }], 'any'),
        ).rejects.toBeInstanceOf(DuplicateEventIdError);
        expect(await reopened.append('listing-1', newEvents(1), 1)).toEqual({ revision: 2, position: 4 });

        const collector = collectEvents(reopened);
        await collector.subscription.caughtUp;
        expect(positions(collector.events)).toEqual([1, 2, 3, 4]);
      },
      WAIT_MS,
    );
  });
}

function expectOneWinner(results: PromiseSettledResult<unknown>[]): void {
  const won = results.filter((result) => result.status === 'fulfilled');
  const lost = results.filter((result) => result.status === 'rejected');
  expect(won).toHaveLength(1);
  expect(lost).toHaveLength(1);
  expect(lost[0]?.reason).toBeInstanceOf(WrongExpectedRevisionError);
}
