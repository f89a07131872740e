export {
  type Account,
  ApiKeyNameTakenError,
  type ApiKeySummary,
  type IdentityStore,
} from './identity-store.ts';
export { openSqliteIdentityStore } from './sqlite-identity-store.ts';
export const identityDatabaseFile = (dataDir: string): string => `${dataDir.replace(/\/+$/, '')}/identity.sqlite`;
