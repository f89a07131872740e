import type { ServiceEvents } from '@listings/contracts/events';
import { SCHEMA_VERSION_KEY } from '../event-store/event-schemas.ts';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.ts';

/**
 * Reads a service's embedded event log as stored (no upcasting) and lists every event that is not
 * declared for the service or carries no schema version: what a test expects to be empty to show
 * that the service's composition root wraps its store with `withEventSchemas`.
 */
export const storedEventProblems = async (file: string, events: ServiceEvents): Promise<string[]> => {
  const declared = new Map(events.events.map((d) => [d.type, d.version]));
  const store = openSqliteEventStore({ path: file });
  const problems: string[] = [];
  try {
    for (let after = 0; ; ) {
      const page = await store.readAll(after, 1000);
      for (const event of page) {
        const version = declared.get(event.type);
        if (version === undefined) problems.push(`${event.stream}: ${event.type} is not declared`);
        else if (event.metadata[SCHEMA_VERSION_KEY] !== version)
          problems.push(`${event.stream}: ${event.type} stored as v${String(event.metadata[SCHEMA_VERSION_KEY])}`);
      }
      if (page.length < 1000) break;
      after = page.at(-1)?.position ?? after;
    }
  } finally {
    await store.close();
  }
  return problems;
};
