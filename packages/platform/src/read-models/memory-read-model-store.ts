import { countByInRows, distinctInRows, findInRows, rowsMatching } from './document-query.ts';
import { type ReadModelStore, StalePositionError } from './read-model-store.ts';

/**
 * In-memory read-model store for tests: same behaviour as the SQLite one, gone when dropped. It
 * answers queries too (by a scan), as the MongoDB adapter does with indexes, so a reader's query
 * path runs in unit tests without a server.
 */
export const openMemoryReadModelStore = (): ReadModelStore => {
  const collections = new Map<string, Map<string, string>>();
  let at = 0;
  const of = (name: string) => {
    let c = collections.get(name);
    if (!c) {
      c = new Map();
      collections.set(name, c);
    }
    return c;
  };
  const rows = (collection: string) =>
    [...of(collection).entries()].map(([id, json]) => ({ id, doc: JSON.parse(json) as unknown }));
  return {
    position: async () => at,
    find: async (collection, options) => findInRows(rows(collection), options),
    count: async (collection, where) => [...rowsMatching(rows(collection), where)].length,
    distinct: async (collection, field, where) => distinctInRows(rows(collection), field, where),
    countBy: async (collection, field, where) => countByInRows(rows(collection), field, where),
    get: async (collection, id) => {
      const json = of(collection).get(id);
      return json === undefined ? undefined : JSON.parse(json);
    },
    all: async (collection) =>
      [...of(collection).entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([id, json]) => ({ id, doc: JSON.parse(json) })),
    write: async (writes, position) => {
      if (position <= at) throw new StalePositionError(at, position);
      for (const w of writes) {
        if (w.doc === null) of(w.collection).delete(w.id);
        else of(w.collection).set(w.id, JSON.stringify(w.doc));
      }
      at = position;
    },
    clear: async () => {
      collections.clear();
      at = 0;
    },
    close: async () => {},
  };
};
