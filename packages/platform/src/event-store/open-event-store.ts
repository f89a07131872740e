import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { EventStore } from './event-store.ts';
import { openKurrentDbEventStore } from './kurrentdb-event-store.ts';
import { openSqliteEventStore } from './sqlite-event-store.ts';
import { withTraceMetadata } from './trace-metadata.ts';

export interface OpenEventStoreOptions {
  /** the service whose log this is; with KurrentDB its streams are `<service>.<stream>` */
  readonly service: string;
  /** the SQLite file used when KURRENTDB_URL is not set (`<EVENTS_DIR>/<service>/events.sqlite`; its folder is made) */
  readonly file: string;
}

/** the SQLite event store in `file`, its folder made first */
const openSqliteFile = (file: string): EventStore => {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  return openSqliteEventStore({ path: file });
};

/**
 * A service's event store as configured: KurrentDB when KURRENTDB_URL is set (all services share
 * the server, each reading `$all` through its own stream-name prefix), else the SQLite file;
 * appends record the active trace (`metadata.traceparent`).
 */
export function openEventStore(config: Partial<Pick<Config, 'kurrentdb'>>, options: OpenEventStoreOptions): EventStore {
  // appends made inside a traced request carry its traceparent (trace-metadata.ts)
  return withTraceMetadata(
    config.kurrentdb
      ? openKurrentDbEventStore({ url: config.kurrentdb.reveal(), service: options.service })
      : openSqliteFile(options.file),
  );
}
