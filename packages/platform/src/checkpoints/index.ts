export type { CheckpointStore } from './checkpoint-store.ts';
export type { CheckpointedSubscriptionOptions } from './checkpointed-subscription.ts';
export { startCheckpointedSubscription } from './checkpointed-subscription.ts';
export { openMemoryCheckpointStore } from './memory-checkpoint-store.ts';
export { openMongoCheckpointStore } from './mongo-checkpoint-store.ts';
export { openCheckpointStore } from './open-checkpoint-store.ts';
export type { SqliteCheckpointStoreOptions } from './sqlite-checkpoint-store.ts';
export { openSqliteCheckpointStore } from './sqlite-checkpoint-store.ts';
