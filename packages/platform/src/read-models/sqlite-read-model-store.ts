import { existsSync } from 'node:fs';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { checkpointOffTheLoop } from '../sqlite/wal-checkpoints.ts';
import { type Scalar, valueAt } from './document-query.ts';
import {
  type ReadModelIndex,
  type ReadModelStore,
  type ReadModelWrite,
  StalePositionError,
} from './read-model-store.ts';
import {
  columnOf,
  findSql,
  jsonPathOf,
  type PathKind,
  type SqlParam,
  valueSql,
  whereSql,
} from './sqlite-document-query.ts';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS docs (
    collection TEXT NOT NULL,
    id TEXT NOT NULL,
    doc TEXT NOT NULL,
    PRIMARY KEY (collection, id)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS checkpoint (one INTEGER PRIMARY KEY CHECK (one = 1), position INTEGER NOT NULL);
  INSERT OR IGNORE INTO checkpoint (one, position) VALUES (1, 0);
  CREATE TABLE IF NOT EXISTS declared_paths (
    collection TEXT NOT NULL,
    path TEXT NOT NULL,
    multi INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (collection, path)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS doc_elements (
    collection TEXT NOT NULL,
    path TEXT NOT NULL,
    value ANY NOT NULL,
    id TEXT NOT NULL,
    PRIMARY KEY (collection, path, value, id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS doc_elements_of_doc ON doc_elements (collection, id);
`;

/** rows sampled per index when the planner's statistics are refreshed (PRAGMA optimize) */
const ANALYSIS_LIMIT = 1000;
/** a write of this many documents or more refreshes the statistics when they are out of date */
const OPTIMIZE_AFTER = 1000;

/** the value a declared path's column holds: its string or number, NULL for anything else */
const columnValue = (value: unknown): string | number | null =>
  typeof value === 'string' || typeof value === 'number' ? value : null;

/** the same, from the JSON: for documents written before the path was declared */
const backfillColumn = (path: string): string => {
  const p = `'${jsonPathOf(path).replace(/'/g, "''")}'`;
  return `UPDATE docs SET ${columnOf(path)} = CASE WHEN json_type(doc, ${p}) IN ('integer', 'real', 'text') THEN json_extract(doc, ${p}) END WHERE collection = ?`;
};

const indexName = (collection: string, index: ReadModelIndex): string =>
  `"q_${index.unique ? 'unique_' : ''}${collection}_${index.fields.join('_')}"`.replace(/[^\w"]/g, '_');

const compareScalars = (a: Scalar, b: Scalar): number =>
  a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;

/** a JSON value as json_each names it, back to a scalar (undefined: an object or array) */
const scalarOf = (value: unknown, type: string): Scalar | undefined =>
  type === 'null'
    ? null
    : type === 'true'
      ? true
      : type === 'false'
        ? false
        : type === 'object' || type === 'array'
          ? undefined
          : (value as string | number);

/**
 * The embedded read-model store: one SQLite file (WAL), durable across restarts. Documents are JSON
 * text and answer the port's queries from SQLite itself (sqlite-document-query.ts): a path a
 * collection declares an index on (`declareIndexes`, as for MongoDB) gets a column of its own,
 * filled from the document by every write (as the MongoDB adapter lifts declared paths; a virtual
 * generated column re-read the JSON for every index at every write: about 1 ms a listing), with
 * the declared indexes on it; a declared path some document holds an array at also keeps its
 * elements in `doc_elements`, indexed. Declared paths are remembered in the file, so every writer
 * (a rebuild too) keeps the elements in step.
 */
export const openSqliteReadModelStore = (options: { path: string }): ReadModelStore => {
  const db = new DatabaseSync(options.path, { timeout: 5000 });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL'); // WAL + NORMAL: durable at checkpoints, never corrupt
  db.exec(SCHEMA);
  // the planner's statistics, so a query takes a declared index over the id order (cheap: sampled)
  db.exec(`PRAGMA analysis_limit = ${ANALYSIS_LIMIT}; PRAGMA optimize = 0x10002`);
  db.function('rm_contains', { deterministic: true }, (text, part) =>
    typeof text === 'string' && String(text).toLowerCase().includes(String(part).toLowerCase()) ? 1 : 0,
  );
  // its checkpoints (the only waits for the disk in NORMAL mode) are a thread's, not the event loop's
  const checkpoints = checkpointOffTheLoop(db, options.path);
  const getPosition = db.prepare('SELECT position FROM checkpoint WHERE one = 1');
  const setPosition = db.prepare('UPDATE checkpoint SET position = ? WHERE one = 1');
  const getDoc = db.prepare('SELECT doc FROM docs WHERE collection = ? AND id = ?');
  const allDocs = db.prepare('SELECT id, doc FROM docs WHERE collection = ? ORDER BY id');
  const remove = db.prepare('DELETE FROM docs WHERE collection = ? AND id = ?');
  const dropElements = db.prepare('DELETE FROM doc_elements WHERE collection = ? AND id = ?');
  const addElement = db.prepare('INSERT OR IGNORE INTO doc_elements (collection, path, value, id) VALUES (?, ?, ?, ?)');
  const markMulti = db.prepare('UPDATE declared_paths SET multi = 1 WHERE collection = ? AND path = ?');
  const backfillElements = db.prepare(
    `INSERT OR IGNORE INTO doc_elements (collection, path, value, id)
     SELECT docs.collection, ?, e.value, docs.id FROM docs, json_each(docs.doc, ?) AS e
     WHERE docs.collection = ? AND e.type IN ('integer', 'real', 'text')`,
  );
  const statements = new Map<string, ReturnType<DatabaseSync['prepare']>>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (statements.size < 500) statements.set(sql, statement);
    }
    return statement;
  };
  /** per collection: its declared paths, and whether some document holds an array there */
  const declared = new Map<string, Map<string, boolean>>();
  /** per collection: the upsert of a document with its declared paths' columns, and those paths */
  const upserts = new Map<string, { paths: string[]; statement: ReturnType<DatabaseSync['prepare']> }>();
  /** what the file says (again after a rolled-back write, which may have marked a path multi) */
  const loadDeclared = () => {
    declared.clear();
    upserts.clear();
    for (const row of db.prepare('SELECT collection, path, multi FROM declared_paths').all())
      declaredOf(String(row.collection)).set(String(row.path), row.multi === 1);
  };
  loadDeclared();
  function declaredOf(collection: string) {
    let paths = declared.get(collection);
    if (!paths) {
      paths = new Map();
      declared.set(collection, paths);
    }
    return paths;
  }
  const kindOf =
    (collection: string) =>
    (path: string): PathKind => {
      const multi = declared.get(collection)?.get(path);
      return multi === undefined ? 'json' : multi ? 'elements' : 'column';
    };
  /** the first array at a declared path makes it `multi`: its elements are kept from then on */
  const becomeMulti = (collection: string, path: string) => {
    markMulti.run(collection, path);
    backfillElements.run(path, jsonPathOf(path), collection);
    declaredOf(collection).set(path, true);
  };
  const upsertOf = (collection: string) => {
    let upsert = upserts.get(collection);
    if (!upsert) {
      const paths = [...(declared.get(collection)?.keys() ?? [])];
      const columns = ['collection', 'id', 'doc', ...paths.map(columnOf)];
      upsert = {
        paths,
        statement: db.prepare(
          `INSERT INTO docs (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT (collection, id) DO UPDATE SET ${columns
            .slice(2)
            .map((column) => `${column} = excluded.${column}`)
            .join(', ')}`,
        ),
      };
      upserts.set(collection, upsert);
    }
    return upsert;
  };
  const writeDocument = (w: ReadModelWrite) => {
    const { paths, statement } = upsertOf(w.collection);
    statement.run(w.collection, w.id, JSON.stringify(w.doc), ...paths.map((path) => columnValue(valueAt(w.doc, path))));
  };
  const writeElements = (w: ReadModelWrite) => {
    const paths = declared.get(w.collection);
    if (!paths || paths.size === 0) return;
    for (const [path, multi] of paths)
      if (!multi && w.doc !== null && Array.isArray(valueAt(w.doc, path))) becomeMulti(w.collection, path);
    let dropped = false;
    for (const [path, multi] of paths) {
      if (!multi) continue;
      if (!dropped) dropElements.run(w.collection, w.id);
      dropped = true;
      if (w.doc === null) continue;
      const value = valueAt(w.doc, path);
      for (const item of Array.isArray(value) ? value : [value])
        if (typeof item === 'string' || typeof item === 'number') addElement.run(w.collection, path, item, w.id);
    }
  };
  const rowsOf = (sql: string, params: SqlParam[]) => prepared(sql).all(...(params as SQLInputValue[]));
  let closed = false;
  const position = () => Number((getPosition.get() as { position: number }).position);

  return {
    position: async () => position(),
    get: async (collection, id) => {
      const row = getDoc.get(collection, id) as { doc: string } | undefined;
      return row ? JSON.parse(row.doc) : undefined;
    },
    all: async (collection) =>
      (allDocs.all(collection) as { id: string; doc: string }[]).map((row) => ({
        id: row.id,
        doc: JSON.parse(row.doc),
      })),
    find: async (collection, query) => {
      const { text, params } = findSql(collection, query, kindOf(collection));
      return rowsOf(text, params).map((row) => ({ id: String(row.id), doc: JSON.parse(String(row.doc)) }));
    },
    count: async (collection, where) => {
      const { text, params } = whereSql(collection, where, kindOf(collection));
      return Number(rowsOf(`SELECT count(*) AS n FROM docs WHERE ${text}`, params)[0]?.n ?? 0);
    },
    distinct: async (collection, field, where) => {
      const { text, params } = whereSql(collection, where, kindOf(collection));
      const p = jsonPathOf(field);
      const seen = new Set<Scalar>();
      // a declared scalar path: its column's values from the index, the JSON only where it is NULL
      const column = kindOf(collection)(field) === 'column' ? valueSql(field, 'column') : undefined;
      if (column)
        for (const row of rowsOf(
          `SELECT DISTINCT ${column} AS value FROM docs WHERE ${text} AND ${column} IS NOT NULL`,
          params,
        ))
          seen.add(row.value as string | number);
      const rest = column ? `${text} AND ${column} IS NULL` : text;
      for (const row of rowsOf(
        `SELECT DISTINCT e.value AS value, e.type AS type FROM docs, json_each(docs.doc, ?) AS e WHERE ${rest}`,
        [p, ...params],
      )) {
        const value = scalarOf(row.value, String(row.type));
        if (value !== undefined) seen.add(value);
      }
      // a document without the field counts as null, as in the reference
      if (rowsOf(`SELECT 1 FROM docs WHERE ${text} AND json_type(docs.doc, ?) IS NULL LIMIT 1`, [...params, p]).length)
        seen.add(null);
      return [...seen].sort(compareScalars);
    },
    countBy: async (collection, field, where) => {
      const { text, params } = whereSql(collection, where, kindOf(collection));
      const kind = kindOf(collection)(field);
      const counts = new Map<Scalar, number>();
      if (kind === 'elements') {
        for (const row of rowsOf(
          `SELECT value, count(*) AS n FROM doc_elements WHERE collection = ? AND path = ? AND id IN (SELECT docs.id FROM docs WHERE ${text}) GROUP BY value`,
          [collection, field, ...params],
        ))
          counts.set(row.value as string | number, Number(row.n));
        return counts;
      }
      const value = kind === 'column' ? valueSql(field, kind) : 'e.value';
      const from = kind === 'column' ? 'docs' : 'docs, json_each(docs.doc, ?) AS e';
      const type = kind === 'column' ? `typeof(${value})` : 'e.type';
      for (const row of rowsOf(
        `SELECT ${value} AS value, ${type} AS type, count(DISTINCT docs.id) AS n FROM ${from} WHERE ${text} GROUP BY 1, 2`,
        kind === 'column' ? params : [jsonPathOf(field), ...params],
      )) {
        const scalar = scalarOf(row.value, String(row.type));
        if (scalar !== undefined && scalar !== null) counts.set(scalar, Number(row.n));
      }
      return counts;
    },
    declareIndexes: async (collection, indexes) => {
      const columns = new Set(
        db
          .prepare('PRAGMA table_xinfo(docs)')
          .all()
          .map((row) => String(row.name)),
      );
      const insert = db.prepare('INSERT OR IGNORE INTO declared_paths (collection, path, multi) VALUES (?, ?, 0)');
      for (const path of new Set(indexes.flatMap((index) => index.fields))) {
        if (!columns.has(`q_${path}`)) db.exec(`ALTER TABLE docs ADD COLUMN ${columnOf(path)}`);
        columns.add(`q_${path}`);
        if (declaredOf(collection).has(path)) continue;
        db.exec('BEGIN IMMEDIATE');
        try {
          insert.run(collection, path);
          declaredOf(collection).set(path, false);
          upserts.delete(collection);
          db.prepare(backfillColumn(path)).run(collection);
          // documents written before the path was declared: one look for an array there, once
          const array = db
            .prepare(`SELECT 1 FROM docs WHERE collection = ? AND json_type(doc, ?) = 'array' LIMIT 1`)
            .get(collection, jsonPathOf(path));
          if (array) becomeMulti(collection, path);
          db.exec('COMMIT');
        } catch (error) {
          db.exec('ROLLBACK');
          loadDeclared();
          throw error;
        }
      }
      for (const index of indexes)
        db.exec(
          `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${indexName(collection, index)} ON docs (collection, ${index.fields.map(columnOf).join(', ')})`,
        );
      db.exec('PRAGMA optimize');
    },
    write: async (writes: readonly ReadModelWrite[], at: number) => {
      db.exec('BEGIN IMMEDIATE');
      try {
        const current = position();
        if (at <= current) throw new StalePositionError(current, at);
        for (const w of writes) {
          if (w.doc === null) remove.run(w.collection, w.id);
          else writeDocument(w);
          writeElements(w);
        }
        setPosition.run(at);
        db.exec('COMMIT');
        if (writes.length >= OPTIMIZE_AFTER) db.exec('PRAGMA optimize');
      } catch (error) {
        db.exec('ROLLBACK');
        loadDeclared();
        throw error;
      }
    },
    clear: async () => {
      db.exec(
        'BEGIN IMMEDIATE; DELETE FROM docs; DELETE FROM doc_elements; UPDATE checkpoint SET position = 0; COMMIT',
      );
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await checkpoints.release();
      db.close();
    },
  };
};

/**
 * Whether some connection (this process or another) has the read-model store at `path` open: an
 * open WAL connection keeps the journal mode from being changed. Operator commands that must not
 * run beside the service (a rebuild) ask this first. False when the file does not exist.
 */
export const readModelStoreInUse = (path: string): boolean => {
  if (!existsSync(path)) return false;
  const db = new DatabaseSync(path, { timeout: 0 });
  try {
    db.exec('PRAGMA journal_mode = DELETE');
    db.exec('PRAGMA journal_mode = WAL');
    return false;
  } catch {
    return true;
  } finally {
    db.close();
  }
};
