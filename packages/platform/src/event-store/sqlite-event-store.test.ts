import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { collectEvents, describeEventStoreContract, newEvent, newEvents } from './event-store.contract.ts';
import { openSqliteEventStore } from './sqlite-event-store.ts';

const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

function tempDatabase(): string {
  const directory = mkdtempSync(join(tmpdir(), 'event-store-'));
  directories.push(directory);
  return join(directory, 'events.db');
}

describeEventStoreContract(
  'sqlite file',
  async () => {
    // a short poll keeps cross-instance tests quick; in-process appends wake subscribers at once anyway
    const options = { path: tempDatabase(), pollIntervalMs: 20 };
    return { store: openSqliteEventStore(options), reopen: async () => openSqliteEventStore(options) };
  },
  { persistent: true },
);

describeEventStoreContract('sqlite :memory:', async () => ({ store: openSqliteEventStore({ path: ':memory:' }) }), {
  persistent: false,
});

describe('sqlite event store', () => {
  it('uses WAL mode', async () => {
    const path = tempDatabase();
    await openSqliteEventStore({ path }).close();
    const db = new DatabaseSync(path);
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    db.close();
  });

  it('stamps recordedAt with the injected clock', async () => {
    const store = openSqliteEventStore({ path: ':memory:', now: () => new Date('2030-05-06T07:08:09.000Z') });
    await store.append('listing-1', [newEvent()], 'no_stream');
    expect((await store.readStream('listing-1'))[0]?.recordedAt).toBe('2030-05-06T07:08:09.000Z');
    await store.close();
  });

  it('a subscription sees appends made by another instance on the same file', { timeout: 10_000 }, async () => {
    const path = tempDatabase();
    const reader = openSqliteEventStore({ path, pollIntervalMs: 20 });
    const writer = openSqliteEventStore({ path });
    await writer.append('listing-1', newEvents(1), 'no_stream');

    const collector = collectEvents(reader);
    await collector.subscription.caughtUp;
    expect(collector.events).toHaveLength(1);
    // only polling can see these: the writer cannot wake the reader's subscription
    await writer.append('listing-1', newEvents(2), 0);
    await writer.append('listing-2', newEvents(1), 'no_stream');
    await collector.until(4);
    expect(collector.events.map((event) => event.position)).toEqual([1, 2, 3, 4]);

    await Promise.all([reader.close(), writer.close()]);
  });

  it('processes racing on one stream never fork it', { timeout: 30_000 }, async () => {
    const path = tempDatabase();
    const workers = 4;
    const appendsEach = 50;
    // each worker loops: read the stream's head, append at it, retry when another process got there first
    const script = `
      import { openSqliteEventStore } from ${JSON.stringify(new URL('./sqlite-event-store.ts', import.meta.url).href)};
      import { WrongExpectedRevisionError } from ${JSON.stringify(new URL('./event-store.ts', import.meta.url).href)};
      const store = openSqliteEventStore({ path: process.argv[1] });
      let done = 0, conflicts = 0;
      while (done < ${appendsEach}) {
        const head = (await store.readStream('race-1')).length - 1;
        const event = { id: crypto.randomUUID(), type: 'Tick', data: { pid: process.pid } };
        try {
          await store.append('race-1', [event], head < 0 ? 'no_stream' : head);
          done++;
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          conflicts++;
        }
      }
      await store.close();
      console.log(conflicts);
    `;
    const run = promisify(execFile);
    await Promise.all(
      Array.from({ length: workers }, () => run(process.execPath, ['--input-type=module', '-e', script, path])),
    );

    const store = openSqliteEventStore({ path });
    const events = await store.readStream('race-1');
    expect(events.map((event) => event.revision)).toEqual(Array.from({ length: workers * appendsEach }, (_, i) => i));
    expect(events.map((event) => event.position)).toEqual(events.map((_, i) => i + 1));
    await store.close();
  });
});
