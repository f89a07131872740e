import type { Clock } from '@listings/platform/clock';
import type { Config } from '@listings/platform/config';
import type { IdentityStore } from './identity-store.ts';
import { openMongoIdentityStore } from './mongo-identity-store.ts';
import { openSqliteIdentityStore } from './sqlite-identity-store.ts';

/** the embedded identity store's file: `DATA_DIR/identity.sqlite` */
export const identityDatabaseFile = (dataDir: string): string => `${dataDir.replace(/\/+$/, '')}/identity.sqlite`;

/**
 * The identity store as configured, for the gateway and the operator CLI alike: MongoDB when
 * MONGO_URL is set (collections `gateway.*` in MONGO_DB, shared by every gateway replica, nothing
 * under DATA_DIR), else the SQLite file `DATA_DIR/identity.sqlite` (the embedded all-in-one).
 */
export const openConfiguredIdentityStore = (
  config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 'mongo'>>,
  clock: Clock,
): IdentityStore =>
  config.mongo
    ? openMongoIdentityStore({ url: config.mongo.url.reveal(), database: config.mongo.database, clock })
    : openSqliteIdentityStore({ file: identityDatabaseFile(config.dataDir), clock });
