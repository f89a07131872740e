/**
 * The in-process bus's event log and its durable consumers' positions: in memory, or in a SQLite
 * file that survives a restart of the process.
 */
import { DatabaseSync } from 'node:sqlite';
import type { DeliveredEvent, Headers, IntegrationEvent } from './bus.ts';

export interface StoredEvent {
  readonly sequence: number;
  readonly id: string;
  readonly subject: string;
  /** JSON text; null for undefined data */
  readonly data: string | null;
  /** JSON text of the headers object */
  readonly headers: string;
}

export interface EventLog {
  /** false when an event with the same id is already in the log */
  append(event: IntegrationEvent): boolean;
  /** events with sequence > after, in order */
  readAfter(after: number, limit: number): StoredEvent[];
  /** sequence of the consumer's last acked event, 0 if none */
  ackedSequence(durable: string): number;
  ack(durable: string, sequence: number): void;
  close(): void;
}

function toStored(event: IntegrationEvent, sequence: number): StoredEvent {
  return {
    sequence,
    id: event.id,
    subject: event.subject,
    data: JSON.stringify(event.data) ?? null,
    headers: JSON.stringify(event.headers ?? {}),
  };
}

export function memoryEventLog(): EventLog {
  const events: StoredEvent[] = [];
  const ids = new Set<string>();
  const acked = new Map<string, number>();
  return {
    append(event) {
      if (ids.has(event.id)) return false;
      ids.add(event.id);
      events.push(toStored(event, events.length + 1));
      return true;
    },
    // sequences are 1-based array positions, so `after` is also the index to start from
    readAfter: (after, limit) => events.slice(after, after + limit),
    ackedSequence: (durable) => acked.get(durable) ?? 0,
    ack: (durable, sequence) => void acked.set(durable, sequence),
    close() {},
  };
}

export function sqliteEventLog(path: string): EventLog {
  const db = new DatabaseSync(path);
  db.exec(`
    PRAGMA journal_mode = WAL;
    CREATE TABLE IF NOT EXISTS bus_events (
      sequence INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      subject TEXT NOT NULL,
      data TEXT,
      headers TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS bus_consumers (
      durable TEXT PRIMARY KEY,
      acked INTEGER NOT NULL
    );
  `);
  const insert = db.prepare('INSERT OR IGNORE INTO bus_events (id, subject, data, headers) VALUES (?, ?, ?, ?)');
  const select = db.prepare(
    'SELECT sequence, id, subject, data, headers FROM bus_events WHERE sequence > ? ORDER BY sequence LIMIT ?',
  );
  const selectAck = db.prepare('SELECT acked FROM bus_consumers WHERE durable = ?');
  const upsertAck = db.prepare(
    'INSERT INTO bus_consumers (durable, acked) VALUES (?, ?) ON CONFLICT (durable) DO UPDATE SET acked = excluded.acked',
  );
  return {
    append(event) {
      const row = toStored(event, 0);
      return insert.run(row.id, row.subject, row.data, row.headers).changes > 0;
    },
    readAfter: (after, limit) =>
      select.all(after, limit).map((row) => ({
        sequence: Number(row.sequence),
        id: String(row.id),
        subject: String(row.subject),
        data: row.data === null ? null : String(row.data),
        headers: String(row.headers),
      })),
    ackedSequence: (durable) => Number(selectAck.get(durable)?.acked ?? 0),
    ack: (durable, sequence) => void upsertAck.run(durable, sequence),
    close: () => db.close(),
  };
}

export function toDelivered(event: StoredEvent): DeliveredEvent {
  return {
    subject: event.subject,
    id: event.id,
    data: event.data === null ? undefined : JSON.parse(event.data),
    headers: JSON.parse(event.headers) as Headers,
    sequence: event.sequence,
  };
}
