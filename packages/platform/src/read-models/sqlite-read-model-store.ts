import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { checkpointOffTheLoop } from '../sqlite/wal-checkpoints.ts';
import { type ReadModelStore, type ReadModelWrite, StalePositionError } from './read-model-store.ts';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS docs (
    collection TEXT NOT NULL,
    id TEXT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (collection, id)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS checkpoint (one INTEGER PRIMARY KEY CHECK (one = 1), position INTEGER NOT NULL);
  INSERT OR IGNORE INTO checkpoint (one, position) VALUES (1, 0);
`;

/** The embedded read-model store: one SQLite file (WAL), durable across restarts. */
export const openSqliteReadModelStore = (options: { path: string }): ReadModelStore => {
  const db = new DatabaseSync(options.path, { timeout: 5000 });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL'); // WAL + NORMAL: durable at checkpoints, never corrupt
  db.exec(SCHEMA);
  // its checkpoints (the only waits for the disk in NORMAL mode) are a thread's, not the event loop's
  const checkpoints = checkpointOffTheLoop(db, options.path);
  const getPosition = db.prepare('SELECT position FROM checkpoint WHERE one = 1');
  const setPosition = db.prepare('UPDATE checkpoint SET position = ? WHERE one = 1');
  const getDoc = db.prepare('SELECT doc FROM docs WHERE collection = ? AND id = ?');
  const allDocs = db.prepare('SELECT id, doc FROM docs WHERE collection = ? ORDER BY id');
  const upsert = db.prepare(
    'INSERT INTO docs (collection, id, doc) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc',
  );
  const remove = db.prepare('DELETE FROM docs WHERE collection = ? AND id = ?');
  let closed = false;
  const position = () => Number((getPosition.get() as { position: number }).position);

  return {
    position: async () => position(),
    get: async (collection, id) => {
      const row = getDoc.get(collection, id) as { doc: string } | undefined;
      return row ? JSON.parse(row.doc) : undefined;
    },
    all: async (collection) =>
      (allDocs.all(collection) as { id: string; doc: string }[]).map((row) => ({
        id: row.id,
        doc: JSON.parse(row.doc),
      })),
    write: async (writes: readonly ReadModelWrite[], at: number) => {
      db.exec('BEGIN IMMEDIATE');
      try {
        const current = position();
        if (at <= current) throw new StalePositionError(current, at);
        for (const w of writes) {
          if (w.doc === null) remove.run(w.collection, w.id);
          else upsert.run(w.collection, w.id, JSON.stringify(w.doc));
        }
        setPosition.run(at);
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
    clear: async () => {
      db.exec('BEGIN IMMEDIATE; DELETE FROM docs; UPDATE checkpoint SET position = 0; COMMIT');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await checkpoints.release();
      db.close();
    },
  };
};

/**
 * Whether some connection (this process or another) has the read-model store at `path` open: an
 * open WAL connection keeps the journal mode from being changed. Operator commands that must not
 * run beside the service (a rebuild) ask this first. False when the file does not exist.
 */
export const readModelStoreInUse = (path: string): boolean => {
  if (!existsSync(path)) return false;
  const db = new DatabaseSync(path, { timeout: 0 });
  try {
    db.exec('PRAGMA journal_mode = DELETE');
    db.exec('PRAGMA journal_mode = WAL');
    return false;
  } catch {
    return true;
  } finally {
    db.close();
  }
};
