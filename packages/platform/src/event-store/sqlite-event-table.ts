import type { DatabaseSync } from 'node:sqlite';
import type { AppendResult, ExpectedRevision } from './event-store.ts';
import { DuplicateEventIdError, WrongExpectedRevisionError } from './event-store.ts';
import type { EncodedEvent } from './internal.ts';
import { checkExpectedRevision } from './internal.ts';

/**
 * The SQLite event store's table and its append, shared by the connection that reads (and, for
 * ':memory:', writes) on the event loop and by the writer thread (sqlite-event-writer.ts).
 */
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

/** WAL mode (readers do not block the writer, nor it them; ':memory:' ignores it) and the table */
export const prepareEventTable = (db: DatabaseSync) => {
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(SCHEMA);
};

/** appends within a transaction the caller holds; throws (to roll back) on a wrong revision or a duplicate id */
export const eventTableWriter = (db: DatabaseSync) => {
  const lastOfStream = db.prepare(
    'SELECT revision, position FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
  );
  const insert = db.prepare(
    'INSERT INTO events (id, stream, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const streamHead = (stream: string): { revision: number; position: number } =>
    (lastOfStream.get(stream) as { revision: number; position: number } | undefined) ?? { revision: -1, position: 0 };

  const translateConstraintError = (
    error: unknown,
    stream: string,
    expected: ExpectedRevision,
    event: EncodedEvent,
  ) => {
    const message = error instanceof Error ? error.message : '';
    if (message.includes('UNIQUE constraint failed: events.id')) return new DuplicateEventIdError(stream, event.id);
    if (message.includes('UNIQUE constraint failed: events.stream, events.revision')) {
      return new WrongExpectedRevisionError(stream, expected, streamHead(stream).revision);
    }
    return error;
  };

  return (
    stream: string,
    events: readonly EncodedEvent[],
    expected: ExpectedRevision,
    recordedAt: string,
  ): AppendResult => {
    const head = streamHead(stream);
    checkExpectedRevision(stream, expected, head.revision);
    // appending nothing only checks the expected revision and reports the stream's head
    let result: AppendResult = head;
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
  };
};

/** an append's failure as it crosses from the writer thread (errors lose their class on the way) */
export type AppendFailure =
  | {
      readonly kind: 'wrong-revision';
      readonly stream: string;
      readonly expected: ExpectedRevision;
      readonly actual: number;
    }
  | { readonly kind: 'duplicate-id'; readonly stream: string; readonly eventId: string }
  | { readonly kind: 'other'; readonly message: string };

export const failureOf = (error: unknown): AppendFailure => {
  if (error instanceof WrongExpectedRevisionError)
    return { kind: 'wrong-revision', stream: error.stream, expected: error.expected, actual: error.actual };
  if (error instanceof DuplicateEventIdError)
    return { kind: 'duplicate-id', stream: error.stream, eventId: error.eventId };
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
};

export const errorOf = (failure: AppendFailure): Error =>
  failure.kind === 'wrong-revision'
    ? new WrongExpectedRevisionError(failure.stream, failure.expected, failure.actual)
    : failure.kind === 'duplicate-id'
      ? new DuplicateEventIdError(failure.stream, failure.eventId)
      : new Error(failure.message);

/** what the event loop asks of the writer thread: open a file, append to it (`recordedAt` from the store's clock), close it */
export type WriterMessage =
  | { readonly kind: 'open'; readonly file: number; readonly path: string; readonly busyTimeoutMs: number }
  | {
      readonly kind: 'append';
      readonly file: number;
      readonly id: number;
      readonly stream: string;
      readonly events: readonly EncodedEvent[];
      readonly expected: ExpectedRevision;
      readonly recordedAt: string;
    }
  | { readonly kind: 'close'; readonly file: number; readonly id: number };

/** the writer thread's answers: each append of a commit, sent together once it is durable; a close once done */
export type WriterReply =
  | { readonly id: number; readonly result: AppendResult }
  | { readonly id: number; readonly failure: AppendFailure }
  | { readonly id: number; readonly closed: true };
