import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { collectEvents, describeEventStoreContract, newEvent, newEvents } from './event-store.contract.ts';
import { DuplicateEventIdError, WrongExpectedRevisionError } from './event-store.ts';
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

  describe('appends committed by the writer thread', () => {
    it('appends made together are committed together, each checked on its own', async () => {
      const store = openSqliteEventStore({ path: tempDatabase() });
      const duplicate = newEvent();
      // all asked in one turn of the event loop: the writer takes them in one commit
      const outcomes = await Promise.allSettled([
        ...Array.from({ length: 10 }, (_, i) => store.append(`visit-${i}`, [newEvent()], 'no_stream')),
        // ten racing for one new stream: the first wins, the others see it there
        ...Array.from({ length: 10 }, () => store.append('race-1', [newEvent()], 'no_stream')),
        store.append('dup-1', [duplicate], 'no_stream'),
        store.append('dup-2', [duplicate], 'no_stream'),
        store.append('after-1', newEvents(2), 'no_stream'),
      ]);
      const [visits, race, [first, second, after]] = [
        outcomes.slice(0, 10),
        outcomes.slice(10, 20),
        outcomes.slice(20),
      ];
      expect(visits.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
      expect(race.map((outcome) => outcome.status)).toEqual(['fulfilled', ...Array(9).fill('rejected')]);
      for (const outcome of race.slice(1))
        expect(outcome.status === 'rejected' && outcome.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(first?.status).toBe('fulfilled');
      expect(second?.status === 'rejected' && second.reason).toBeInstanceOf(DuplicateEventIdError);
      // a failed append undid only itself: the ones after it in the same commit are there
      expect(after).toEqual({ status: 'fulfilled', value: { revision: 1, position: 14 } });
      const all = await store.readAll(0, 100);
      expect(all.map((event) => event.stream)).toEqual([
        ...Array.from({ length: 10 }, (_, i) => `visit-${i}`),
        'race-1',
        'dup-1',
        'after-1',
        'after-1',
      ]);
      expect(all.map((event) => event.position)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
      await store.close();
    });

    it('the event loop runs on while a commit waits for the file', { timeout: 10_000 }, async () => {
      const path = tempDatabase();
      const store = openSqliteEventStore({ path });
      await store.append('warm-1', [newEvent()], 'no_stream');
      // another connection holds the write lock: the commit waits for it (SQLite's busy timeout)
      const other = new DatabaseSync(path);
      other.exec('BEGIN IMMEDIATE');
      let committed = false;
      const appended = store.append('late-1', [newEvent()], 'no_stream').then((result) => {
        committed = true;
        return result;
      });
      // timers still fire meanwhile (an append on the event loop would hold it until the lock is free)
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(committed).toBe(false);
      other.exec('COMMIT');
      other.close();
      expect(await appended).toEqual({ revision: 0, position: 2 });
      await store.close();
    });

    it('one thread writes every file of the process: each gets its own appends, and closing one leaves the others open', async () => {
      const [a, b] = [openSqliteEventStore({ path: tempDatabase() }), openSqliteEventStore({ path: tempDatabase() })];
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => [
          a.append(`a-${i}`, [newEvent()], 'no_stream'),
          b.append(`b-${i}`, newEvents(2), 'no_stream'),
        ]).flat(),
      );
      await a.close();
      expect(await b.append('b-last', [newEvent()], 'no_stream')).toEqual({ revision: 0, position: 21 });
      expect((await b.readAll(0, 100)).every((event) => event.stream.startsWith('b-'))).toBe(true);
      await b.close();
    });

    it('closing waits for the appends asked before it', async () => {
      const path = tempDatabase();
      const store = openSqliteEventStore({ path });
      const appends = Array.from({ length: 20 }, (_, i) => store.append(`close-${i}`, [newEvent()], 'no_stream'));
      await store.close();
      expect((await Promise.all(appends)).map((result) => result.position)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      const reopened = openSqliteEventStore({ path });
      expect(await reopened.readAll(0, 100)).toHaveLength(20);
      await reopened.close();
    });
  });
});
