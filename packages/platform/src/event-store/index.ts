export type { EventSchemaOptions } from './event-schemas.ts';
export {
  InvalidEventDataError,
  liftEvent,
  SCHEMA_VERSION_KEY,
  STORED_SCHEMA_VERSION_KEY,
  storedSchemaVersion,
  UndeclaredEventTypeError,
  withEventSchemas,
} from './event-schemas.ts';
export type {
  AllSubscription,
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  SubscribeAllOptions,
} from './event-store.ts';
export {
  DuplicateEventIdError,
  EventTooLargeError,
  MAX_EVENT_BYTES,
  WrongExpectedRevisionError,
} from './event-store.ts';
export type { KurrentDbEventStoreOptions } from './kurrentdb-event-store.ts';
export { openKurrentDbEventStore } from './kurrentdb-event-store.ts';
export type { MemoryEventStoreOptions } from './memory-event-store.ts';
export { openMemoryEventStore } from './memory-event-store.ts';
export type { OpenEventStoreOptions } from './open-event-store.ts';
export { openEventStore } from './open-event-store.ts';
export type { SqliteEventStoreOptions } from './sqlite-event-store.ts';
export { openSqliteEventStore } from './sqlite-event-store.ts';
export { TRACEPARENT_KEY, traceparentOfEvent, withTraceMetadata } from './trace-metadata.ts';
