/**
 * The small query language of the read-model store port: conditions on fields of the documents
 * as written, a sort, and a page. It is what MongoDB answers with an index and what the in-memory
 * evaluator below answers by a scan, with the same results (the port's contract suite runs both).
 *
 * - A field is a dotted path into the document (`doc.status`, `keys.votes`). A missing field, or a
 *   path through a missing object, is `null`.
 * - `eq`, `in` and `contains` match an array field when any element matches (as MongoDB does);
 *   `ne` is the negation of `eq` (so `{ ne: null }` means "present and not null").
 * - `gt`, `lt` and `lte` compare numbers with numbers and strings with strings (by UTF-16 code
 *   unit: plain ASCII orders the same as MongoDB's binary order); other types never match.
 * - `contains` is a case-insensitive substring match on strings.
 * - Sort keys apply in order, then the document id ascending; `null` sorts first ascending. Sort
 *   only on fields of one type (numbers or strings), as the catalog's keys are.
 */
export type Scalar = string | number | boolean | null;

export type Condition =
  | { readonly eq: Scalar }
  | { readonly ne: Scalar }
  | { readonly in: readonly Scalar[] }
  | { readonly gt: string | number }
  | { readonly lt: string | number }
  | { readonly lte: string | number }
  | { readonly contains: string };

export type Where = Readonly<Record<string, Condition>>;

export interface FindOptions {
  readonly where?: Where;
  readonly sort?: readonly (readonly [field: string, direction: 1 | -1])[];
  readonly skip?: number;
  readonly limit?: number;
}

/** paths are few and asked of every row of a scan: each split once */
const pathParts = new Map<string, readonly string[]>();
const partsOf = (path: string): readonly string[] => {
  let parts = pathParts.get(path);
  if (!parts) {
    parts = path.split('.');
    if (pathParts.size < 10_000) pathParts.set(path, parts);
  }
  return parts;
};

export const valueAt = (doc: unknown, path: string): unknown => {
  let value: unknown = doc;
  for (const part of partsOf(path)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    value = (value as Record<string, unknown>)[part];
  }
  return value === undefined ? null : value;
};

const ordered = (a: unknown, b: string | number): number | undefined =>
  typeof a === typeof b && (typeof a === 'number' || typeof a === 'string') ? (a < b ? -1 : a > b ? 1 : 0) : undefined;

const matchesOne = (value: unknown, condition: Condition): boolean => {
  if ('eq' in condition) return value === condition.eq;
  if ('in' in condition) return condition.in.includes(value as Scalar);
  if ('contains' in condition)
    return typeof value === 'string' && value.toLowerCase().includes(condition.contains.toLowerCase());
  if ('gt' in condition) return (ordered(value, condition.gt) ?? 0) > 0;
  if ('lt' in condition) return (ordered(value, condition.lt) ?? 0) < 0;
  if ('lte' in condition) {
    const order = ordered(value, condition.lte);
    return order !== undefined && order <= 0;
  }
  return false;
};

const matchesCondition = (value: unknown, condition: Condition): boolean => {
  if ('ne' in condition) return !matchesCondition(value, { eq: condition.ne });
  if (Array.isArray(value)) return value.some((item) => matchesOne(item, condition));
  return matchesOne(value, condition);
};

/** a where's conditions as a test of one document, its entries listed once (a scan asks it of every row) */
const matcherOf = (where: Where | undefined): ((doc: unknown) => boolean) => {
  const conditions = Object.entries(where ?? {});
  return (doc) => {
    for (const [field, condition] of conditions) if (!matchesCondition(valueAt(doc, field), condition)) return false;
    return true;
  };
};

/** The rows of `rows` matching `where`, tested with its conditions listed once. */
export const rowsMatching = function* <T extends { doc: unknown }>(rows: Iterable<T>, where: Where | undefined) {
  const matches = matcherOf(where);
  for (const row of rows) if (matches(row.doc)) yield row;
};

const compareValues = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return (a as number | string) < (b as number | string) ? -1 : 1;
};

/** a matching row with its sort keys' values, read once */
interface Hit<T> {
  readonly row: T;
  readonly keys: readonly unknown[];
}

