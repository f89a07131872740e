import type { StatementSync } from 'node:sqlite';
import { countInAll } from './filter-bitsets.ts';
import type { SearchDocument, SearchHits, SearchQuery } from './search-index.ts';

/** a value held by at least 1/DENSE of the documents is counted with its bitset */
const DENSE = 64;

/** whether a document's filter values pass every filter of a query (an array by membership) */
export const passes = (doc: SearchDocument['filters'], filters: Readonly<Record<string, string>>): boolean => {
  for (const field in filters) {
    const have = doc[field];
    const want = filters[field] as string;
    if (have === undefined || (typeof have === 'string' ? have !== want : !have.includes(want))) return false;
  }
  return true;
};

/** `AND` a probe of the filters' index per filter (one lookup per row), and its parameters */
export const filterSql = (column: string, filters: Readonly<Record<string, string>> | undefined) => {
  const entries = Object.entries(filters ?? {});
  return {
    sql: entries
      .map(() => ` AND EXISTS (SELECT 1 FROM filters f WHERE f.field = ? AND f.value = ? AND f.rid = ${column})`)
      .join(''),
    params: entries.flat(),
  };
};

/** What a filter-only page is read with: the embedded index's statements and kept counts. */
export interface FilterPageDeps {
  prepared(sql: string): StatementSync;
  /** how many documents hold a filter value (kept with the filters) */
  countOf(field: string, value: string): number;
  readonly docCount: number;
  /** whether every document has this sort key (its index then gives the order) */
  everyOneHas(field: string): boolean;
  /** the rows holding a filter value, as a bitset (filter-bitsets.ts) */
  bitset(field: string, value: string): Uint32Array;
  keptTotal(filters: Readonly<Record<string, string>>): number | undefined;
  keepTotal(filters: Readonly<Record<string, string>>, total: number): void;
}

/**
 * The ids passing the filters, in the sort order (then by id), one page; and how many pass. The
 * filter held by the fewest documents drives: its ids are read, the others probed for each. The
 * page is read either by walking the sort key's index and probing the filters on the way (when
 * the filters pass many documents, the page is found after a few rows) or by sorting what passes
 * (when they pass few), whichever reads fewer rows by the kept counts.
 */
export const filterPage = (deps: FilterPageDeps, query: SearchQuery): SearchHits => {
  const { prepared, docCount } = deps;
  const order = query.sort ?? query.tieBreak;
  const entries = Object.entries(query.filters ?? {})
    .map(([field, value]) => ({ field, value, n: deps.countOf(field, value) }))
    .sort((a, b) => a.n - b.n);
  const [driver, ...rest] = entries;
  if (driver?.n === 0) return { ids: [], total: 0 };
  const probes = filterSql('f0.rid', Object.fromEntries(rest.map((e) => [e.field, e.value])));
  let total = deps.keptTotal(query.filters ?? {});
  if (total === undefined) {
    total = !driver
      ? docCount
      : rest.length === 0
        ? driver.n
        : entries.every((e) => e.n * DENSE >= docCount)
          ? // every value held by many documents: an AND of their bitsets
            countInAll(entries.map((e) => deps.bitset(e.field, e.value)))
          : Number(
              (
                prepared(`SELECT count(*) AS n FROM filters f0 WHERE f0.field = ? AND f0.value = ?${probes.sql}`).get(
                  driver.field,
                  driver.value,
                  ...probes.params,
                ) as { n: number }
              ).n,
            );
    deps.keepTotal(query.filters ?? {}, total);
  }
  if (total === 0 || query.offset >= total) return { ids: [], total };
  const direction = order?.direction === 'asc' ? 'ASC' : 'DESC';
  const page = [query.limit, query.offset];
  const allHaveKey = order !== undefined && deps.everyOneHas(order.field);
  // rows a walk of the key's index reads to reach the page, against the rows the driver holds
  const walk = ((query.offset + query.limit) * docCount) / total;
  let rows: { id: string }[];
  if (!driver || (allHaveKey && walk < driver.n)) {
    const where = filterSql('k.rid', query.filters);
    rows = (
      order
        ? allHaveKey
          ? prepared(
              `SELECT k.id AS id FROM sortkeys k WHERE k.field = ?${where.sql} ORDER BY k.value ${direction}, k.id LIMIT ? OFFSET ?`,
            ).all(order.field, ...where.params, ...page)
          : prepared(
              `SELECT d.id AS id FROM docs d LEFT JOIN sortkeys k ON k.rid = d.rid AND k.field = ?
               ORDER BY coalesce(k.value, -9e999) ${direction}, d.id LIMIT ? OFFSET ?`,
            ).all(order.field, ...page)
        : prepared('SELECT id FROM docs ORDER BY id LIMIT ? OFFSET ?').all(...page)
    ) as { id: string }[];
  } else {
    // the driver's ids first (CROSS JOIN keeps that order), then sorted
    rows = (
      allHaveKey
        ? // every document has the key: the sort key's row holds the id, no document row is read
          prepared(
            `SELECT k.id AS id FROM filters f0 CROSS JOIN sortkeys k ON k.rid = f0.rid AND k.field = ?
             WHERE f0.field = ? AND f0.value = ?${probes.sql}
             ORDER BY k.value ${direction}, k.id LIMIT ? OFFSET ?`,
          ).all(order.field, driver.field, driver.value, ...probes.params, ...page)
        : order
          ? prepared(
              `SELECT d.id AS id FROM filters f0 CROSS JOIN docs d ON d.rid = f0.rid
             LEFT JOIN sortkeys k ON k.rid = f0.rid AND k.field = ?
             WHERE f0.field = ? AND f0.value = ?${probes.sql}
             ORDER BY coalesce(k.value, -9e999) ${direction}, d.id LIMIT ? OFFSET ?`,
            ).all(order.field, driver.field, driver.value, ...probes.params, ...page)
          : prepared(
              `SELECT d.id AS id FROM filters f0 CROSS JOIN docs d ON d.rid = f0.rid
             WHERE f0.field = ? AND f0.value = ?${probes.sql} ORDER BY d.id LIMIT ? OFFSET ?`,
            ).all(driver.field, driver.value, ...probes.params, ...page)
    ) as { id: string }[];
  }
  return { ids: rows.map((row) => row.id), total };
};
