import type { EventStore } from '../event-store/event-store.ts';
import type { ReadModelStore } from '../read-models/read-model-store.ts';
import type { SearchIndex } from '../search/search-index.ts';
import type { StoreProbe } from './ops.ts';

/**
 * The probes of a service's usual stores, each one cheap read: the event store (its first event),
 * the read-model store and the search index (their positions). Whichever adapter is configured
 * (SQLite, KurrentDB, MongoDB, Typesense) answers the same call.
 */
export const storeProbes = (stores: {
  readonly events?: Pick<EventStore, 'readAll'>;
  readonly readModels?: Pick<ReadModelStore, 'position'>;
  readonly search?: Pick<SearchIndex, 'position'>;
}): StoreProbe[] => [
  ...(stores.events ? [{ name: 'event store', ping: () => (stores.events as EventStore).readAll(0, 1) }] : []),
  ...(stores.readModels ? [{ name: 'read models', ping: () => (stores.readModels as ReadModelStore).position() }] : []),
  ...(stores.search ? [{ name: 'search index', ping: () => (stores.search as SearchIndex).position() }] : []),
];
