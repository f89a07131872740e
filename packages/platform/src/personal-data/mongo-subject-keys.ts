import { randomBytes } from 'node:crypto';
import { Binary, MongoServerError } from 'mongodb';
import { openMongoClient } from '../mongo/mongo-client.ts';
import { type MongoServiceStateOptions, SERVICE_STATE_COLLECTIONS } from '../mongo/service-state-collections.ts';
import type { SubjectKeys } from './key-vault.ts';

interface KeyRow {
  _id: string;
  /** null once forgotten (the tombstone) */
  key: Binary | null;
  forgottenAt: string | null;
}

const DUPLICATE_KEY = 11000;
const isDuplicateKey = (error: unknown): boolean => error instanceof MongoServerError && error.code === DUPLICATE_KEY;

/**
 * The production key store: one document `{ _id: subject, key, forgottenAt }` per subject in
 * `<prefix>personal_data_keys`, beside the service's read models (tested against FerretDB). Every
 * step is one single-document operation, so it needs no transactions: a key is made by an insert
 * on the unique `_id` and read back, so two replicas sealing for a new subject at once end up with
 * the same key (the loser's insert collides and it reads the winner's); forgetting overwrites the
 * key with null in place (the tombstone), which also keeps a forgotten subject from getting a new
 * key. Keys are never cached in the process: an erasure by the operator's command takes effect on
 * the running replicas' next seal or open.
 */
export const mongoSubjectKeys = (options: MongoServiceStateOptions): SubjectKeys => {
  // the client connects on first use, so opening stays synchronous like SQLite's
  const client = openMongoClient(options.url);
  const rows = client
    .db(options.database)
    .collection<KeyRow>(`${options.prefix}${SERVICE_STATE_COLLECTIONS.personalDataKeys}`);
  const keyOf = (row: KeyRow | null): Buffer | null => (row?.key ? Buffer.from(row.key.value()) : null);
  let closed = false;
  return {
    async keyFor(subject) {
      const found = await rows.findOne({ _id: subject });
      if (found) return keyOf(found);
      try {
        await rows.insertOne({ _id: subject, key: new Binary(randomBytes(32)), forgottenAt: null });
      } catch (error) {
        // another replica made the subject's key (or forgot it) first: use what it stored
        if (!isDuplicateKey(error)) throw error;
      }
      return keyOf(await rows.findOne({ _id: subject }));
    },
    existingKey: async (subject) => keyOf(await rows.findOne({ _id: subject })),
    async forget(subject) {
      const tombstone = () =>
        rows.updateOne(
          { _id: subject },
          { $set: { key: null, forgottenAt: new Date().toISOString() } },
          { upsert: true },
        );
      try {
        await tombstone();
      } catch (error) {
        // a replica inserted the subject's key between our filter and our insert: overwrite it now
        if (!isDuplicateKey(error)) throw error;
        await tombstone();
      }
    },
    forgotten: async (subject) => ((await rows.findOne({ _id: subject }))?.forgottenAt ?? null) !== null,
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
};
