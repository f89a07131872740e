import type { AppendResult, EventStore, ExpectedRevision, NewEvent, RecordedEvent } from './event-store.ts';
import { DuplicateEventIdError } from './event-store.ts';
import type { StoredEvent } from './internal.ts';
import { checkEventSizes, checkExpectedRevision, decodeEvent, encodeEvent } from './internal.ts';
import { createSubscriptionHost } from './subscription.ts';

export interface MemoryEventStoreOptions {
  /** clock for `recordedAt` (default: the system clock) */
  readonly now?: () => Date;
  /** events per readAll page while a subscription catches up (default 500) */
  readonly pageSize?: number;
}

/**
 * An in-process EventStore for fast tests, with the same semantics as the SQLite adapter:
 * payloads are kept as JSON text and parsed on every read, so what comes back (and what does
 * not survive, e.g. `undefined` fields or Date objects) is the same. Nothing is persisted.
 */
export function openMemoryEventStore(options: MemoryEventStoreOptions = {}): EventStore {
  const now = options.now ?? (() => new Date());
  const pageSize = options.pageSize ?? 500;

  /** all events in position order: log[i].position === i + 1 */
  const log: StoredEvent[] = [];
  /** stream -> its events in revision order */
  const streams = new Map<string, StoredEvent[]>();
  const ids = new Set<string>();
  const host = createSubscriptionHost({ readAll, pageSize, release: () => {} });
  const assertOpen = host.assertOpen;

  async function readAll(after: number, limit: number): Promise<RecordedEvent[]> {
    assertOpen();
    const start = Math.max(0, Math.floor(after));
    return log.slice(start, start + Math.max(0, limit)).map(decodeEvent);
  }

  return {
    async append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
      assertOpen();
      const existing = streams.get(stream) ?? [];
      const head = existing.at(-1);
      checkExpectedRevision(stream, expected, head?.revision ?? -1);
      const encoded = events.map(encodeEvent);
      checkEventSizes(stream, encoded);
      // all checks before any change: a failing append leaves the store untouched
      const batchIds = new Set<string>();
      for (const event of encoded) {
        if (ids.has(event.id) || batchIds.has(event.id)) throw new DuplicateEventIdError(stream, event.id);
        batchIds.add(event.id);
      }
      const recordedAt = now().toISOString();
      const stored = encoded.map(
        (event, index): StoredEvent => ({
          ...event,
          stream,
          revision: existing.length + index,
          position: log.length + 1 + index,
          recordedAt,
        }),
      );
      log.push(...stored);
      existing.push(...stored);
      streams.set(stream, existing);
      for (const id of batchIds) ids.add(id);
      host.wake();
      // appending nothing only checks the expected revision and reports the stream's head
      const last = stored.at(-1) ?? head;
      return { revision: last?.revision ?? -1, position: last?.position ?? 0 };
    },

    async readStream(stream: string): Promise<RecordedEvent[]> {
      assertOpen();
      return (streams.get(stream) ?? []).map(decodeEvent);
    },

    readAll,

    subscribeAll: host.subscribeAll,
    close: host.close,
  };
}
