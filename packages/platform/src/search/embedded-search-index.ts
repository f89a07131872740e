import { hash } from 'node:crypto';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import SearchableMap from 'minisearch/SearchableMap';
import { checkpointOffTheLoop } from '../sqlite/wal-checkpoints.ts';
import { createFilterBitsets } from './filter-bitsets.ts';
import { type FilterPageDeps, filterPage, filterSql, passes } from './filter-pages.ts';
import type {
  SearchDocument,
  SearchHits,
  SearchIndex,
  SearchIndexOptions,
  SearchQuery,
  SortOrder,
} from './search-index.ts';
import { matchOf, wordsOf } from './search-words.ts';

/** text answers and totals kept until the next write that changes them; bounded */
const CACHE_MAX = 1000;

const textKeyOf = (text: SearchDocument['text']) => hash('sha1', JSON.stringify(text), 'base64');
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface Row {
  readonly rid: number;
  readonly text_key: string;
  readonly filters: string;
  readonly sort: string;
}

interface Hit {
  readonly id: string;
  readonly score: number;
  /** the sort (or tie-break) key; null when the document has none */
  readonly key: number | null;
}

/**
 * The embedded search index, on disk (`path`; `:memory:` for tests that need no durability):
 * SQLite's full-text index (FTS5) finds and ranks the words (BM25, the fields weighted as
 * `fields` says), a table of filter values and one of sort keys answer filters and sorts from
 * their indexes, so a search reads what it needs and nothing holds the documents in memory. What
 * stays in memory is the vocabulary (each distinct word once, in a radix tree), for the typos:
 * each query word is searched as typed (and as a prefix), with a pair of its letters swapped back,
 * and as the indexed words within its typo budget. A document matching every word as typed, as a
 * prefix or with a swap ranks before one that needs an edit.
 */
