import { randomUUID } from 'node:crypto';
import { type Db, MongoBulkWriteError, MongoServerError } from 'mongodb';
import { openMongoClient } from '../mongo/mongo-client.ts';
import { keptByReadModelRebuild } from '../mongo/service-state-collections.ts';
import { type Scalar, toMongoFilter, valueAt } from './document-query.ts';
import {
  type ReadModelIndex,
  type ReadModelStore,
  type ReadModelWrite,
  StalePositionError,
} from './read-model-store.ts';

/**
 * The production read-model store: MongoDB (tested against FerretDB). Each read-model collection is
 * its own Mongo collection, `<prefix><collection>` (so each can carry its own indexes), holding
 * `{ _id: id, at: position, doc }`; the position is the document `{ _id: 'read-models', position }`
 * in `<prefix>checkpoint`.
 *
 * MongoDB without a replica set (and FerretDB at all) has no transactions, so a `write` of the
 * documents and the position cannot be one atomic step as the port describes. It is made safe
 * instead, so that a crash anywhere in it is harmless:
 *  - a position not above the stored checkpoint is refused first (StalePositionError);
 *  - the documents are written before the checkpoint (one unordered bulkWrite per collection);
 *  - every document carries the position that wrote it, and a write replaces it only when that
 *    position is lower (`{ at: { $lt } }` upsert; a newer one makes the upsert's insert collide on
 *    `_id`, which is the guard working, not an error);
 *  - a deletion is a tombstone (`doc: null`) under the same guard, so a lagging writer can never
 *    bring a deleted document back; reads leave tombstones out and `clear()` drops them;
 *  - the checkpoint only moves forward (`{ position: { $lt } }`).
 * A crash after some documents and before the checkpoint leaves documents ahead of the checkpoint.
 * The reader then catches up from the checkpoint and replays the tail: each replayed event rewrites
 * the same documents it wrote before (or is skipped by the guard where a later event already did),
 * and the checkpoint lands where it would have. Readers that load documents and the position
 * (document-read-model.ts) already treat a document newer than the position by its own `at`.
 *
 * Declared indexes are on top-level copies of the fields they name: a row also holds, for every
 * path a declared index of its collection names, that path's value in a field of its own
 * (`q_<path>`, dots as `__`), and queries and sorts on such a path use it. FerretDB 1.24 uses no
 * index on a nested path (it scans), MongoDB uses either: so every query on a declared path is
 * served by an index on both. Rows written before a path was declared get it when the index is
 * declared (a one-time backfill). A unique index must only cover fields
 * every live document of its collection has (FerretDB ignores `sparse`, and MongoDB has no partial
 * index there); a write that breaks one fails (it is not mistaken for the position guard).
 *
 * While open, a store says so in `<prefix>instances` (a row per open store, its `seen` time
 * refreshed every HEARTBEAT_MS and deleted on close): `openElsewhere()` tells an operator command
 * (a rebuild) that a service is running on these collections. A process killed without closing
 * leaves its row, which counts for 3 heartbeats (FerretDB has no TTL index to expire it).
 */
export interface MongoReadModelStoreOptions {
  /** `mongodb://…` (credentials stay inside the driver; never logged) */
  readonly url: string;
  readonly database: string;
  /** prepended to every collection name, e.g. `commerce.`, so services can share a database */
  readonly prefix: string;
}

const CHECKPOINT_ID = 'read-models';
/** rows given their top-level copies per round trip when an index is declared on existing rows */
const BACKFILL_BATCH = 1000;
/** the top-level field a declared path's value is kept in: `q_` and the path, dots as `__` */
const liftedName = (path: string): string => `q_${path.replace(/\./g, '__')}`;
const HEARTBEAT_MS = 10_000;
/** ids per `$in` when a write looks for the documents that exist already */
const EXISTING_PER_QUERY = 50_000;

interface StoredRow {
  _id: string;
  at: number;
  doc: unknown;
  /** the top-level copies of declared paths (`q_…`) */
  [lifted: `q_${string}`]: unknown;
}

interface InstanceRow {
  _id: string;
  seen: number;
  pid: number;
}

interface CheckpointRow {
  _id: string;
  position: number;
}

const DUPLICATE_KEY = 11000;

