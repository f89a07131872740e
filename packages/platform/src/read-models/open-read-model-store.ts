import type { Config } from '../config.ts';
import { openMongoReadModelStore } from './mongo-read-model-store.ts';
import type { ReadModelStore } from './read-model-store.ts';
import { openSqliteReadModelStore } from './sqlite-read-model-store.ts';

/**
 * A service's read-model store as configured: MongoDB when MONGO_URL is set (database MONGO_DB,
 * collections prefixed by the service, e.g. `commerce.orders`), else the service's SQLite file.
 */
export const openReadModelStore = (
  config: Partial<Pick<Config, 'mongo'>>,
  target: { readonly service: string; readonly file: string },
): ReadModelStore =>
  config.mongo
    ? openMongoReadModelStore({
        url: config.mongo.url.reveal(),
        database: config.mongo.database,
        prefix: `${target.service}.`,
      })
    : openSqliteReadModelStore({ path: target.file });
