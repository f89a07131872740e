import { DatabaseSync } from 'node:sqlite';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent, RecordedEvent } from './event-store.ts';
import { DuplicateEventIdError, WrongExpectedRevisionError } from './event-store.ts';
import type { EncodedEvent, StoredEvent } from './internal.ts';
import { checkEventSizes, checkExpectedRevision, decodeEvent, encodeEvent } from './internal.ts';
import type { RunningSubscription } from './subscription.ts';
import { startSubscription } from './subscription.ts';

export interface SqliteEventStoreOptions {
  /** database file, or ':memory:' */
  readonly path: string;
  /** clock for `recordedAt` (default: the system clock) */
  readonly now?: () => Date;
  /** how often idle subscriptions re-read the table, to see appends by other connections (default 200 ms) */
  readonly pollIntervalMs?: number;
  /** how long a write waits for another connection's lock before failing (default 5000 ms) */
  readonly busyTimeoutMs?: number;
  /** events per readAll page while a subscription catches up (default 500) */
  readonly pageSize?: number;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    stream TEXT NOT NULL,
    revision INTEGER NOT NULL,
    type TEXT NOT NULL,
    data TEXT NOT NULL,
    metadata TEXT NOT NULL,
    recorded_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS events_stream_revision ON events (stream, revision);
`;

const COLUMNS = 'position, id, stream, revision, type, data, metadata, recorded_at AS recordedAt';

/**
 * An EventStore on one SQLite table. Several instances (connections, processes) may share the
 * file: each append is a `BEGIN IMMEDIATE` transaction, which takes SQLite's single write lock
 * before reading the stream's last revision, so the expected-revision check and the inserts are
 * atomic across connections (others wait up to `busyTimeoutMs`). Because writers are serialised,
 * positions are assigned in commit order and a reader never sees a later position before an
 * earlier one. UNIQUE(stream, revision) is the last guard should anything bypass that.
 */
export function openSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  const now = options.now ?? (() => new Date());
  const pageSize = options.pageSize ?? 500;
  const pollMs = options.pollIntervalMs ?? 200;

  // `timeout` is SQLite's busy_timeout: wait for another connection's lock instead of failing at once
  const db = new DatabaseSync(options.path, { timeout: options.busyTimeoutMs ?? 5000 });
  db.exec('PRAGMA journal_mode = WAL'); // readers do not block the writer, nor it them (':memory:' ignores this)
  db.exec(SCHEMA);

  const lastOfStream = db.prepare(
    'SELECT revision, position FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
  );
  const insert = db.prepare(
    'INSERT INTO events (id, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const selectStream = db.prepare(`SELECT ${COLUMNS} FROM events WHERE stream = ? ORDER BY revision`);
  const selectAll = db.prepare(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`);

  const subscriptions = new Set<RunningSubscription>();
  let closing: Promise<void> | undefined;
  let closed = false;

  function assertOpen(): void {
    if (closed) throw new Error('event store is closed');
  }

  function streamHead(stream: string): { revision: number; position: number } {
    const row = lastOfStream.get(stream) as { revision: number; position: number } | undefined;
    return row ?? { revision: -1, position: 0 };
  }

  /** runs inside the transaction; throws to roll it back */
  function appendInTransaction(stream: string, events: readonly EncodedEvent[], expected: ExpectedRevision) {
    const head = streamHead(stream);
    checkExpectedRevision(stream, expected, head.revision);
    // appending nothing only checks the expected revision and reports the stream's head
    let result: AppendResult = head;
    const recordedAt = now().toISOString();
    for (const [index, event] of events.entries()) {
      const revision = head.revision + 1 + index;
      try {
        const { lastInsertRowid } = insert.run(
          event.id,
          stream,
          revision,
          event.type,
          event.data,
          event.metadata,
          recordedAt,
        );
        result = { revision, position: Number(lastInsertRowid) };
      } catch (error) {
        throw translateConstraintError(error, stream, expected, event);
      }
    }
    return result;
  }

  function translateConstraintError(error: unknown, stream: string, expected: ExpectedRevision, event: EncodedEvent) {
    const message = error instanceof Error ? error.message : '';
    if (message.includes('UNIQUE constraint failed: events.id')) return new DuplicateEventIdError(stream, event.id);
    if (message.includes('UNIQUE constraint failed: events.stream, events.revision')) {
      return new WrongExpectedRevisionError(stream, expected, streamHead(stream).revision);
    }
    return error;
  }

  async function readAll(after: number, limit: number): Promise<RecordedEvent[]> {
    assertOpen();
    return (selectAll.all(after, limit) as unknown as StoredEvent[]).map(decodeEvent);
  }

  return {
    async append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
      assertOpen();
      const encoded = events.map(encodeEvent);
      checkEventSizes(stream, encoded);
      db.exec('BEGIN IMMEDIATE');
      let result: AppendResult;
      try {
        result = appendInTransaction(stream, encoded, expected);
        db.exec('COMMIT');
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      }
      for (const subscription of subscriptions) subscription.wake();
      return result;
    },

    async readStream(stream: string): Promise<RecordedEvent[]> {
      assertOpen();
      return (selectStream.all(stream) as unknown as StoredEvent[]).map(decodeEvent);
    },

    readAll,

    subscribeAll(subscribeOptions) {
      if (closing) throw new Error('event store is closed');
      const subscription: RunningSubscription = startSubscription(subscribeOptions, {
        readAll,
        pageSize,
        pollMs,
        onEnded: () => subscriptions.delete(subscription),
      });
      subscriptions.add(subscription);
      return subscription;
    },

    close(): Promise<void> {
      closing ??= (async () => {
        // stop subscriptions first: each finishes its handler in flight, which may still use the store
        await Promise.all([...subscriptions].map((subscription) => subscription.close()));
        closed = true;
        db.close();
      })();
      return closing;
    },
  };
}