export const openEmbeddedSearchIndex = (options: SearchIndexOptions & { path: string }): SearchIndex => {
  const db = new DatabaseSync(options.path, { timeout: 5000 });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  // its checkpoints (the only waits for the disk in NORMAL mode) are a thread's, not the event loop's
  const checkpoints = checkpointOffTheLoop(db, options.path);
  const fields = Object.keys(options.fields);
  const weights = fields.map((field) => options.fields[field] as number);
  const columns = fields.map((_, i) => `f${i}`);
  // the fields are the index's columns: other fields than the file was made with make it again
  const shape = JSON.stringify(fields);
  db.exec(`
    CREATE TABLE IF NOT EXISTS checkpoint (one INTEGER PRIMARY KEY CHECK (one = 1), position INTEGER NOT NULL);
    INSERT OR IGNORE INTO checkpoint (one, position) VALUES (1, 0);
    CREATE TABLE IF NOT EXISTS shape (one INTEGER PRIMARY KEY CHECK (one = 1), fields TEXT NOT NULL);
  `);
  const madeWith = (db.prepare('SELECT fields FROM shape').get() as { fields: string } | undefined)?.fields;
  if (madeWith !== undefined && madeWith !== shape)
    db.exec(
      'DROP TABLE IF EXISTS docs; DROP TABLE IF EXISTS filters; DROP TABLE IF EXISTS filter_counts; DROP TABLE IF EXISTS sortkeys; DROP TABLE IF EXISTS fts; DROP TABLE IF EXISTS vocab; UPDATE checkpoint SET position = 0',
    );
  db.prepare(
    'INSERT INTO shape (one, fields) VALUES (1, ?) ON CONFLICT (one) DO UPDATE SET fields = excluded.fields',
  ).run(shape);
  db.exec(`
    CREATE TABLE IF NOT EXISTS docs (
      rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, text_key TEXT NOT NULL, filters TEXT NOT NULL, sort TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS filters (field TEXT NOT NULL, value TEXT NOT NULL, rid INTEGER NOT NULL, PRIMARY KEY (field, value, rid)) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS filters_of ON filters (rid);
    CREATE TABLE IF NOT EXISTS filter_counts (field TEXT NOT NULL, value TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (field, value)) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS sortkeys (rid INTEGER NOT NULL, field TEXT NOT NULL, value REAL NOT NULL, id TEXT NOT NULL, PRIMARY KEY (rid, field)) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS sortkeys_asc ON sortkeys (field, value, id);
    CREATE INDEX IF NOT EXISTS sortkeys_desc ON sortkeys (field, value DESC, id);
    CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(${columns.join(', ')}, content='', contentless_delete=1, prefix='2 3', tokenize='unicode61 remove_diacritics 2');
    CREATE VIRTUAL TABLE IF NOT EXISTS vocab USING fts5vocab(fts, 'row');
  `);
  // a file the earlier index wrote (every document as JSON, the words indexed in memory): indexed here once
  const earlier = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'documents'").get();
  const st = {
    position: db.prepare('SELECT position FROM checkpoint WHERE one = 1'),
    setPosition: db.prepare('UPDATE checkpoint SET position = ? WHERE one = 1'),
    row: db.prepare('SELECT rid, text_key, filters, sort FROM docs WHERE id = ?'),
    insertDoc: db.prepare('INSERT INTO docs (id, text_key, filters, sort) VALUES (?, ?, ?, ?)'),
    updateDoc: db.prepare('UPDATE docs SET text_key = ?, filters = ?, sort = ? WHERE rid = ?'),
    deleteDoc: db.prepare('DELETE FROM docs WHERE rid = ?'),
    insertText: db.prepare(
      `INSERT INTO fts (rowid, ${columns.join(', ')}) VALUES (?, ${columns.map(() => '?').join(', ')})`,
    ),
    deleteText: db.prepare('DELETE FROM fts WHERE rowid = ?'),
    insertFilter: db.prepare('INSERT OR IGNORE INTO filters (field, value, rid) VALUES (?, ?, ?)'),
    deleteFilters: db.prepare('DELETE FROM filters WHERE rid = ?'),
    countFilter: db.prepare(
      'INSERT INTO filter_counts (field, value, n) VALUES (?, ?, ?) ON CONFLICT (field, value) DO UPDATE SET n = n + excluded.n',
    ),
    filterCount: db.prepare('SELECT n FROM filter_counts WHERE field = ? AND value = ?'),
    filterRows: db.prepare('SELECT rid FROM filters WHERE field = ? AND value = ?'),
    insertSortKey: db.prepare('INSERT INTO sortkeys (rid, field, value, id) VALUES (?, ?, ?, ?)'),
    deleteSortKeys: db.prepare('DELETE FROM sortkeys WHERE rid = ?'),
    docCount: db.prepare('SELECT count(*) AS n FROM docs'),
    sortKeyCounts: db.prepare('SELECT field, count(*) AS n FROM sortkeys GROUP BY field'),
    terms: db.prepare('SELECT term FROM vocab'),
  };

  /** every word of the index (a removed document's words stay until a restart: they then match nothing) */
  let vocabulary = new SearchableMap<true>();
  const bitsets = createFilterBitsets((field, value) =>
    (st.filterRows.all(field, value) as { rid: number }[]).map((row) => Number(row.rid)),
  );
  for (const { term } of st.terms.iterate() as Iterable<{ term: string }>) vocabulary.set(term, true);
  let docCount = 0;
  /** how many documents have each sort key: a sort by a key every document has walks its index */
  const sortKeyCounts = new Map<string, number>();
  const countAll = () => {
    docCount = Number((st.docCount.get() as { n: number }).n);
    sortKeyCounts.clear();
    for (const { field, n } of st.sortKeyCounts.all() as { field: string; n: number }[])
      sortKeyCounts.set(field, Number(n));
  };
  countAll();
  const countSortKeys = (sort: Readonly<Record<string, number>>, by: number) => {
    for (const field in sort) sortKeyCounts.set(field, (sortKeyCounts.get(field) ?? 0) + by);
  };

  /** text answers (every id, in order), dropped on every write */
  let textCache = new Map<string, string[]>();
  /**
   * Totals of filter-only queries, kept up to date by each write (a document that comes to pass a
   * query's filters, or stops passing them, moves its total by one), so a write does not make the
   * next query count again; bounded.
   */
  let totalCache = new Map<string, { filters: Readonly<Record<string, string>>; total: number }>();
  const recount = (before: SearchDocument['filters'] | undefined, after: SearchDocument['filters'] | undefined) => {
    for (const kept of totalCache.values())
      kept.total +=
        Number(after !== undefined && passes(after, kept.filters)) -
        Number(before !== undefined && passes(before, kept.filters));
  };
  const statements = new Map<string, StatementSync>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  const putText = (rid: number, text: SearchDocument['text']) => {
    st.insertText.run(rid, ...fields.map((field) => text[field] ?? ''));
    for (const field of fields) for (const word of wordsOf(text[field] ?? '')) vocabulary.set(word, true);
  };
  /** each filter value of a document once */
  const valuesOf = function* (filters: SearchDocument['filters']) {
    for (const field in filters) {
      const raw = filters[field] as string | readonly string[];
      for (const value of typeof raw === 'string' ? [raw] : new Set(raw)) yield [field, value] as const;
    }
  };
  /** a document's filter values in (by = 1) or out (by = -1): its rows, and the kept count of each value */
  const putFilters = (rid: number, filters: SearchDocument['filters'], by: 1 | -1) => {
    if (by === -1) st.deleteFilters.run(rid);
    for (const [field, value] of valuesOf(filters)) {
      if (by === 1) st.insertFilter.run(field, value, rid);
      st.countFilter.run(field, value, by);
      bitsets.mark(field, value, rid, by === 1);
    }
  };
  const putSortKeys = (rid: number, id: string, sort: SearchDocument['sort']) => {
    for (const field in sort) st.insertSortKey.run(rid, field, sort[field] as number, id);
  };
  /**
   * Indexes a document, or one again: its words only when its text changed, its filters only when
   * they changed (most writes change only sort keys: a listing's views, votes or followers).
   */
  const put = (doc: SearchDocument) => {
    const old = st.row.get(doc.id) as Row | undefined;
    const textKey = textKeyOf(doc.text);
    const filters = JSON.stringify(doc.filters);
    const sort = JSON.stringify(doc.sort);
    if (!old) {
      const rid = Number(st.insertDoc.run(doc.id, textKey, filters, sort).lastInsertRowid);
      putText(rid, doc.text);
      putFilters(rid, doc.filters, 1);
      putSortKeys(rid, doc.id, doc.sort);
      countSortKeys(doc.sort, 1);
      docCount++;
      recount(undefined, doc.filters);
      return;
    }
    const rid = Number(old.rid);
    if (old.text_key !== textKey) {
      st.deleteText.run(rid);
      putText(rid, doc.text);
    }
    if (old.filters !== filters) {
      const before = JSON.parse(old.filters) as SearchDocument['filters'];
      putFilters(rid, before, -1);
      putFilters(rid, doc.filters, 1);
      recount(before, doc.filters);
    }
    if (old.sort !== sort) {
      st.deleteSortKeys.run(rid);
      putSortKeys(rid, doc.id, doc.sort);
      countSortKeys(JSON.parse(old.sort) as Record<string, number>, -1);
      countSortKeys(doc.sort, 1);
    }
    st.updateDoc.run(textKey, filters, sort, rid);
  };
  const drop = (id: string) => {
    const old = st.row.get(id) as Row | undefined;
    if (!old) return;
    const rid = Number(old.rid);
    st.deleteText.run(rid);
    const before = JSON.parse(old.filters) as SearchDocument['filters'];
    putFilters(rid, before, -1);
    recount(before, undefined);
    st.deleteSortKeys.run(rid);
    st.deleteDoc.run(rid);
    countSortKeys(JSON.parse(old.sort) as Record<string, number>, -1);
    docCount--;
  };

  if (earlier) {
    db.exec('BEGIN IMMEDIATE');
    for (const { doc } of db.prepare('SELECT doc FROM documents').iterate() as Iterable<{ doc: string }>)
      put(JSON.parse(doc) as SearchDocument);
    db.exec('DROP TABLE documents; COMMIT');
  }

  const textHits = (match: string, query: SearchQuery, order: SortOrder | undefined): Hit[] => {
    // the words first (materialized: a filter's ids must not drive one full-text lookup each)
    const where = filterSql('m.rid', query.filters);
    const sql = `WITH m AS MATERIALIZED (SELECT rowid AS rid, bm25(fts, ${weights.join(', ')}) AS score FROM fts WHERE fts MATCH ?)
      SELECT d.id AS id, m.score AS score, ${order ? 'k.value' : 'NULL'} AS key
      FROM m JOIN docs d ON d.rid = m.rid
      ${order ? 'LEFT JOIN sortkeys k ON k.rid = m.rid AND k.field = ?' : ''}
      WHERE 1${where.sql}`;
    return prepared(sql).all(match, ...(order ? [order.field] : []), ...where.params) as unknown as Hit[];
  };
  const compareKeys = (order: SortOrder | undefined) => {
    const sign = order?.direction === 'asc' ? 1 : -1;
    return (a: Hit, b: Hit) => {
      const x = a.key ?? Number.NEGATIVE_INFINITY;
      const y = b.key ?? Number.NEGATIVE_INFINITY;
      return x === y ? byId(a.id, b.id) : x < y ? -sign : sign;
    };
  };

  /** every id matching the text and the filters, in the answer's order */
  const textSearch = (text: string, query: SearchQuery): string[] => {
    const words = wordsOf(text);
    if (words.length === 0) return [];
    const order = query.sort ?? query.tieBreak;
    let any = false;
    let hits = textHits(matchOf(vocabulary, words, true, any), query, order);
    // every word must match (AND); when that finds nothing, any word may (OR)
    if (hits.length === 0 && words.length > 1) {
      any = true;
      hits = textHits(matchOf(vocabulary, words, true, any), query, order);
    }
    if (query.sort) return hits.sort(compareKeys(query.sort)).map((hit) => hit.id);
    // relevance: what matches as typed (as a prefix, or with a swap) first, then by BM25 (lower is better)
    const typed = new Set(textHits(matchOf(vocabulary, words, false, any), query, undefined).map((hit) => hit.id));
    const tie = compareKeys(query.tieBreak);
    return hits
      .sort((a, b) => Number(typed.has(b.id)) - Number(typed.has(a.id)) || a.score - b.score || tie(a, b))
      .map((hit) => hit.id);
  };

  /** what a filter-only page is read with (filter-pages.ts) */
  const pages: FilterPageDeps = {
    prepared,
    countOf: (field, value) => Number((st.filterCount.get(field, value) as { n: number } | undefined)?.n ?? 0),
    get docCount() {
      return docCount;
    },
    everyOneHas: (field) => sortKeyCounts.get(field) === docCount,
    bitset: (field, value) => bitsets.of(field, value),
    keptTotal: (filters) => totalCache.get(JSON.stringify(filters))?.total,
    keepTotal: (filters, total) => {
      if (totalCache.size >= CACHE_MAX) totalCache = new Map();
      totalCache.set(JSON.stringify(filters), { filters, total });
    },
  };

  let closed = false;
  return {
    position: async () => Number((st.position.get() as { position: number }).position),
    apply: async (changes, position) => {
      db.exec('BEGIN IMMEDIATE');
      try {
        for (const doc of changes.upsert) put(doc);
        for (const id of changes.remove) drop(id);
        st.setPosition.run(position);
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        // what the failed step counted is read again from the tables
        countAll();
        bitsets.clear();
        totalCache = new Map();
        throw error;
      }
      if (changes.upsert.length > 0 || changes.remove.length > 0) textCache = new Map();
    },
    search: async (query: SearchQuery): Promise<SearchHits> => {
      const text = query.text?.trim() ?? '';
      if (text === '') return filterPage(pages, query);
      // the same question asked again before any write gets the same answer: from the cache
      const key = JSON.stringify([text.toLowerCase(), query.filters ?? {}, query.sort ?? null, query.tieBreak ?? null]);
      let ids = textCache.get(key);
      if (!ids) {
        ids = textSearch(text, query);
        if (textCache.size >= CACHE_MAX) textCache = new Map();
        textCache.set(key, ids);
      }
      return { ids: ids.slice(query.offset, query.offset + query.limit), total: ids.length };
    },
    size: async () => docCount,
    clear: async () => {
      db.exec(
        "BEGIN IMMEDIATE; DELETE FROM docs; DELETE FROM filters; DELETE FROM filter_counts; DELETE FROM sortkeys; INSERT INTO fts (fts) VALUES ('delete-all'); UPDATE checkpoint SET position = 0; COMMIT",
      );
      vocabulary = new SearchableMap<true>();
      bitsets.clear();
      docCount = 0;
      sortKeyCounts.clear();
      textCache = new Map();
      totalCache = new Map();
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await checkpoints.release();
      db.close();
    },
  };
};
