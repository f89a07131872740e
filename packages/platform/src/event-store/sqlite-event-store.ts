import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent, RecordedEvent } from './event-store.ts';
import type { EncodedEvent, StoredEvent } from './internal.ts';
import { checkEventSizes, decodeEvent, encodeEvent } from './internal.ts';
import {
  errorOf,
  eventTableWriter,
  prepareEventTable,
  type WriterMessage,
  type WriterReply,
} from './sqlite-event-table.ts';
import { createSubscriptionHost } from './subscription.ts';

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
  /**
   * where appends are committed: `thread` (the default for a file), the process's writer thread
   * (sqlite-event-writer.ts, one for every event store file of the process), so the commit's fsync and SQLite's checkpoints never hold the
   * event loop; `inline` on the event loop, as ':memory:' always is (its database is the connection's own)
   */
  readonly writer?: 'thread' | 'inline';
}

const COLUMNS = 'position, id, stream, revision, type, data, metadata, recorded_at AS recordedAt';

/**
 * An EventStore on one SQLite table. Several instances (connections, processes) may share the
 * file: each append is a `BEGIN IMMEDIATE` transaction, which takes SQLite's single write lock
 * before reading the stream's last revision, so the expected-revision check and the inserts are
 * atomic across connections (others wait up to `busyTimeoutMs`). Because writers are serialised,
 * positions are assigned in commit order and a reader never sees a later position before an
 * earlier one. UNIQUE(stream, revision) is the last guard should anything bypass that.
 *
 * Reads use a connection on the event loop. Appends to a file are committed by a writer thread
 * (sqlite-event-writer.ts; appends that arrive together share one commit), and each resolves once
 * its commit is durable; the read connection sees it from then on.
 */
export function openSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  const now = options.now ?? (() => new Date());
  const pageSize = options.pageSize ?? 500;
  const pollMs = options.pollIntervalMs ?? 200;

  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  // `timeout` is SQLite's busy_timeout: wait for another connection's lock instead of failing at once
  const db = new DatabaseSync(options.path, { timeout: busyTimeoutMs });
  prepareEventTable(db);

  const selectStream = db.prepare(`SELECT ${COLUMNS} FROM events WHERE stream = ? ORDER BY revision`);
  const selectAll = db.prepare(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`);

  const host = createSubscriptionHost({
    readAll,
    pageSize,
    pollMs,
    release: async () => {
      await commit.close();
      db.close();
    },
  });
  const assertOpen = host.assertOpen;

  const commit =
    options.path === ':memory:' || options.writer === 'inline'
      ? inlineCommit(db)
      : threadCommit(options.path, busyTimeoutMs);

  async function readAll(after: number, limit: number): Promise<RecordedEvent[]> {
    assertOpen();
    return (selectAll.all(after, limit) as unknown as StoredEvent[]).map(decodeEvent);
  }

  return {
    async append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
      assertOpen();
      const encoded = events.map(encodeEvent);
      checkEventSizes(stream, encoded);
      const result = await commit.append(stream, encoded, expected, now().toISOString());
      host.wake();
      return result;
    },

    async readStream(stream: string): Promise<RecordedEvent[]> {
      assertOpen();
      return (selectStream.all(stream) as unknown as StoredEvent[]).map(decodeEvent);
    },

    readAll,

    subscribeAll: host.subscribeAll,
    close: host.close,
  };
}

/** how appends reach the file: each is committed, and its result known, once durable */
interface Commit {
  append(
    stream: string,
    events: readonly EncodedEvent[],
    expected: ExpectedRevision,
    recordedAt: string,
  ): Promise<AppendResult>;
  /** after the appends asked for are answered */
  close(): Promise<void>;
}

/** on the event loop, one transaction per append */
function inlineCommit(db: DatabaseSync): Commit {
  const append = eventTableWriter(db);
  return {
    async append(stream, events, expected, recordedAt) {
      db.exec('BEGIN IMMEDIATE');
      try {
        const result = append(stream, events, expected, recordedAt);
        db.exec('COMMIT');
        return result;
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },
    close: async () => {},
  };
}

/** the process's writer thread (sqlite-event-writer.ts), started by the first file's first append */
let writer: Worker | undefined;
let nextId = 1;
let nextFile = 1;
const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

const failAll = (error: Error) => {
  for (const pending of waiting.values()) pending.reject(error);
  waiting.clear();
};

const writerThread = (): Worker => {
  if (writer) return writer;
  const thread = new Worker(new URL('./sqlite-event-writer.ts', import.meta.url), {
    // none of the process's own flags (a writer needs none, and some, such as --input-type, fail a worker)
    execArgv: [],
  });
  thread.unref();
  thread.on('message', (replies: WriterReply[]) => {
    for (const reply of replies) {
      const pending = waiting.get(reply.id);
      if (!pending) continue;
      waiting.delete(reply.id);
      if ('failure' in reply) pending.reject(errorOf(reply.failure));
      else pending.resolve('result' in reply ? reply.result : undefined);
    }
    // the thread keeps the process alive only while something waits for it
    if (waiting.size === 0) thread.unref();
  });
  thread.on('error', (error) => failAll(new Error(`the event store's writer thread failed: ${error.message}`)));
  thread.on('exit', (code) => {
    if (writer === thread) writer = undefined;
    opened.clear();
    failAll(new Error(`the event store's writer thread stopped (exit code ${code})`));
  });
  writer = thread;
  return thread;
};
/** the files the current thread has open */
const opened = new Set<number>();

const ask = <T>(thread: Worker, message: WriterMessage & { id: number }): Promise<T> => {
  const { promise, resolve, reject } = Promise.withResolvers<T>();
  waiting.set(message.id, { resolve: resolve as (value: unknown) => void, reject });
  thread.ref();
  thread.postMessage(message);
  return promise;
};

/**
 * By the process's writer thread (sqlite-event-writer.ts), which opens the file at its first
 * append. Should the thread stop, the appends waiting fail and the next append starts another.
 */
function threadCommit(path: string, busyTimeoutMs: number): Commit {
  const file = nextFile++;
  const mine = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>) => {
    mine.add(promise);
    const done = () => mine.delete(promise);
    promise.then(done, done);
    return promise;
  };
  return {
    append(stream, events, expected, recordedAt) {
      const thread = writerThread();
      if (!opened.has(file)) {
        thread.postMessage({ kind: 'open', file, path, busyTimeoutMs } satisfies WriterMessage);
        opened.add(file);
      }
      return track(
        ask<AppendResult>(thread, { kind: 'append', file, id: nextId++, stream, events, expected, recordedAt }),
      );
    },
    async close() {
      await Promise.allSettled([...mine]);
      if (!writer || !opened.has(file)) return;
      opened.delete(file);
      await ask(writer, { kind: 'close', file, id: nextId++ }).catch(() => {});
    },
  };
}
