import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '@listings/platform/clock';
import type { IdentityStore } from './identity-store.ts';
import { sqliteAccounts, sqliteEmailProof } from './sqlite/accounts.ts';
import { sqliteApiKeys } from './sqlite/api-keys.ts';
import { sqliteEmailLinks } from './sqlite/email-links.ts';
import { sqliteOAuthGrants } from './sqlite/oauth-grants.ts';
import { sqliteRoles } from './sqlite/roles.ts';
import { openIdentityDatabase } from './sqlite/schema.ts';
import { sqliteSessions } from './sqlite/sessions.ts';
import { sqliteOAuthAdapterFactory } from './sqlite-oauth-adapter.ts';
import { openSqlitePasskeyStore } from './sqlite-passkey-store.ts';

/** the SQLite adapter: the port, and the database (tests and migrations look at its rows) */
export type SqliteIdentityStore = IdentityStore & { readonly db: DatabaseSync };

/**
 * The identity store's SQLite adapter (identity-store.ts): accounts, API keys, site sessions,
 * passkeys and the OAuth server's records in one file under DATA_DIR (WAL, so the operator CLI can
 * write while the service runs), for the embedded all-in-one and whenever MONGO_URL is absent.
 * Each method is one synchronous statement or IMMEDIATE transaction behind a promise, so replicas
 * sharing the file (and the CLI) never see half of a step. One file per part in `sqlite/`.
 */
export const openSqliteIdentityStore = (options: { file: string; clock: Clock }): SqliteIdentityStore => {
  const db = openIdentityDatabase(options.file);
  const now = () => options.clock.now();
  return {
    db,
    close: async () => db.close(),
    passkeys: openSqlitePasskeyStore(db, now),
    oauthAdapter: sqliteOAuthAdapterFactory(db, options.clock),
    ...sqliteAccounts(db, now),
    ...sqliteEmailProof(db, now),
    ...sqliteApiKeys(db, now),
    ...sqliteSessions(db, now),
    ...sqliteRoles(db, now),
    ...sqliteEmailLinks(db, now),
    ...sqliteOAuthGrants(db, now),
  };
};

/** the SQLite database behind a store (tests look at its rows); throws for another adapter */
export const sqliteDatabaseOf = (store: IdentityStore): DatabaseSync => {
  const db = (store as Partial<SqliteIdentityStore>).db;
  if (!db) throw new Error('this identity store is not the SQLite adapter');
  return db;
};
