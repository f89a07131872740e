import type { DatabaseSync } from 'node:sqlite';
import { DailyLimitError, utcDayOf } from '@listings/platform/decider';
import {
  API_KEY_PATTERN,
  ApiKeyNameTakenError,
  type ApiKeysPort,
  apiKeyNameKey,
  apiKeyPrefixOf,
  apiKeySecretMatches,
  freeApiKeyName,
  lastUseIsStale,
  newApiKey,
  sha256,
} from '../identity-store.ts';
import { immediateTransaction, isUniqueViolation } from './schema.ts';

/** the account's live key names (as they compare) */
const liveApiKeyNames = (db: DatabaseSync, accountId: string): Set<string> =>
  new Set(
    (
      db.prepare('SELECT name FROM api_keys WHERE account_id = ? AND revoked_at IS NULL').all(accountId) as {
        name: string;
      }[]
    ).map((row) => apiKeyNameKey(row.name)),
  );

/** API keys on SQLite: the secret kept as SHA-256, names unique among an account's live keys. */
export const sqliteApiKeys = (db: DatabaseSync, now: () => Date): ApiKeysPort => ({
  /**
   * The name is held by the UNIQUE index `api_keys_account_name` (live keys, NOCASE); the day's
   * keys are counted inside the same IMMEDIATE transaction as the insert, so replicas writing
   * one file cannot both take the last one.
   */
  createApiKey: async (input) => {
    const { id, key } = newApiKey();
    const createdAt = now().toISOString();
    let name = input.name;
    try {
      immediateTransaction(db, () => {
        if (input.perDay !== undefined) {
          const { made } = db
            .prepare('SELECT COUNT(*) AS made FROM api_keys WHERE account_id = ? AND created_at >= ?')
            .get(input.accountId, `${utcDayOf(createdAt)}T00:00:00.000Z`) as { made: number };
          if (made >= input.perDay)
            throw new DailyLimitError('create an API key', input.perDay, 'API_KEYS_PER_ACCOUNT_PER_DAY', createdAt);
        }
        if (input.suffixIfTaken) name = freeApiKeyName(liveApiKeyNames(db, input.accountId), input.name);
        db.prepare(
          'INSERT INTO api_keys (id, account_id, name, secret_hash, scopes, created_at, origin) VALUES (?, ?, ?, ?, ?, ?, ?)',
        ).run(
          id,
          input.accountId,
          name,
          sha256(key),
          JSON.stringify(input.scopes),
          createdAt,
          input.origin ?? 'operator',
        );
      });
    } catch (error) {
      if (isUniqueViolation(error, 'api_keys.account_id')) throw new ApiKeyNameTakenError(name);
      throw error;
    }
    return {
      key,
      summary: { id, name, prefix: apiKeyPrefixOf(id), scopes: input.scopes, createdAt, lastUsedAt: null },
    };
  },
  listApiKeys: async (accountId: string) =>
    (
      db
        .prepare(
          'SELECT id, name, scopes, created_at, last_used_at FROM api_keys WHERE account_id = ? AND revoked_at IS NULL ORDER BY created_at DESC, id',
        )
        .all(accountId) as {
        id: string;
        name: string;
        scopes: string;
        created_at: string;
        last_used_at: string | null;
      }[]
    ).map((row) => ({
      id: row.id,
      name: row.name,
      prefix: apiKeyPrefixOf(row.id),
      scopes: JSON.parse(row.scopes),
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
    })),
  revokeApiKey: async (accountId: string, keyId: string) =>
    Number(
      db
        .prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL')
        .run(now().toISOString(), keyId, accountId).changes,
    ) > 0,
  verifyApiKey: async (key: string) => {
    const match = API_KEY_PATTERN.exec(key);
    if (!match) return null;
    const row = db
      .prepare(
        'SELECT id, account_id, secret_hash, scopes, last_used_at FROM api_keys WHERE id = ? AND revoked_at IS NULL',
      )
      .get(match[1] as string) as
      | { id: string; account_id: string; secret_hash: string; scopes: string; last_used_at: string | null }
      | undefined;
    if (!row || !apiKeySecretMatches(key, row.secret_hash)) return null;
    const at = now();
    if (lastUseIsStale(row.last_used_at, at))
      db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(at.toISOString(), row.id);
    return { keyId: row.id, accountId: row.account_id, scopes: JSON.parse(row.scopes) };
  },
});
