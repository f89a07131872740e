/** Helpers shared by the adapters so they behave alike; not part of the public API. */
import type { ExpectedRevision, NewEvent, RecordedEvent } from './event-store.ts';
import { EventTooLargeError, MAX_EVENT_BYTES, WrongExpectedRevisionError } from './event-store.ts';

/** `actual` is the stream's last revision, -1 when it does not exist */
export function checkExpectedRevision(stream: string, expected: ExpectedRevision, actual: number): void {
  const ok = expected === 'any' || (expected === 'no_stream' ? actual === -1 : actual === expected);
  if (!ok) throw new WrongExpectedRevisionError(stream, expected, actual);
}

/** The stored (JSON text) form of an event's payload; both adapters store this, so both round-trip alike. */
export interface EncodedEvent {
  readonly id: string;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
}

export function encodeEvent(event: NewEvent): EncodedEvent {
  return {
    id: event.id,
    type: event.type,
    // undefined is not JSON; it is stored (and read back) as null
    data: JSON.stringify(event.data ?? null),
    metadata: JSON.stringify(event.metadata ?? {}),
  };
}

/** Throws EventTooLargeError for the first event of the batch over MAX_EVENT_BYTES. */
export function checkEventSizes(stream: string, events: readonly EncodedEvent[]): void {
  for (const event of events) {
    // UTF-16 length is a lower bound of the UTF-8 length: count bytes only when it could matter
    if ((event.data.length + event.metadata.length) * 3 <= MAX_EVENT_BYTES) continue;
    const bytes = Buffer.byteLength(event.data) + Buffer.byteLength(event.metadata);
    if (bytes > MAX_EVENT_BYTES) throw new EventTooLargeError(stream, event.type, bytes, MAX_EVENT_BYTES);
  }
}

/** An event as both adapters keep it: payload as JSON text, parsed afresh on every read. */
export interface StoredEvent extends EncodedEvent {
  readonly stream: string;
  readonly revision: number;
  readonly position: number;
  readonly recordedAt: string;
}

export function decodeEvent(stored: StoredEvent): RecordedEvent {
  return {
    id: stored.id,
    stream: stored.stream,
    revision: stored.revision,
    position: stored.position,
    type: stored.type,
    data: JSON.parse(stored.data),
    metadata: JSON.parse(stored.metadata),
    recordedAt: stored.recordedAt,
  };
}
