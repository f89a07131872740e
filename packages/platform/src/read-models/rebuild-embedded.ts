import type { ServiceEvents } from '@listings/contracts/events';
import { withEventSchemas } from '../event-store/event-schemas.ts';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { type DocumentProjection, rebuildDocumentReadModel } from './document-read-model.ts';
import { openSqliteReadModelStore, readModelStoreInUse } from './sqlite-read-model-store.ts';

/** The read-model store is open elsewhere (the service is running): a rebuild would race it. */
export class ReadModelStoreInUseError extends Error {
  constructor(path: string) {
    super(`${path} is open in another process (is the service running?): stop it, then rebuild`);
    this.name = 'ReadModelStoreInUseError';
  }
}

/**
 * A service's explicit rebuild on its embedded files: refuses while the read-model store is open
 * elsewhere, then folds the whole event log into it afresh (see `rebuildDocumentReadModel`).
 */
export const rebuildEmbeddedDocumentReadModel = async <Doc, View>(options: {
  eventsPath: string;
  readModelsPath: string;
  projection: DocumentProjection<Doc, View>;
  /** the service's declared events: older versions are lifted on read, as the running service sees them */
  eventSchemas: ServiceEvents;
}) => {
  if (readModelStoreInUse(options.readModelsPath)) throw new ReadModelStoreInUseError(options.readModelsPath);
  const events = withEventSchemas(openSqliteEventStore({ path: options.eventsPath }), options.eventSchemas);
  const store = openSqliteReadModelStore({ path: options.readModelsPath });
  try {
    return await rebuildDocumentReadModel({ events, store, projection: options.projection });
  } finally {
    await store.close();
    await events.close();
  }
};
