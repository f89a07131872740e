import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';

/** what the event loop tells the checkpoint thread; each is answered with `{ done: id }` */
export type CheckpointMessage =
  | { readonly kind: 'add'; readonly id: number; readonly path: string }
  | { readonly kind: 'remove'; readonly id: number; readonly path: string };

let thread: Worker | undefined;
let nextId = 1;
const waiting = new Map<number, () => void>();
/** the files handed over and not yet released: a thread started again takes them all */
const handed = new Set<string>();

const started = (): Worker => {
  if (thread) return thread;
  const worker = new Worker(new URL('./wal-checkpoint-thread.ts', import.meta.url), { execArgv: [] });
  worker.unref();
  worker.on('message', (message: { done: number }) => {
    waiting.get(message.done)?.();
    waiting.delete(message.done);
    if (waiting.size === 0) worker.unref();
  });
  const ended = () => {
    if (thread !== worker) return;
    thread = undefined;
    for (const done of waiting.values()) done();
    waiting.clear();
    // the files' connections no longer checkpoint themselves: another thread takes them over
    if (handed.size > 0) started();
  };
  worker.on('error', ended);
  worker.on('exit', ended);
  thread = worker;
  for (const path of handed) worker.postMessage({ kind: 'add', id: 0, path } satisfies CheckpointMessage);
  return worker;
};

const tell = (kind: CheckpointMessage['kind'], path: string) => {
  const worker = started();
  if (kind === 'add') handed.add(path);
  else handed.delete(path);
  const id = nextId++;
  const { promise, resolve } = Promise.withResolvers<void>();
  waiting.set(id, resolve);
  worker.ref();
  worker.postMessage({ kind, id, path } satisfies CheckpointMessage);
  return promise;
};

/**
 * Takes a SQLite file's WAL checkpoints off the event loop. `db` is the connection the event loop
 * writes with, in WAL mode with `synchronous = NORMAL` (its commits do not wait for the disk; only
 * checkpoints do). SQLite would otherwise checkpoint at the commit that takes the log past 1,000
 * pages: the log copied into the database file and flushed, on the event loop, 20-25 ms on a slow
 * disk. Here the connection checkpoints never, and one thread of the process (wal-checkpoint-thread.ts)
 * checkpoints every file handed to it, five times a second. ':memory:' has no log: nothing to do.
 *
 * `release()` before closing `db`: the thread closes its own connection first.
 */
export const checkpointOffTheLoop = (db: DatabaseSync, path: string): { release(): Promise<void> } => {
  if (path === ':memory:' || path === '') return { release: async () => {} };
  db.exec('PRAGMA wal_autocheckpoint = 0');
  void tell('add', path);
  return { release: () => tell('remove', path) };
};
