import { hash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import MiniSearch, { type Query } from 'minisearch';
import { checkpointOffTheLoop } from '../sqlite/wal-checkpoints.ts';
import type {
  SearchDocument,
  SearchHits,
  SearchIndex,
  SearchIndexOptions,
  SearchQuery,
  SortOrder,
} from './search-index.ts';

/**
 * Typo budget per query term: exact for 1-3 letters, one edit for 4, two from 5 up, so `figam`
 * finds Figma and `notoin` finds Notion (a swap of two letters is two edits).
 */
export const typoBudget = (term: string): number => (term.length <= 3 ? 0 : term.length === 4 ? 1 : 2);

/** The query with one pair of neighbouring letters swapped, for each pair of words of 4+ letters (bounded). */
export const transpositionsOf = (text: string): string[] => {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 || text.length > 80) return [];
  const out: string[] = [];
  words.forEach((word, w) => {
    if (word.length < 4) return;
    for (let i = 0; i < word.length - 1; i++) {
      if (word[i] === word[i + 1]) continue;
      const swapped = `${word.slice(0, i)}${word[i + 1]}${word[i]}${word.slice(i + 2)}`;
      out.push([...words.slice(0, w), swapped, ...words.slice(w + 1)].join(' '));
    }
  });
  return out.slice(0, 40);
};

interface Indexed {
  readonly filters: Readonly<Record<string, string | readonly string[]>>;
  readonly sort: Readonly<Record<string, number>>;
  /** a digest of the text fields: a document put again with the same text is not indexed again */
  readonly textKey: string;
}

const textKeyOf = (text: SearchDocument['text']) => hash('sha1', JSON.stringify(text), 'base64');

const matches = (doc: Indexed, filters: Readonly<Record<string, string>> | undefined): boolean => {
  if (!filters) return true;
  for (const key in filters) {
    const have = doc.filters[key];
    const want = filters[key];
    if (have === undefined) return false;
    if (typeof have === 'string' ? have !== want : !have.includes(want as string)) return false;
  }
  return true;
};

