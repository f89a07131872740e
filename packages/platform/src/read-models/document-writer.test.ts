import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/event-store.ts';
import type { DocumentProjection } from './document-read-model.ts';
import { createDocumentSet, createDocumentWriter } from './document-writer.ts';
import { openMemoryReadModelStore } from './memory-read-model-store.ts';
import type { ReadModelStore, ReadModelWrite } from './read-model-store.ts';

/** a store that records every write it is asked for */
const recording = (store: ReadModelStore) => {
  const writes: { writes: readonly ReadModelWrite[]; position: number }[] = [];
  const spied: ReadModelStore = {
    ...store,
    write: async (w, position) => {
      writes.push({ writes: w, position });
      await store.write(w, position);
    },
  };
  return { store: spied, writes };
};

const docs = new Map<string, unknown>();
const stored = ({ collection, id }: { collection: string; id: string }) => docs.get(`${collection}/${id}`) ?? null;

describe('document writer', () => {
  it('when the store takes a write then afterWrite follows with what was written and the position', async () => {
    const { store, writes } = recording(openMemoryReadModelStore());
    let position = 0;
    const followed: { ids: string[]; at: number; stale: boolean }[] = [];
    const writer = createDocumentWriter({
      store,
      position: () => position,
      flushedAt: 0,
      valueToWrite: stored,
      // founders before listings
      order: (a, b) => Number(b.collection === 'founders') - Number(a.collection === 'founders'),
      afterWrite: async (w, at, stale) => {
        followed.push({ ids: w.map((x) => `${x.collection}/${x.id}`), at, stale });
      },
    });
    docs.set('listings/1', { name: 'a' });
    docs.set('founders/ann', { name: 'Ann' });
    writer.mark('listings', '1');
    writer.mark('founders', 'ann');
    position = 3;
    await writer.flush();
    expect(writes).toHaveLength(1);
    expect(writes[0]?.position).toBe(3);
    expect(followed).toEqual([{ ids: ['founders/ann', 'listings/1'], at: 3, stale: false }]);
    expect(await store.get('founders', 'ann')).toEqual({ name: 'Ann' });

    // another instance stored this far already: the store refuses, what follows it is still told
    await store.write([], 5);
    writer.mark('listings', '1');
    position = 4;
    await writer.flush();
    expect(followed[1]).toEqual({ ids: ['listings/1'], at: 4, stale: true });
  });

  it('when what follows the store fails then the documents stay pending and the next flush writes them', async () => {
    const { store, writes } = recording(openMemoryReadModelStore());
    let position = 0;
    let failing = true;
    const writer = createDocumentWriter({
      store,
      position: () => position,
      flushedAt: 0,
      valueToWrite: stored,
      afterWrite: async () => {
        if (failing) throw new Error('search index away');
      },
    });
    docs.set('listings/2', { name: 'b' });
    writer.mark('listings', '2');
    position = 1;
    await expect(writer.flush()).rejects.toThrow('search index away');
    expect(writer.pending).toBe(1);
    failing = false;
    position = 2;
    await writer.flush();
    expect(writer.pending).toBe(0);
    expect(writes.map((w) => [w.position, w.writes.map((x) => x.id)])).toEqual([
      [1, ['2']],
      [2, ['2']],
    ]);
  });

  it('when the store took a write and what follows it failed then the next flush hands it those documents again, with its own', async () => {
    const { store } = recording(openMemoryReadModelStore());
    let position = 0;
    let failing = true;
    const followed: { docs: [string, unknown][]; at: number }[] = [];
    // as the catalog's rows do: a value is pending until the store took it, then undefined
    const pendingValues = new Map<string, unknown>([
      ['listings/5', { name: 'e' }],
      ['listings/6', { name: 'f' }],
    ]);
    const writer = createDocumentWriter({
      store,
      position: () => position,
      flushedAt: 0,
      changesOnly: true,
      valueToWrite: ({ collection, id }) => pendingValues.get(`${collection}/${id}`),
      afterWrite: async (w, at) => {
        for (const write of w) pendingValues.delete(`${write.collection}/${write.id}`);
        if (failing) throw new Error('search index away');
        followed.push({ docs: w.map((x) => [x.id, x.doc]), at });
      },
    });
    writer.mark('listings', '5');
    writer.mark('listings', '6');
    position = 1;
    await expect(writer.flush()).rejects.toThrow('search index away');
    expect(await store.get('listings', '5')).toEqual({ name: 'e' });
    expect(writer.pending).toBe(2);

    failing = false;
    pendingValues.set('listings/6', { name: 'f2' });
    writer.mark('listings', '6');
    position = 2;
    await writer.flush();
    // 5 again (the store had it, search had not), 6 in its newer value, once
    expect(followed).toEqual([
      {
        docs: [
          ['5', { name: 'e' }],
          ['6', { name: 'f2' }],
        ],
        at: 2,
      },
    ]);
    expect(writer.pending).toBe(0);
    position = 3;
    await writer.flush();
    expect(followed).toHaveLength(1);
  });

  it('when only changes are written and nothing changed then the position alone is not written', async () => {
    const { store, writes } = recording(openMemoryReadModelStore());
    let position = 0;
    const changesOnly = createDocumentWriter({
      store,
      position: () => position,
      flushedAt: 0,
      valueToWrite: stored,
      changesOnly: true,
    });
    position = 7;
    await changesOnly.flush();
    expect(writes).toEqual([]);
    const every = createDocumentWriter({ store, position: () => position, flushedAt: 0, valueToWrite: stored });
    await every.flush();
    expect(writes).toEqual([{ writes: [], position: 7 }]);
    // a document whose value is undefined was written already: it is left out of the write
    const skipping = createDocumentWriter({
      store,
      position: () => position,
      flushedAt: 7,
      valueToWrite: () => undefined,
    });
    skipping.mark('listings', '9');
    position = 8;
    await skipping.flush();
    expect(writes[1]).toEqual({ writes: [], position: 8 });
  });
});

describe('document set', () => {
  const projection: DocumentProjection<{ n: number }, Map<string, number>> = {
    collection: 'counters',
    documentOf: (event) => (event.type === 'Added' ? event.stream : undefined),
    evolve: (doc) => ({ n: (doc?.n ?? 0) + 1 }),
    createView: () => {
      const view = new Map<string, number>();
      return { view, put: (id, _before, after) => (after ? view.set(id, after.n) : view.delete(id)) };
    },
  };
  const added = (stream: string, position: number) =>
    ({ stream, position, type: 'Added', data: {} }) as unknown as RecordedEvent;

  it('when an event is folded twice or is older than a loaded document then nothing changes', () => {
    const set = createDocumentSet(projection);
    set.load('a', { at: 5, doc: { n: 2 } });
    expect(set.fold(added('a', 4))).toBeUndefined();
    expect(set.fold(added('a', 6))).toBe('a');
    expect(set.fold(added('a', 6))).toBeUndefined();
    expect(set.fold({ ...added('b', 7), type: 'Other' })).toBeUndefined();
    expect(set.get('a')).toEqual({ at: 6, doc: { n: 3 } });
    expect(set.view.get('a')).toBe(3);
    expect(set.size).toBe(1);
  });
});