const onlyDuplicateKeys = (error: unknown): boolean => {
  if (!(error instanceof MongoBulkWriteError)) return false;
  const errors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
  return errors.length > 0 && errors.every((e) => e.code === DUPLICATE_KEY);
};

/**
 * Field names MongoDB (and FerretDB) refuse: with a `.` or a leading `$`. Documents are JSON whose
 * maps may be keyed by anything (domains, addresses), so such names are stored escaped: `%` as
 * `%25`, `.` as `%2E`, a leading `$` as `%24`; every other name is stored as is (and indexable).
 */
const escapeKey = (key: string): string =>
  /[.%]|^\$/.test(key) ? key.replace(/%/g, '%25').replace(/\./g, '%2E').replace(/^\$/, '%24') : key;
const unescapeKey = (key: string): string =>
  key.includes('%')
    ? key.replace(/%(25|2E|24)/g, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)))
    : key;

const renameKeys = (value: unknown, rename: (key: string) => string): unknown => {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, rename));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[rename(key)] = renameKeys(item, rename);
  return out;
};

/** JSON in (what the SQLite adapter stores: Dates become strings, undefined fields vanish), names escaped */
const toStored = (doc: unknown): unknown => renameKeys(JSON.parse(JSON.stringify(doc)), escapeKey);
const fromStored = (doc: unknown): unknown => renameKeys(doc, unescapeKey);

