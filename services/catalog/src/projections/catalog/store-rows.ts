import {
  countByInRows,
  distinctInRows,
  findInRows,
  type ReadModelStore,
  rowsMatching,
} from '@listings/platform/read-models';
import { type Rows, type Stored, storedOf } from './rows.ts';

/** listings and founders the store-backed read model keeps at hand (the rest is read on demand) */
export const CACHE_ROWS = 20_000;

/**
 * `fresh`: the store held nothing at start (position 0: a first start, or the demo catalog just
 * appended): a document this reader has not written is known absent, without a round trip per new
 * document while catching up (FerretDB answers a find by `_id` in milliseconds, thousands of times).
 */
export const storeRows = <Doc>(store: ReadModelStore, collection: string, fresh = false): Rows<Doc> => {
  const find = store.find?.bind(store);
  const count = store.count?.bind(store);
  const distinct = store.distinct?.bind(store);
  const countBy = store.countBy?.bind(store);
  if (!find || !count || !distinct || !countBy) throw new Error('the read-model store answers no queries');
  // null: known absent
  const pending = new Map<string, Stored<Doc> | null>();
  const cache = new Map<string, Stored<Doc> | null>();
  let flushes = 0;
  /** with `fresh`: every id this reader wrote (what the store can hold) */
  const written = fresh ? new Set<string>() : null;
  /**
   * With `fresh`, until the cache first drops a row: every document of the collection is in the
   * cache or pending (this reader folded each one), so queries are answered from memory, as the
   * embedded read model answers them, not by the store: FerretDB 1.24 on SQLite pushes no filter
   * but `_id` down (it scans the table for each), and a start with the demo catalog makes dozens.
   */
  let complete = fresh;
  const remember = (id: string, value: Stored<Doc> | null) => {
    cache.delete(id);
    cache.set(id, value);
    if (cache.size > CACHE_ROWS) {
      cache.delete(cache.keys().next().value as string);
      complete = false;
    }
  };
  /** every document, when `complete` (pending over cached) */
  const held = function* () {
    for (const [id, doc] of pending) if (doc) yield { id, doc };
    for (const [id, doc] of cache) if (doc && !pending.has(id)) yield { id, doc };
  };
  return {
    get: async (id) => {
      for (;;) {
        const held = pending.has(id) ? pending.get(id) : cache.get(id);
        if (held !== undefined) return held ?? undefined;
        if (written && !written.has(id)) return undefined;
        const flushesBefore = flushes;
        const raw = await store.get(collection, id);
        // a fold or a flush while reading knows better than the read: the read may be older
        if (pending.has(id)) return pending.get(id) ?? undefined;
        if (cache.has(id)) return cache.get(id) ?? undefined;
        if (flushes !== flushesBefore) continue; // written meanwhile (and perhaps evicted): read again
        const value = raw === undefined ? null : storedOf<Doc>(raw);
        remember(id, value);
        return value ?? undefined;
      }
    },
    set: (id, value) => {
      pending.set(id, value ?? null);
    },
    pendingValue: (id) => pending.get(id),
    flushed: (id, value) => {
      flushes++;
      written?.add(id);
      if ((pending.get(id) ?? undefined) !== value) return; // folded again since: still pending
      pending.delete(id);
      remember(id, value ?? null);
    },
    get waiting() {
      return pending.size > 0;
    },
    find: async (options) =>
      complete
        ? findInRows(held(), options)
        : (await find(collection, options)).map(({ id, doc }) => ({ id, doc: storedOf<Doc>(doc) })),
    count: async (where) => {
      if (!complete) return count(collection, where);
      let n = 0;
      for (const _ of rowsMatching(held(), where)) n++;
      return n;
    },
    distinct: async (field, where) =>
      complete ? distinctInRows(held(), field, where) : distinct(collection, field, where),
    countBy: async (field, where) =>
      complete ? countByInRows(held(), field, where) : countBy(collection, field, where),
  };
};
