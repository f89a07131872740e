import type { ServiceEvents } from '@listings/contracts/events';
import type { Config } from '../config.ts';
import { withEventSchemas } from '../event-store/event-schemas.ts';
import { openEventStore } from '../event-store/open-event-store.ts';
import { type DocumentProjection, rebuildDocumentReadModel } from './document-read-model.ts';
import { openReadModelStore } from './open-read-model-store.ts';
import type { ReadModelStore } from './read-model-store.ts';
import { readModelStoreInUse } from './sqlite-read-model-store.ts';

/** The read-model store is open elsewhere (the service is running): a rebuild would race it. */
export class ReadModelStoreInUseError extends Error {
  constructor(what: string) {
    super(`${what} is open in another process (is the service running?): stop it, then rebuild`);
    this.name = 'ReadModelStoreInUseError';
  }
}

/** where the rebuild reads and writes: the configured stores, else the service's embedded files */
export type RebuildConfig = Partial<Pick<Config, 'mongo' | 'kurrentdb' | 'eventsDir'>>;

/**
 * Opens a service's read-model store as configured for a rebuild, refusing (ReadModelStoreInUseError)
 * while a running instance has it open: the SQLite file's WAL lock, or a MongoDB store's heartbeat
 * rows (`<service>.instances`, see mongo-read-model-store.ts).
 */
export const openReadModelStoreForRebuild = async (
  config: RebuildConfig,
  target: { readonly service: string; readonly file: string },
): Promise<ReadModelStore> => {
  if (!config.mongo && readModelStoreInUse(target.file)) throw new ReadModelStoreInUseError(target.file);
  const store = openReadModelStore(config, target);
  try {
    await store.position();
    if (await store.openElsewhere?.())
      throw new ReadModelStoreInUseError(`the MongoDB read models of ${target.service} (${target.service}.*)`);
    return store;
  } catch (error) {
    await store.close();
    throw error;
  }
};

/**
 * A service's explicit rebuild, on the stores its configuration names (KURRENTDB_URL, MONGO_URL;
 * else its embedded files): refuses while the read-model store is open elsewhere, then folds the
 * whole event log into it afresh (see `rebuildDocumentReadModel`).
 */
export const rebuildEmbeddedDocumentReadModel = async <Doc, View>(options: {
  /** default: the embedded files */
  config?: RebuildConfig;
  service: string;
  eventsPath: string;
  readModelsPath: string;
  projection: DocumentProjection<Doc, View>;
  /** the service's declared events: older versions are lifted on read, as the running service sees them */
  eventSchemas: ServiceEvents;
}) => {
  const config = options.config ?? {};
  const store = await openReadModelStoreForRebuild(config, { service: options.service, file: options.readModelsPath });
  const events = withEventSchemas(
    openEventStore(config, { service: options.service, file: options.eventsPath }),
    options.eventSchemas,
  );
  try {
    return await rebuildDocumentReadModel({ events, store, projection: options.projection });
  } finally {
    await store.close();
    await events.close();
  }
};
