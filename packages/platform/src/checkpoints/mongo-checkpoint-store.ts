import { MongoServerError } from 'mongodb';
import { openMongoClient } from '../mongo/mongo-client.ts';
import { type MongoServiceStateOptions, SERVICE_STATE_COLLECTIONS } from '../mongo/service-state-collections.ts';
import type { CheckpointStore } from './checkpoint-store.ts';

interface CheckpointRow {
  _id: string;
  position: number;
}

const DUPLICATE_KEY = 11000;

/**
 * The production CheckpointStore: one document `{ _id: name, position }` per subscriber in
 * `<prefix>subscription_checkpoints`, in the database of the service's read models (tested against
 * FerretDB). A save is one single-document upsert, atomic without transactions; replicas of a
 * service share the documents as they share one checkpoint file on the embedded store. A read-model
 * rebuild leaves the collection alone (service-state-collections.ts).
 */
export const openMongoCheckpointStore = (options: MongoServiceStateOptions): CheckpointStore => {
  // the client connects on first use, so opening stays synchronous like SQLite's
  const client = openMongoClient(options.url);
  const rows = client
    .db(options.database)
    .collection<CheckpointRow>(`${options.prefix}${SERVICE_STATE_COLLECTIONS.checkpoints}`);
  let closed = false;
  return {
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
