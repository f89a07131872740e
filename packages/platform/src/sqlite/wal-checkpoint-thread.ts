/**
 * The process's WAL checkpoint thread (wal-checkpoints.ts starts it). Every CHECKPOINT_EVERY_MS it
 * copies the write-ahead log of each file handed to it back into the database file (SQLite's
 * PASSIVE checkpoint: it waits for no reader or writer and takes what it can), with its own
 * connection, so the copy and its flush to disk happen here and not on the event loop.
 */
import { DatabaseSync } from 'node:sqlite';
import { parentPort } from 'node:worker_threads';
import type { CheckpointMessage } from './wal-checkpoints.ts';

const CHECKPOINT_EVERY_MS = 200;

const port = parentPort;
if (!port) throw new Error('wal-checkpoint-thread.ts runs as a worker thread');

const files = new Map<string, DatabaseSync>();

const checkpointAll = () => {
  for (const db of files.values())
    try {
      db.exec('PRAGMA wal_checkpoint(PASSIVE)');
    } catch {
      // the next round tries again (a file being closed, a full disk), as SQLite's own checkpoints do
    }
};
setInterval(checkpointAll, CHECKPOINT_EVERY_MS);

port.on('message', (message: CheckpointMessage) => {
  if (message.kind === 'add') {
    try {
      if (!files.has(message.path)) files.set(message.path, new DatabaseSync(message.path, { timeout: 0 }));
    } catch {
      // a file that cannot be opened here is not checkpointed here (its log grows until it is closed)
    }
  } else {
    const db = files.get(message.path);
    files.delete(message.path);
    db?.close();
  }
  port.postMessage({ done: message.id });
});
