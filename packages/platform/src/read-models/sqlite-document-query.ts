/**
 * The query language of document-query.ts as SQL over the SQLite read-model store's `docs` table
 * (`collection`, `id`, `doc` JSON text), with the same results as the in-memory reference.
 *
 * How a path is answered depends on what the collection declared (sqlite-read-model-store.ts):
 *  - `column`: a declared path whose values are never arrays: a column (`q_<path>`) the writer
 *    fills with its string or number (NULL otherwise), indexed with the collection first, so
 *    equalities, ranges and sorts on it use the declared indexes;
 *  - `elements`: a declared path some document holds an array at: its strings and numbers, one
 *    row per element, in `doc_elements` (indexed), so an equality reads the matching ids there;
 *  - `json`: any other path, or a condition the two above cannot answer exactly (on null or a
 *    boolean): evaluated on the JSON of each candidate row.
 */
import type { Condition, FindOptions, Scalar, Where } from './document-query.ts';

export type PathKind = 'column' | 'elements' | 'json';

/** SQL text and its parameters, in order */
export interface Sql {
  readonly text: string;
  readonly params: SqlParam[];
}
export type SqlParam = string | number | null;

/** the column a declared path is kept in */
export const columnOf = (path: string): string => `"q_${path}"`;

/** `doc.status` as a JSON path (`$."doc"."status"`); a path holding `"` is refused */
export const jsonPathOf = (path: string): string => {
  if (path.includes('"')) throw new Error(`a document path may not hold '"': ${path}`);
  return `$.${path
    .split('.')
    .map((part) => `"${part}"`)
    .join('.')}`;
};

const isPlain = (value: Scalar): value is string | number => typeof value === 'string' || typeof value === 'number';

/** a typed comparison of a JSON value `v` of type `t` (json_type's names) with a scalar, never NULL */
const typedSql = (v: string, t: string, c: Exclude<Condition, { ne: Scalar }>, params: SqlParam[]): string => {
  const equal = (value: Scalar): string => {
    if (value === null) return `(${t} IS NULL OR ${t} = 'null')`;
    if (typeof value === 'boolean') return `${t} IS '${value}'`;
    params.push(value);
    return typeof value === 'number' ? `(${t} IN ('integer', 'real') AND ${v} IS ?)` : `(${t} IS 'text' AND ${v} IS ?)`;
  };
  if ('eq' in c) return equal(c.eq);
  if ('in' in c) return c.in.length === 0 ? '0' : `(${c.in.map(equal).join(' OR ')})`;
  if ('contains' in c) {
    params.push(c.contains);
    return `(${t} IS 'text' AND rm_contains(${v}, ?))`;
  }
  const [op, bound] = 'gt' in c ? ['>', c.gt] : 'lt' in c ? ['<', c.lt] : ['<=', c.lte];
  params.push(bound);
  const types = typeof bound === 'number' ? `IN ('integer', 'real')` : `IS 'text'`;
  return `(${t} ${types} AND COALESCE(${v} ${op} ?, 0))`;
};

/** a condition on any path, from the JSON: an array matches when one of its elements does */
const jsonSql = (path: string, c: Condition, params: SqlParam[]): string => {
  if ('ne' in c) return `NOT ${jsonSql(path, { eq: c.ne }, params)}`;
  const p = `'${jsonPathOf(path).replace(/'/g, "''")}'`;
  const inArray = typedSql('e.value', 'e.type', c, params);
  const scalar = typedSql(`json_extract(docs.doc, ${p})`, `json_type(docs.doc, ${p})`, c, params);
  return `(CASE json_type(docs.doc, ${p}) WHEN 'array' THEN EXISTS (SELECT 1 FROM json_each(docs.doc, ${p}) AS e WHERE ${inArray}) ELSE ${scalar} END)`;
};

const plainValues = (c: Condition): (string | number)[] | undefined => {
  const values = 'eq' in c ? [c.eq] : 'in' in c ? c.in : undefined;
  return values?.every(isPlain) ? (values as (string | number)[]) : undefined;
};

/** a condition on a declared path kept in a column of its own (never an array there) */
const columnSql = (path: string, c: Condition, params: SqlParam[]): string => {
  const column = `docs.${columnOf(path)}`;
  const plain = plainValues(c);
  if (plain && plain.length > 0) {
    params.push(...plain);
    return plain.length === 1 ? `${column} = ?` : `${column} IN (${plain.map(() => '?').join(', ')})`;
  }
  if ('ne' in c && isPlain(c.ne)) {
    params.push(c.ne);
    return `${column} IS NOT ?`;
  }
  if ('gt' in c || 'lt' in c || 'lte' in c) {
    const [op, bound] = 'gt' in c ? ['>', c.gt] : 'lt' in c ? ['<', c.lt] : ['<=', c.lte];
    params.push(bound);
    const types = typeof bound === 'number' ? `IN ('integer', 'real')` : `= 'text'`;
    return `(${column} ${op} ? AND typeof(${column}) ${types})`;
  }
  if ('contains' in c) {
    params.push(c.contains);
    return `(typeof(${column}) = 'text' AND rm_contains(${column}, ?))`;
  }
  return jsonSql(path, c, params);
};

/** a condition on a declared path some document holds an array at: its elements' index */
const elementsSql = (collection: string, path: string, c: Condition, params: SqlParam[]): string => {
  const plain = plainValues(c);
  if (!plain || plain.length === 0) return jsonSql(path, c, params);
  params.push(collection, path, ...plain);
  return `docs.id IN (SELECT id FROM doc_elements WHERE collection = ? AND path = ? AND value IN (${plain.map(() => '?').join(', ')}))`;
};

/** how a collection's paths are answered (declared ones, from the store) */
export type KindOf = (path: string) => PathKind;

/** `WHERE` text (never empty) for documents of `collection` matching `where` */
export const whereSql = (collection: string, where: Where | undefined, kindOf: KindOf): Sql => {
  const params: SqlParam[] = [collection];
  const terms = ['docs.collection = ?'];
  for (const [path, c] of Object.entries(where ?? {})) {
    const kind = kindOf(path);
    terms.push(
      kind === 'column'
        ? columnSql(path, c, params)
        : kind === 'elements'
          ? elementsSql(collection, path, c, params)
          : jsonSql(path, c, params),
    );
  }
  return { text: terms.join(' AND '), params };
};

/** the value a sort key or a distinct reads: the column of a declared scalar path, else the JSON */
export const valueSql = (path: string, kind: PathKind): string =>
  kind === 'column' ? `docs.${columnOf(path)}` : `json_extract(docs.doc, '${jsonPathOf(path).replace(/'/g, "''")}')`;

/** the whole `SELECT id, doc` of a find: its where, its sort then the id, its page */
export const findSql = (collection: string, options: FindOptions, kindOf: KindOf): Sql => {
  const where = whereSql(collection, options.where, kindOf);
  const order = [
    ...(options.sort ?? []).map(
      ([path, direction]) => `${valueSql(path, kindOf(path))} ${direction === 1 ? 'ASC' : 'DESC'}`,
    ),
    'docs.id ASC',
  ];
  const params = [...where.params];
  let page = '';
  if (options.limit !== undefined || options.skip) {
    page = ' LIMIT ? OFFSET ?';
    params.push(options.limit ?? -1, options.skip ?? 0);
  }
  return { text: `SELECT docs.id, docs.doc FROM docs WHERE ${where.text} ORDER BY ${order.join(', ')}${page}`, params };
};
