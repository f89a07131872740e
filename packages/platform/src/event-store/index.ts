export type {
  AllSubscription,
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  SubscribeAllOptions,
} from './event-store.ts';
export { DuplicateEventIdError, WrongExpectedRevisionError } from './event-store.ts';
export type { MemoryEventStoreOptions } from './memory-event-store.ts';
export { openMemoryEventStore } from './memory-event-store.ts';
export type { SqliteEventStoreOptions } from './sqlite-event-store.ts';
export { openSqliteEventStore } from './sqlite-event-store.ts';