export const openMongoReadModelStore = (options: MongoReadModelStoreOptions): ReadModelStore => {
  // the client connects on first use; no connect() so opening stays synchronous like SQLite's
  const client = openMongoClient(options.url, { ignoreUndefined: true });
  const db: Db = client.db(options.database);
  const checkpoint = db.collection<CheckpointRow>(`${options.prefix}checkpoint`);
  const instances = db.collection<InstanceRow>(`${options.prefix}instances`);
  // the store's own collections, and the service's state kept beside the read models (checkpoints,
  // personal-data keys, blobs: not rebuildable from the events), are never read models nor cleared
  const reserved = new Set([
    checkpoint.collectionName,
    instances.collectionName,
    ...keptByReadModelRebuild.map((name) => `${options.prefix}${name}`),
  ]);
  const documents = (collection: string) => {
    if (reserved.has(`${options.prefix}${collection}`))
      throw new Error(`"${collection}" is the store's or the service's own collection, not a read-model collection`);
    return db.collection<StoredRow>(`${options.prefix}${collection}`);
  };
  /** per collection: the declared index paths, each kept in a top-level field of the row */
  const lifted = new Map<string, Set<string>>();
  const fieldOf = (collection: string) => {
    const paths = lifted.get(collection);
    return (path: string) => (paths?.has(path) ? liftedName(path) : `doc.${path}`);
  };
  /** the top-level copies of a document's declared paths (none for a tombstone: absent, as null is for an index) */
  const liftedOf = (collection: string, doc: unknown): Record<string, unknown> => {
    const paths = lifted.get(collection);
    if (!paths || doc === null) return {};
    const json = JSON.parse(JSON.stringify(doc)) as unknown;
    return Object.fromEntries([...paths].map((path) => [liftedName(path), valueAt(json, path)]));
  };
  let closed = false;
  const instanceId = randomUUID();
  const beat = () =>
    instances.updateOne({ _id: instanceId }, { $set: { seen: Date.now(), pid: process.pid } }, { upsert: true });
  // the first beat waits for the first use (opening stays synchronous); then every HEARTBEAT_MS
  let beating: Promise<unknown> | undefined;
  const heartbeat = setInterval(() => {
    if (announced) beating = beat().catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let announced = false;
  const announce = async () => {
    if (announced || closed) return;
    announced = true;
    await beat();
  };

  const position = async (): Promise<number> => {
    const row = await checkpoint.findOne({ _id: CHECKPOINT_ID });
    return row ? Number(row.position) : 0;
  };

  /** one position-guarded upsert: replaces the document only when it was written at a lower position */
  const upsertOne = (collection: string, id: string, doc: unknown, at: number) => {
    const paths = [...(lifted.get(collection) ?? [])];
    return {
      filter: { _id: id, at: { $lt: at } },
      update: {
        $set: { at, doc: doc === null ? null : toStored(doc), ...liftedOf(collection, doc) },
        ...(doc === null && paths.length > 0
          ? { $unset: Object.fromEntries(paths.map((path) => [liftedName(path), ''])) as Record<string, ''> }
          : {}),
      },
      upsert: true,
    };
  };

  /**
   * Runs the position-guarded upserts, all in one unordered bulkWrite. A duplicate key means the
   * document exists and the filter did not match it: a newer write holds it (the guard working),
   * or another writer inserted it between our filter and our insert, possibly at a lower position.
   * FerretDB also stops an unordered bulkWrite at its first error. So after duplicate keys the
   * batch runs again one document at a time, each retried once on a duplicate key: by then the
   * document exists, and a duplicate key again can only mean a newer write holds it.
   */
  const writeCollection = async (collection: string, all: Map<string, unknown>, at: number) => {
    const target = documents(collection);
    const rows = await insertNew(collection, target, all, at);
    if (rows.size === 0) return;
    try {
      await target.bulkWrite(
        [...rows].map(([id, doc]) => ({ updateOne: upsertOne(collection, id, doc, at) })),
        { ordered: false },
      );
      return;
    } catch (error) {
      if (!onlyDuplicateKeys(error)) throw error;
    }
    for (const [id, doc] of rows) {
      const { filter, update, upsert } = upsertOne(collection, id, doc, at);
      for (let attempt = 1; ; attempt++) {
        try {
          await target.updateOne(filter, update, { upsert });
          break;
        } catch (error) {
          if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
          if (attempt === 2) {
            // the guard (a write at `at` or later holds the document), or a declared unique index
            // broken: FerretDB's message does not name the index, so look
            const held = await target.findOne({ _id: id });
            if (held && held.at >= at) break;
            throw error;
          }
        }
      }
    }
  };

  /**
   * Documents not stored yet go in with one `insertMany` (one query finds which exist): FerretDB
   * scans its table for every update, so a guarded upsert of a new document costs a scan, and a
   * rebuild or a first start would write thousands of them. Returns what is left for the guarded
   * upserts: the documents that exist, or all of them when the insert failed (another writer may
   * have inserted some meanwhile; the guard sorts it out, and a document this insert did store is
   * then held at `at`, which the guard treats as already written).
   */
  const insertNew = async (
    collection: string,
    target: ReturnType<typeof documents>,
    rows: Map<string, unknown>,
    at: number,
  ): Promise<Map<string, unknown>> => {
    // ids asked about per query: a first start writes every document in one batch (hundreds of
    // thousands), and a command stays far below MongoDB's 16 MB
    const ids = [...rows.keys()];
    const existing = new Set<string>();
    for (let i = 0; i < ids.length; i += EXISTING_PER_QUERY) {
      const some = ids.slice(i, i + EXISTING_PER_QUERY);
      for (const row of await target.find({ _id: { $in: some } }, { projection: { _id: 1 } }).toArray())
        existing.add(row._id);
    }
    const fresh = [...rows].filter(([id]) => !existing.has(id));
    if (fresh.length === 0) return rows;
    try {
      await target.insertMany(
        fresh.map(([id, doc]) => ({
          _id: id,
          at,
          doc: doc === null ? null : toStored(doc),
          ...liftedOf(collection, doc),
        })),
        { ordered: false },
      );
    } catch (error) {
      if (!onlyDuplicateKeys(error)) throw error;
      return rows;
    }
    return new Map([...rows].filter(([id]) => existing.has(id)));
  };

  const prefixedNames = async (): Promise<string[]> =>
    (await db.listCollections({}, { nameOnly: true }).toArray())
      .map((c) => c.name)
      .filter((name) => name.startsWith(options.prefix));

  return {
    position: async () => {
      await announce();
      return position();
    },
    declareIndexes: async (collection: string, indexes: readonly ReadModelIndex[]) => {
      const target = documents(collection);
      const paths = lifted.get(collection) ?? new Set<string>();
      lifted.set(collection, paths);
      for (const index of indexes) for (const field of index.fields) paths.add(field);
      // rows written before a path was declared: give them its top-level copy, once
      const lacking = {
        doc: { $ne: null },
        $or: [...paths].map((path) => ({ [liftedName(path)]: { $exists: false } })),
      };
      for (;;) {
        const rows = await target.find(lacking).limit(BACKFILL_BATCH).toArray();
        if (rows.length === 0) break;
        await target.bulkWrite(
          rows.map((row) => ({
            updateOne: { filter: { _id: row._id }, update: { $set: liftedOf(collection, fromStored(row.doc)) } },
          })),
          { ordered: false },
        );
      }
      for (const index of indexes)
        await target.createIndex(Object.fromEntries(index.fields.map((field) => [liftedName(field), 1])), {
          name: `q_${index.unique ? 'unique_' : ''}${index.fields.join('_')}`,
          ...(index.unique ? { unique: true } : {}),
        });
    },
    openElsewhere: async () =>
      (await instances.countDocuments({ _id: { $ne: instanceId }, seen: { $gt: Date.now() - 3 * HEARTBEAT_MS } })) > 0,
    get: async (collection, id) => {
      await announce();
      const row = await documents(collection).findOne({ _id: id });
      return row && row.doc !== null ? fromStored(row.doc) : undefined;
    },
    all: async (collection) => {
      await announce();
      const rows = await documents(collection)
        .find({ doc: { $ne: null } })
        .sort({ _id: 1 })
        .toArray();
      return rows.map((row) => ({ id: row._id, doc: fromStored(row.doc) }));
    },
    find: async (collection, options) => {
      await announce();
      const field = fieldOf(collection);
      let cursor = documents(collection)
        .find({ doc: { $ne: null }, ...toMongoFilter(options.where, field) })
        .sort([
          ...(options.sort ?? []).map(([path, direction]) => [field(path), direction] as [string, 1 | -1]),
          ['_id', 1],
        ]);
      if (options.skip) cursor = cursor.skip(options.skip);
      if (options.limit !== undefined) cursor = cursor.limit(options.limit);
      return (await cursor.toArray()).map((row) => ({ id: row._id, doc: fromStored(row.doc) }));
    },
    count: async (collection, where) => {
      await announce();
      return documents(collection).countDocuments({ doc: { $ne: null }, ...toMongoFilter(where, fieldOf(collection)) });
    },
    distinct: async (collection, field, where) => {
      await announce();
      const values = (await documents(collection).distinct(fieldOf(collection)(field), {
        doc: { $ne: null },
        ...toMongoFilter(where, fieldOf(collection)),
      })) as Scalar[];
      return values.sort((a, b) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1));
    },
    countBy: async (collection, field, where) => {
      await announce();
      // one indexed count per distinct value (an $unwind/$group pipeline is the MongoDB way, but
      // FerretDB does not group on nested paths): meant for fields of few values, as categories are
      const filter = { doc: { $ne: null }, ...toMongoFilter(where, fieldOf(collection)) };
      const target = documents(collection);
      const path = fieldOf(collection)(field);
      const values = ((await target.distinct(path, filter)) as Scalar[]).filter((v) => v !== null);
      const counts = await Promise.all(
        values.map((value) => target.countDocuments({ $and: [filter, { [path]: value }] })),
      );
      return new Map(values.map((value, i) => [value, counts[i] as number]));
    },
    write: async (writes: readonly ReadModelWrite[], at: number) => {
      await announce();
      const current = await position();
      if (at <= current) throw new StalePositionError(current, at);
      // the last write of a document in the batch wins, as in one transaction
      const byCollection = new Map<string, Map<string, unknown>>();
      for (const w of writes) {
        const rows = byCollection.get(w.collection) ?? new Map<string, unknown>();
        byCollection.set(w.collection, rows);
        rows.delete(w.id);
        rows.set(w.id, w.doc);
      }
      for (const [collection, rows] of byCollection) await writeCollection(collection, rows, at);
      try {
        await checkpoint.updateOne(
          { _id: CHECKPOINT_ID, position: { $lt: at } },
          { $set: { position: at } },
          { upsert: true },
        );
      } catch (error) {
        // another writer moved the checkpoint to `at` or beyond after we read it
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY)
          throw new StalePositionError(await position(), at);
        throw error;
      }
    },
    clear: async () => {
      // the checkpoint first: from then on readers rebuild from 0, whatever documents remain
      await checkpoint.deleteMany({});
      for (const name of await prefixedNames()) {
        if (!reserved.has(name)) await db.collection(name).deleteMany({});
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      await beating;
      if (announced) await instances.deleteOne({ _id: instanceId }).catch(() => {});
      await client.close();
    },
  };
};
