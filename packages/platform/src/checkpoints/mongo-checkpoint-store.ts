import { MongoServerError } from 'mongodb';
import { openMongoClient } from '../mongo/mongo-client.ts';
import { type MongoServiceStateOptions, SERVICE_STATE_COLLECTIONS } from '../mongo/service-state-collections.ts';
import type { CheckpointStore } from './checkpoint-store.ts';
import type { LeaseStore } from './subscription-lease.ts';

interface CheckpointRow {
  _id: string;
  position: number;
}

interface LeaseRow {
  _id: string;
  holder: string;
  /** milliseconds since the epoch, by the holder's clock (the nodes' clocks are assumed NTP-close) */
  expires_at: number;
}

const DUPLICATE_KEY = 11000;

/**
 * The production CheckpointStore: one document `{ _id: name, position }` per subscriber in
 * `<prefix>subscription_checkpoints`, in the database of the service's read models (tested against
 * FerretDB). A save is one single-document upsert, atomic without transactions; replicas of a
 * service share the documents as they share one checkpoint file on the embedded store. A read-model
 * rebuild leaves the collection alone (service-state-collections.ts).
 */
export const openMongoCheckpointStore = (
  options: MongoServiceStateOptions & {
    /** a lease's lifetime unless renewed (default LEASE_TTL_MS) */
    readonly leaseTtlMs?: number;
  },
): CheckpointStore => {
  // the client connects on first use, so opening stays synchronous like SQLite's
  const client = openMongoClient(options.url);
  const rows = client
    .db(options.database)
    .collection<CheckpointRow>(`${options.prefix}${SERVICE_STATE_COLLECTIONS.checkpoints}`);
  const leaseRows = client
    .db(options.database)
    .collection<LeaseRow>(`${options.prefix}${SERVICE_STATE_COLLECTIONS.leases}`);
  /**
   * One conditional single-document update: the lease becomes `holder`'s when it is free, expired
   * or already its own. Two replicas taking a free lease at once both try to insert it: the unique
   * `_id` lets one in, and the other's duplicate-key error means "held by another".
   */
  const leases: LeaseStore = {
    async acquire(name, holder, ttlMs) {
      const now = Date.now();
      try {
        const row = await leaseRows.findOneAndUpdate(
          { _id: name, $or: [{ holder }, { expires_at: { $lte: now } }] },
          { $set: { holder, expires_at: now + ttlMs } },
          { upsert: true, returnDocument: 'after' },
        );
        return row?.holder === holder;
      } catch (error) {
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
        throw error;
      }
    },
    async release(name, holder) {
      await leaseRows.deleteOne({ _id: name, holder });
    },
  };
  let closed = false;
  return {
    leases,
    ...(options.leaseTtlMs === undefined ? {} : { leaseTtlMs: options.leaseTtlMs }),
    async load(name) {
      const row = await rows.findOne({ _id: name });
      return row ? Number(row.position) : 0;
    },
    async save(name, position) {
      const upsert = () => rows.updateOne({ _id: name }, { $set: { position } }, { upsert: true });
      try {
        await upsert();
      } catch (error) {
        // two first saves of one name raced on the insert: the document exists now, so update it
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
        await upsert();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
};
