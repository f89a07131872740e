import { DatabaseSync } from 'node:sqlite';
import type { CheckpointStore } from './checkpoint-store.ts';

export interface SqliteCheckpointStoreOptions {
  /** database file, or ':memory:'; may be the event store's own file (the table names differ) */
  readonly path: string;
  /** how long a write waits for another connection's lock before failing (default 5000 ms) */
  readonly busyTimeoutMs?: number;
}

/** A CheckpointStore on one SQLite table, one row per subscriber name. */
export function openSqliteCheckpointStore(options: SqliteCheckpointStoreOptions): CheckpointStore {
  const db = new DatabaseSync(options.path, { timeout: options.busyTimeoutMs ?? 5000 });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL)');
  const select = db.prepare('SELECT position FROM checkpoints WHERE name = ?');
  const upsert = db.prepare(
    'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position',
  );

  return {
    async load(name) {
      const row = select.get(name) as { position: number } | undefined;
      return row?.position ?? 0;
    },
    async save(name, position) {
      upsert.run(name, position);
    },
    async close() {
      if (db.isOpen) db.close();
    },
  };
}
