/**
 * The MongoDB collections a service keeps beside its read models (same database, same
 * `<service>.` prefix) that are NOT read models: they cannot be rebuilt from the events, so a
 * read-model rebuild (`ReadModelStore.clear`) must leave them alone, and no read model may be
 * named like them.
 *  - `subscription_checkpoints`: the checkpointed subscriptions' positions (integration-event
 *    publishers, follower mail). Lost, a publisher publishes its events again from the start.
 *  - `subscription_leases`: which replica runs which checkpointed subscription, until when
 *    (subscription-lease.ts). Lost, the replicas take the leases again.
 *  - `personal_data_keys`: the keys that seal personal data in events. Lost, every sealed value
 *    opens to nothing (that is how erasure works, one key at a time).
 *  - `blobs.files`, `blobs.chunks`: the GridFS bucket `<service>.blobs` (crawled pages).
 */
export const SERVICE_STATE_COLLECTIONS = {
  checkpoints: 'subscription_checkpoints',
  leases: 'subscription_leases',
  personalDataKeys: 'personal_data_keys',
  /** a GridFS bucket name: its collections are `<bucket>.files` and `<bucket>.chunks` */
  blobBucket: 'blobs',
} as const;

/** every collection name (without the service prefix) a read-model rebuild keeps */
export const keptByReadModelRebuild: readonly string[] = [
  SERVICE_STATE_COLLECTIONS.checkpoints,
  SERVICE_STATE_COLLECTIONS.leases,
  SERVICE_STATE_COLLECTIONS.personalDataKeys,
  `${SERVICE_STATE_COLLECTIONS.blobBucket}.files`,
  `${SERVICE_STATE_COLLECTIONS.blobBucket}.chunks`,
];

/** where a service's state lives on MongoDB: `MONGO_URL`, `MONGO_DB`, and the service's prefix */
export interface MongoServiceStateOptions {
  /** `mongodb://…` (credentials stay inside the driver; never logged) */
  readonly url: string;
  readonly database: string;
  /** prepended to the collection name, e.g. `catalog.` (the read models' prefix) */
  readonly prefix: string;
}