const compareBy = (order: SortOrder | undefined, docs: Map<string, Indexed>) => {
  if (!order) return (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sign = order.direction === 'asc' ? 1 : -1;
  return (a: string, b: string) => {
    const x = docs.get(a)?.sort[order.field] ?? Number.NEGATIVE_INFINITY;
    const y = docs.get(b)?.sort[order.field] ?? Number.NEGATIVE_INFINITY;
    return x === y ? (a < b ? -1 : a > b ? 1 : 0) : x < y ? -sign : sign;
  };
};

/**
 * The embedded search index: MiniSearch in memory for text, filters and sort keys in a map, and
 * every document in SQLite (`path`), so the index survives a restart without a replay: opening
 * re-adds the stored documents. `path: ':memory:'` for tests that need no durability.
 */
export const openEmbeddedSearchIndex = (options: SearchIndexOptions & { path: string }): SearchIndex => {
  const db = new DatabaseSync(options.path, { timeout: 5000 });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  // its checkpoints (the only waits for the disk in NORMAL mode) are a thread's, not the event loop's
  const checkpoints = checkpointOffTheLoop(db, options.path);
  db.exec(`
    CREATE TABLE IF NOT EXISTS documents (id TEXT PRIMARY KEY, doc TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS checkpoint (one INTEGER PRIMARY KEY CHECK (one = 1), position INTEGER NOT NULL);
    INSERT OR IGNORE INTO checkpoint (one, position) VALUES (1, 0);
  `);
  const upsertRow = db.prepare(
    'INSERT INTO documents (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc',
  );
  const deleteRow = db.prepare('DELETE FROM documents WHERE id = ?');
  const setPosition = db.prepare('UPDATE checkpoint SET position = ? WHERE one = 1');
  const getPosition = db.prepare('SELECT position FROM checkpoint WHERE one = 1');

  const fields = Object.keys(options.fields);
  const newMini = () =>
    new MiniSearch<{ id: string } & Record<string, string>>({
      fields,
      idField: 'id',
      searchOptions: {
        boost: { ...options.fields },
        prefix: (term) => term.length >= 2,
        fuzzy: (term) => typoBudget(term),
        maxFuzzy: 2,
        combineWith: 'AND',
      },
    });
  let mini = newMini();
  const docs = new Map<string, Indexed>();
  /** field → value → ids: a filtered query starts from its smallest posting list, not every document */
  const postings = new Map<string, Map<string, Set<string>>>();
  /** ids sorted per sort order, rebuilt on the first query after a write */
  let sortedCache = new Map<string, string[]>();
  /** filtered + sorted ids per query shape (no text), dropped on every write; bounded */
  let resultCache = new Map<string, string[]>();
  /** text query → ids in answer order, dropped on every write; bounded */
  let textCache = new Map<string, string[]>();
  const RESULT_CACHE_MAX = 1000;

  const posting = (field: string, value: string) => postings.get(field)?.get(value);
  const index = (id: string, filters: Indexed['filters'], add: boolean) => {
    for (const field in filters) {
      const raw = filters[field] as string | readonly string[];
      let byValue = postings.get(field);
      if (!byValue) {
        byValue = new Map();
        postings.set(field, byValue);
      }
      for (const value of typeof raw === 'string' ? [raw] : raw) {
        let ids = byValue.get(value);
        if (!ids) {
          ids = new Set();
          byValue.set(value, ids);
        }
        if (add) ids.add(id);
        else ids.delete(id);
      }
    }
  };
  /**
   * Indexes a document, or one again: its words only when its text changed, its filters only when
   * they changed (most writes change only sort keys: a listing's views, votes or followers; a
   * MiniSearch discard and add is the costly part, and the discards leave work for its vacuum).
   */
  const put = (doc: SearchDocument) => {
    const old = docs.get(doc.id);
    const textKey = textKeyOf(doc.text);
    if (old?.textKey !== textKey) {
      if (old) mini.discard(doc.id);
      mini.add({ id: doc.id, ...doc.text });
    }
    const sameFilters = old !== undefined && JSON.stringify(old.filters) === JSON.stringify(doc.filters);
    if (old && !sameFilters) index(doc.id, old.filters, false);
    docs.set(doc.id, { filters: doc.filters, sort: doc.sort, textKey });
    if (!sameFilters) index(doc.id, doc.filters, true);
  };
  const drop = (id: string) => {
    const old = docs.get(id);
    if (!old) return;
    mini.discard(id);
    index(id, old.filters, false);
    docs.delete(id);
  };

  /** every id passing the filters, in the sort order; cached until the next write */
  const filteredSorted = (filters: Readonly<Record<string, string>> | undefined, order: SortOrder | undefined) => {
    const key = JSON.stringify([filters ?? {}, order ?? null]);
    let ids = resultCache.get(key);
    if (ids) return ids;
    const entries = Object.entries(filters ?? {});
    if (entries.length === 0) ids = sortedIds(order);
    else {
      const lists = entries.map(([field, value]) => posting(field, value) ?? new Set<string>());
      lists.sort((a, b) => a.size - b.size);
      const [smallest, ...rest] = lists as [Set<string>, ...Set<string>[]];
      if (smallest.size * 8 < docs.size) {
        ids = [...smallest].filter((id) => rest.every((set) => set.has(id))).sort(compareBy(order, docs));
      } else {
        ids = sortedIds(order).filter((id) => lists.every((set) => set.has(id)));
      }
    }
    if (resultCache.size >= RESULT_CACHE_MAX) resultCache = new Map();
    resultCache.set(key, ids);
    return ids;
  };

  // durable: rebuild the in-memory index from the stored documents
  const stored = db.prepare('SELECT doc FROM documents').all() as { doc: string }[];
  for (const row of stored) put(JSON.parse(row.doc) as SearchDocument);

  const sortedIds = (order: SortOrder | undefined): string[] => {
    const key = order ? `${order.field}:${order.direction}` : '';
    let ids = sortedCache.get(key);
    if (!ids) {
      ids = [...docs.keys()].sort(compareBy(order, docs));
      sortedCache.set(key, ids);
    }
    return ids;
  };

  const textHits = (text: string): { id: string; score: number }[] => {
    // A swap of two neighbouring letters (`notoin`) is two edits to Levenshtein, as far as any
    // other two-letter slip, so among many similar names the intended one can rank low. The
    // swapped-back spellings are also searched as exact words, boosted: a transposition then
    // counts as the single slip people feel it is.
    const swaps = transpositionsOf(text);
    const query: Query =
      swaps.length === 0
        ? text
        : {
            combineWith: 'OR',
            queries: [
              text,
              { queries: swaps, combineWith: 'OR', fuzzy: false, prefix: false, boost: { ...options.fields } },
            ],
          };
    let hits = mini.search(query);
    // every word must match (AND); when that finds nothing, any word may (OR)
    if (hits.length === 0 && /\s/.test(text.trim())) hits = mini.search(text, { combineWith: 'OR' });
    return hits.map((h) => ({ id: String(h.id), score: h.score }));
  };

  let closed = false;
  return {
    position: async () => Number((getPosition.get() as { position: number }).position),
    apply: async (changes, position) => {
      db.exec('BEGIN IMMEDIATE');
      try {
        for (const doc of changes.upsert) upsertRow.run(doc.id, JSON.stringify(doc));
        for (const id of changes.remove) deleteRow.run(id);
        setPosition.run(position);
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
      for (const doc of changes.upsert) put(doc);
      for (const id of changes.remove) drop(id);
      if (changes.upsert.length > 0 || changes.remove.length > 0) {
        sortedCache = new Map();
        resultCache = new Map();
        textCache = new Map();
      }
    },
    search: async (query: SearchQuery): Promise<SearchHits> => {
      const text = query.text?.trim() ?? '';
      const end = query.offset + query.limit;
      if (text !== '') {
        // the same question asked again before any write gets the same answer: from the cache
        const key = JSON.stringify([
          text.toLowerCase(),
          query.filters ?? {},
          query.sort ?? null,
          query.tieBreak ?? null,
        ]);
        let ids = textCache.get(key);
        if (!ids) {
          const hits = textHits(text).filter((h) => {
            const doc = docs.get(h.id);
            return doc !== undefined && matches(doc, query.filters);
          });
          if (query.sort) {
            const compare = compareBy(query.sort, docs);
            hits.sort((a, b) => compare(a.id, b.id));
          } else {
            const tie = compareBy(query.tieBreak, docs);
            hits.sort((a, b) => b.score - a.score || tie(a.id, b.id));
          }
          ids = hits.map((h) => h.id);
          if (textCache.size >= RESULT_CACHE_MAX) textCache = new Map();
          textCache.set(key, ids);
        }
        return { ids: ids.slice(query.offset, end), total: ids.length };
      }
      const all = filteredSorted(query.filters, query.sort ?? query.tieBreak);
      return { ids: all.slice(query.offset, end), total: all.length };
    },
    size: async () => docs.size,
    clear: async () => {
      db.exec('BEGIN IMMEDIATE; DELETE FROM documents; UPDATE checkpoint SET position = 0; COMMIT');
      mini = newMini();
      docs.clear();
      postings.clear();
      sortedCache = new Map();
      resultCache = new Map();
      textCache = new Map();
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await checkpoints.release();
      db.close();
    },
  };
};
