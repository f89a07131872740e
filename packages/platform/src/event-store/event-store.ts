/**
 * The event store port. Streams are named `<category>-<id>`; revisions count from 0 within a
 * stream; positions count from 1 across the whole store (global order of commit).
 */

/**
 * The largest event the store takes: its data and metadata encoded as JSON, in UTF-8 bytes. Big
 * payloads (crawled pages) go to the blob store and the event holds a reference
 * (docs/architecture.md). KurrentDB's own limit is far higher; this one keeps events cheap to
 * read, fold, publish and export.
 */
export const MAX_EVENT_BYTES = 64 * 1024;

export interface NewEvent {
  /** uuid; the de-duplication id used when the event is published as an integration event */
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata?: Record<string, unknown>;
}

export interface RecordedEvent {
  readonly id: string;
  readonly stream: string;
  /** 0-based position of the event within its stream */
  readonly revision: number;
  /** 1-based position of the event across all streams, in commit order */
  readonly position: number;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: Record<string, unknown>;
  /** ISO-8601 time the store recorded the event */
  readonly recordedAt: string;
}

/**
 * `no_stream`: the stream must not exist yet. `any`: no check. A number: the revision of the
 * stream's last event must be exactly this.
 */
export type ExpectedRevision = number | 'no_stream' | 'any';

export interface AppendResult {
  /** revision of the last event appended */
  readonly revision: number;
  /** global position of the last event appended */
  readonly position: number;
}

export interface AllSubscription {
  /** resolves once the subscription has delivered everything that existed when it started */
  readonly caughtUp: Promise<void>;
  close(): Promise<void>;
}

export interface SubscribeAllOptions {
  /** deliver events with position strictly greater than this (0 = from the beginning) */
  readonly after: number;
  /** called in position order, one at a time; the next event waits for the returned promise */
  readonly handler: (event: RecordedEvent) => Promise<void> | void;
  /** called once when the handler throws; the subscription then stops */
  readonly onError?: (error: unknown) => void;
}

export interface EventStore {
  append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** all events of the stream in revision order; an unknown stream gives an empty array */
  readStream(stream: string): Promise<RecordedEvent[]>;
  /** events with position > after, in position order, at most `limit` of them */
  readAll(after: number, limit: number): Promise<RecordedEvent[]>;
  /** catches up from `after`, then follows new appends as they commit */
  subscribeAll(options: SubscribeAllOptions): AllSubscription;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  readonly stream: string;
  readonly expected: ExpectedRevision;
  /** the stream's actual last revision, or -1 when it does not exist */
  readonly actual: number;
  constructor(stream: string, expected: ExpectedRevision, actual: number) {
    super(`stream ${stream}: expected revision ${String(expected)}, actual ${actual}`);
    this.name = 'WrongExpectedRevisionError';
    this.stream = stream;
    this.expected = expected;
    this.actual = actual;
  }
}

/**
 * An appended event's id is already in the store (or appears twice in the batch). Added next to
 * WrongExpectedRevisionError so callers can tell a replayed command (same event ids) from a
 * concurrency conflict; like it, nothing of the batch is appended.
 */
export class DuplicateEventIdError extends Error {
  readonly stream: string;
  readonly eventId: string;
  constructor(stream: string, eventId: string) {
    super(`stream ${stream}: an event with id ${eventId} already exists`);
    this.name = 'DuplicateEventIdError';
    this.stream = stream;
    this.eventId = eventId;
  }
}

/** An appended event is bigger than MAX_EVENT_BYTES; nothing of the batch is appended. */
export class EventTooLargeError extends Error {
  readonly stream: string;
  readonly eventType: string;
  /** encoded data + metadata, in bytes */
  readonly bytes: number;
  readonly limit: number;
  constructor(stream: string, eventType: string, bytes: number, limit: number) {
    super(
      `stream ${stream}: event ${eventType} is ${bytes} bytes encoded (data + metadata), over the limit of ${limit}; put big payloads in the blob store and reference them`,
    );
    this.name = 'EventTooLargeError';
    this.stream = stream;
    this.eventType = eventType;
    this.bytes = bytes;
    this.limit = limit;
  }
}
