import type { Config } from '../config.ts';
import type { CheckpointStore } from './checkpoint-store.ts';
import { openMongoCheckpointStore } from './mongo-checkpoint-store.ts';
import { openSqliteCheckpointStore } from './sqlite-checkpoint-store.ts';

/**
 * A service's checkpoint store as configured: beside its read models, in MongoDB when MONGO_URL is
 * set (`<service>.subscription_checkpoints` in MONGO_DB), else the SQLite file `file`.
 */
export const openCheckpointStore = (
  config: Partial<Pick<Config, 'mongo'>>,
  target: { readonly service: string; readonly file: string },
): CheckpointStore =>
  config.mongo
    ? openMongoCheckpointStore({
        url: config.mongo.url.reveal(),
        database: config.mongo.database,
        prefix: `${target.service}.`,
      })
    : openSqliteCheckpointStore({ path: target.file });
