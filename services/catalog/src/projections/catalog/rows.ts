import {
  countByInRows,
  distinctInRows,
  type FindOptions,
  findInRows,
  rowsMatching,
  type Scalar,
  valueAt,
  type Where,
} from '@listings/platform/read-models';

/** how a document is stored: with the position of the last event folded into it (and a listing's keys) */
export interface Stored<Doc> {
  readonly at: number;
  readonly doc: Doc;
  readonly keys?: unknown;
}
/** documents stored before they carried their position are bare: position 0 (older than any replay) */
export const storedOf = <Doc>(value: unknown): Stored<Doc> =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as Stored<Doc>).at === 'number' &&
  'doc' in value &&
  Object.keys(value).every((key) => key === 'at' || key === 'doc' || key === 'keys')
    ? (value as Stored<Doc>)
    : { at: 0, doc: value as Doc };

/**
 * Rows of a big collection (listings, founders): held all in memory (`memoryRows`, the embedded
 * read model, whose store cannot query) or read from the store on demand (`storeRows`).
 */
export interface Rows<Doc> {
  get(id: string): Promise<Stored<Doc> | undefined>;
  /** a folded value (undefined: deleted), pending until flushed */
  set(id: string, value: Stored<Doc> | undefined): void;
  /** the value a flush writes: null to delete, undefined when nothing is pending (flushed already) */
  pendingValue(id: string): Stored<Doc> | null | undefined;
  /** after a flush stored `value` under `id` */
  flushed(id: string, value: Stored<Doc> | undefined): void;
  /** whether values are waiting for a flush (queries on the store must wait for it) */
  readonly waiting: boolean;
  find(options: FindOptions): Promise<{ id: string; doc: Stored<Doc> }[]>;
  count(where?: Where): Promise<number>;
  distinct(field: string, where?: Where): Promise<Scalar[]>;
  countBy(field: string, where?: Where): Promise<Map<Scalar, number>>;
}

/**
 * Rows held in memory, with a hash index per `indexed` field (value → ids; an array field is
 * indexed per element): a query with an equality (`eq`, `in`) on one of them reads only the
 * documents of the smallest such bucket, then checks every condition on them as a scan would.
 */
export const memoryRows = <Doc>(map: Map<string, Stored<Doc>>, indexed: readonly string[] = []): Rows<Doc> => {
  const indexes = new Map(indexed.map((field) => [field, new Map<unknown, Set<string>>()]));
  const valuesOf = (value: Stored<Doc>, field: string): unknown[] => {
    const at = valueAt(value, field);
    return Array.isArray(at) ? at : [at];
  };
  const index = (id: string, value: Stored<Doc>, add: boolean) => {
    for (const [field, buckets] of indexes)
      for (const key of valuesOf(value, field)) {
        let ids = buckets.get(key);
        if (add) {
          if (!ids) {
            ids = new Set();
            buckets.set(key, ids);
          }
          ids.add(id);
        } else if (ids) {
          ids.delete(id);
          if (ids.size === 0) buckets.delete(key);
        }
      }
  };
  for (const [id, value] of map) index(id, value, true);
  const all = function* () {
    for (const [id, doc] of map) yield { id, doc };
  };
  /** the rows a query can match: an indexed equality's bucket (the smallest), else every row */
  const candidates = (where: Where | undefined): Iterable<{ id: string; doc: Stored<Doc> }> => {
    let best: Set<string> | undefined;
    for (const [field, condition] of Object.entries(where ?? {})) {
      const buckets = indexes.get(field);
      if (!buckets) continue;
      let ids: Set<string> | undefined;
      if ('eq' in condition) ids = buckets.get(condition.eq) ?? new Set();
      else if ('in' in condition) {
        ids = new Set();
        for (const key of condition.in) for (const id of buckets.get(key) ?? []) ids.add(id);
      }
      if (ids && (!best || ids.size < best.size)) best = ids;
    }
    if (!best) return all();
    const chosen = best;
    return (function* () {
      for (const id of chosen) {
        const doc = map.get(id);
        if (doc) yield { id, doc };
      }
    })();
  };
  return {
    get: async (id) => map.get(id),
    set: (id, value) => {
      const before = map.get(id);
      if (before) index(id, before, false);
      if (value === undefined) map.delete(id);
      else {
        map.set(id, value);
        index(id, value, true);
      }
    },
    pendingValue: (id) => map.get(id) ?? null,
    flushed: () => {},
    waiting: false,
    find: async (options) => findInRows(candidates(options.where), options),
    count: async (where) => {
      // one equality on an indexed field: the bucket's size
      const conditions = Object.entries(where ?? {});
      const [only] = conditions;
      if (conditions.length === 1 && only && 'eq' in only[1] && indexes.has(only[0]))
        return indexes.get(only[0])?.get(only[1].eq)?.size ?? 0;
      let n = 0;
      for (const _ of rowsMatching(candidates(where), where)) n++;
      return n;
    },
    distinct: async (field, where) => distinctInRows(candidates(where), field, where),
    countBy: async (field, where) => countByInRows(candidates(where), field, where),
  };
};
