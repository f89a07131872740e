export {
  type Account,
  ApiKeyNameTakenError,
  type ApiKeySummary,
  type IdentityStore,
} from './identity-store.ts';
export { openMongoIdentityStore } from './mongo-identity-store.ts';
export { identityDatabaseFile, openConfiguredIdentityStore } from './open-identity-store.ts';
export { openSqliteIdentityStore, sqliteDatabaseOf } from './sqlite-identity-store.ts';