/** at most this many rows (skip + limit) are kept by selection as the scan goes; a bigger page sorts every hit */
const SELECT_MAX = 256;

/**
 * Answers a find over rows held in memory (a scan): the reference the MongoDB adapter matches.
 * A small page (skip + limit up to SELECT_MAX, such as a top 20 of thousands) keeps only the best
 * rows so far, sorted, as the scan goes: most rows cost one comparison with the last kept, not a
 * place in a sort of every hit. The order is total (the id breaks ties), so the page is the same.
 */
export const findInRows = <T extends { id: string; doc: unknown }>(rows: Iterable<T>, options: FindOptions): T[] => {
  const matches = matcherOf(options.where);
  const sort = options.sort ?? [];
  const compare = (a: Hit<T>, b: Hit<T>): number => {
    for (let i = 0; i < sort.length; i++) {
      const order = compareValues(a.keys[i], b.keys[i]);
      if (order !== 0) return order * (sort[i] as readonly [string, 1 | -1])[1];
    }
    return a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0;
  };
  const skip = options.skip ?? 0;
  const wanted = options.limit === undefined ? undefined : skip + options.limit;
  const selecting = wanted !== undefined && wanted <= SELECT_MAX;
  const hits: Hit<T>[] = [];
  for (const row of rows) {
    if (!matches(row.doc)) continue;
    const hit = { row, keys: sort.map(([field]) => valueAt(row.doc, field)) };
    if (!selecting) {
      hits.push(hit);
      continue;
    }
    if (wanted === 0 || (hits.length === wanted && compare(hit, hits[wanted - 1] as Hit<T>) >= 0)) continue;
    // its place among those kept: the first that sorts after it
    let low = 0;
    let high = hits.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(hits[middle] as Hit<T>, hit) < 0) low = middle + 1;
      else high = middle;
    }
    hits.splice(low, 0, hit);
    if (hits.length > wanted) hits.pop();
  }
  if (!selecting) hits.sort(compare);
  return hits.slice(skip, wanted).map((hit) => hit.row);
};

/** The distinct values of a field among rows matching `where` (array fields give their elements), sorted. */
export const distinctInRows = (rows: Iterable<{ doc: unknown }>, field: string, where?: Where): Scalar[] => {
  const seen = new Set<Scalar>();
  for (const row of rowsMatching(rows, where)) {
    const value = valueAt(row.doc, field);
    for (const item of Array.isArray(value) ? value : [value]) seen.add(item as Scalar);
  }
  return [...seen].sort(compareValues);
};

/**
 * How many rows matching `where` hold each value of a field (an array field counts each distinct
 * element once per row). Values with no row, and null (a missing field), are absent.
 */
export const countByInRows = (rows: Iterable<{ doc: unknown }>, field: string, where?: Where): Map<Scalar, number> => {
  const counts = new Map<Scalar, number>();
  for (const row of rowsMatching(rows, where)) {
    const value = valueAt(row.doc, field);
    for (const item of new Set(Array.isArray(value) ? value : [value]))
      if (item !== null) counts.set(item as Scalar, (counts.get(item as Scalar) ?? 0) + 1);
  }
  return counts;
};

/** The same conditions as a MongoDB filter on stored rows whose document sits under `prefix` (e.g. `doc.`). */
export const toMongoFilter = (
  where: Where | undefined,
  prefix: string | ((field: string) => string),
): Record<string, unknown> => {
  const filter: Record<string, unknown> = {};
  for (const [field, condition] of Object.entries(where ?? {})) {
    const path = typeof prefix === 'string' ? `${prefix}${field}` : prefix(field);
    if ('eq' in condition) filter[path] = condition.eq;
    else if ('ne' in condition) filter[path] = { $ne: condition.ne };
    else if ('in' in condition) filter[path] = { $in: condition.in };
    else if ('gt' in condition) filter[path] = { $gt: condition.gt };
    else if ('lt' in condition) filter[path] = { $lt: condition.lt };
    else if ('lte' in condition) filter[path] = { $lte: condition.lte };
    else filter[path] = { $regex: condition.contains.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' };
  }
  return filter;
};
