import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../event-store/event-store.ts';
import { openMemoryEventStore } from '../event-store/memory-event-store.ts';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { until } from '../testing/until.ts';
import {
  type DocumentProjection,
  foldDocumentView,
  openDocumentReadModel,
  rebuildDocumentReadModel,
} from './document-read-model.ts';
import { openMemoryReadModelStore } from './memory-read-model-store.ts';
import { openSqliteReadModelStore, readModelStoreInUse } from './sqlite-read-model-store.ts';

// a counter per stream, and the total of all counters as a derived lookup
type Doc = { count: number };
type View = { total: number; counts: Map<string, number> };
const counters: DocumentProjection<Doc, View> = {
  collection: 'counters',
  documentOf: (event) => (event.stream.startsWith('counter-') ? event.stream : undefined),
  evolve: (doc, event) => (event.type === 'Added' ? { count: (doc?.count ?? 0) + 1 } : doc),
  createView: () => {
    const view: View = { total: 0, counts: new Map() };
    return {
      view,
      put: (id, before, after) => {
        view.total += (after?.count ?? 0) - (before?.count ?? 0);
        view.counts.set(id, after?.count ?? 0);
      },
    };
  },
};

const add = (events: EventStore, stream: string) =>
  events.append(stream, [{ id: randomUUID(), type: 'Added', data: {} }], 'any');

/** counts readAll calls by where they start */
const spied = (events: EventStore) => {
  const from: number[] = [];
  const store: EventStore = {
    ...events,
    readAll: (after, limit) => {
      from.push(after);
      return events.readAll(after, limit);
    },
    subscribeAll: (options) => events.subscribeAll(options),
  };
  return { store, from };
};

const noError = (error: unknown) => {
  throw error;
};

describe('document read model', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'document-read-model-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('when restarted then it loads the stored documents and reads only the events after the checkpoint', async () => {
    const events = openMemoryEventStore();
    const store = openMemoryReadModelStore();
    for (let i = 0; i < 10; i++) await add(events, `counter-${i % 3}`);
    const first = await openDocumentReadModel({ events, store, projection: counters, onError: noError });
    expect(first.view().total).toBe(10);
    await first.close();
    expect(await store.position()).toBe(10);

    await add(events, 'counter-0');
    const spy = spied(events);
    const again = await openDocumentReadModel({ events: spy.store, store, projection: counters, onError: noError });
    expect(spy.from[0]).toBe(10); // from the checkpoint, not from 0
    expect(again.view().total).toBe(11);
    expect(again.view().counts.get('counter-0')).toBe(5);
    await again.close();
  });

  it('when the store refuses a write mid-run then the write is tried again, with no further event, until it goes through', async () => {
    const events = openMemoryEventStore();
    const inner = openMemoryReadModelStore();
    let refusals = 2;
    const refused: number[] = [];
    // the store goes away for two writes (MongoDB restarting), then answers again
    const store = {
      ...inner,
      write: async (...args: Parameters<typeof inner.write>) => {
        if (refusals > 0) {
          refusals--;
          throw new Error('connection refused');
        }
        return inner.write(...args);
      },
    };
    const model = await openDocumentReadModel({
      events,
      store,
      projection: counters,
      onError: noError,
      onWriteError: (_error, retryInMs) => refused.push(retryInMs),
    });
    const { position } = await add(events, 'counter-a');
    await model.waitFor(position);
    // the one event, written once the store answers again: nothing else is appended meanwhile
    expect(
      await until(
        () => inner.position(),
        (stored) => stored === position,
      ),
    ).toBe(position);
    expect(refused).toEqual([200, 400]);
    expect(await inner.all('counters')).toEqual([{ id: 'counter-a', doc: { at: position, doc: { count: 1 } } }]);
    await model.close();
  });

  it('when an event is appended then waitFor resolves once it is folded in (read-your-writes)', async () => {
    const events = openMemoryEventStore();
    const model = await openDocumentReadModel({
      events,
      store: openMemoryReadModelStore(),
      projection: counters,
      onError: noError,
    });
    const { position } = await add(events, 'counter-a');
    await model.waitFor(position);
    expect(model.view().counts.get('counter-a')).toBe(1);
    const changed = model.nextChange(60_000);
    await add(events, 'counter-a');
    await changed;
    expect(model.position).toBe(position + 1);
    await model.close();
  });

  it('when rebuilt from 0 then the documents and view are those the live model had', async () => {
    const events = openMemoryEventStore();
    const store = openMemoryReadModelStore();
    const live = await openDocumentReadModel({ events, store, projection: counters, onError: noError });
    for (let i = 0; i < 25; i++) await add(events, `counter-${i % 4}`);
    await events.append('other-1', [{ id: randomUUID(), type: 'Noise', data: {} }], 'any');
    await live.waitFor(26);
    const liveCounts = new Map(live.view().counts);
    await live.close();
    const storedBefore = await store.all('counters');

    const rebuilt = await rebuildDocumentReadModel({ events, store, projection: counters });
    expect(rebuilt).toEqual({ events: 26, documents: 4, position: 26 });
    expect(await store.all('counters')).toEqual(storedBefore);
    const reopened = await openDocumentReadModel({ events, store, projection: counters, onError: noError });
    expect(reopened.view().counts).toEqual(liveCounts);
    expect(foldDocumentView(counters, await events.readAll(0, 100)).view.total).toBe(reopened.view().total);
    await reopened.close();
  });

  it('when two instances share one event store and one read-model store then both answer alike and a restart resumes', async () => {
    const dir = tempDir();
    const eventsFile = path.join(dir, 'events.sqlite');
    const storeFile = path.join(dir, 'read-models.sqlite');
    const open = async () => {
      const events = openSqliteEventStore({ path: eventsFile, pollIntervalMs: 10 });
      const store = openSqliteReadModelStore({ path: storeFile });
      const model = await openDocumentReadModel({ events, store, projection: counters, onError: noError });
      return { events, store, model };
    };
    const a = await open();
    const b = await open();
    expect(readModelStoreInUse(storeFile)).toBe(true);
    let last = 0;
    for (let i = 0; i < 40; i++) last = (await add(i % 2 ? a.events : b.events, `counter-${i % 5}`)).position;
    await a.model.waitFor(last);
    await b.model.waitFor(last);
    expect(a.model.view().counts).toEqual(b.model.view().counts);
    // both write their batches; the one behind is refused by position and drops its batch
    await a.model.flush();
    await b.model.flush();
    for (const x of [a, b]) {
      await x.model.close();
      await x.store.close();
      await x.events.close();
    }
    expect(readModelStoreInUse(storeFile)).toBe(false);

    const c = await open();
    expect(c.model.view().total).toBe(40);
    expect(c.model.view().counts.get('counter-0')).toBe(8);
    await c.model.close();
    await c.store.close();
    await c.events.close();
  });
});
