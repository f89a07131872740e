export {
  type Account,
  ApiKeyNameTakenError,
  type ApiKeySummary,
  type IdentityStore,
  openIdentityStore,
} from './identity-store.ts';
export const identityDatabaseFile = (dataDir: string): string => `${dataDir.replace(/\/+$/, '')}/identity.sqlite`;
