/**
 * The SQLite event stores' writer thread: one worker thread per process, holding the only writing
 * connection of this process to each event store file opened in it, so a commit's fsync, and the
 * WAL checkpoint SQLite runs at a commit now and then (the log copied into the database file, its
 * flush tens of milliseconds on a slow disk), wait here and not on the event loop.
 *
 * Appends to one file that arrive while a commit is under way are committed together in the next
 * one (a group commit: one transaction and one fsync for all of them). Each is its own savepoint,
 * so one append's wrong revision or duplicate id undoes only that append. Every append of a commit
 * is answered once the commit is durable; if the commit fails, all of them fail.
 */
import { DatabaseSync } from 'node:sqlite';
import { parentPort } from 'node:worker_threads';
import type { WriterMessage, WriterReply } from './sqlite-event-table.ts';
import { eventTableWriter, failureOf, prepareEventTable } from './sqlite-event-table.ts';

const port = parentPort;
if (!port) throw new Error('sqlite-event-writer.ts runs as a worker thread');

type Append = Extract<WriterMessage, { kind: 'append' }>;
interface File {
  readonly db: DatabaseSync;
  readonly append: ReturnType<typeof eventTableWriter>;
  queue: Append[];
}
const files = new Map<number, File>();
let scheduled = false;

const commit = (file: File): WriterReply[] => {
  const batch = file.queue;
  file.queue = [];
  const { db } = file;
  const replies: WriterReply[] = [];
  try {
    db.exec('BEGIN IMMEDIATE');
    for (const request of batch) {
      db.exec('SAVEPOINT one_append');
      try {
        replies.push({
          id: request.id,
          result: file.append(request.stream, request.events, request.expected, request.recordedAt),
        });
        db.exec('RELEASE one_append');
      } catch (error) {
        db.exec('ROLLBACK TO one_append');
        db.exec('RELEASE one_append');
        replies.push({ id: request.id, failure: failureOf(error) });
      }
    }
    db.exec('COMMIT');
    return replies;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    const failure = failureOf(error);
    return batch.map((request) => ({ id: request.id, failure }));
  }
};

const commitAll = () => {
  scheduled = false;
  for (const file of files.values()) if (file.queue.length > 0) port.postMessage(commit(file));
};

port.on('message', (message: WriterMessage) => {
  if (message.kind === 'open') {
    // `timeout` is SQLite's busy_timeout: another process's writer is waited for here, off the event loop
    const db = new DatabaseSync(message.path, { timeout: message.busyTimeoutMs });
    prepareEventTable(db);
    files.set(message.file, { db, append: eventTableWriter(db), queue: [] });
    return;
  }
  const file = files.get(message.file);
  if (message.kind === 'close') {
    // sent once every append to the file is answered
    files.delete(message.file);
    file?.db.close();
    port.postMessage([{ id: message.id, closed: true }] satisfies WriterReply[]);
    return;
  }
  if (!file) {
    port.postMessage([{ id: message.id, failure: { kind: 'other', message: 'event store file not open' } }]);
    return;
  }
  file.queue.push(message);
  // the appends that arrive before the next turn are committed together, one commit per file
  if (!scheduled) {
    scheduled = true;
    setImmediate(commitAll);
  }
});
