import type { Scope } from '@listings/contracts';
import { DailyLimitError, utcDayOf } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';
import {
  API_KEY_PATTERN,
  ApiKeyNameTakenError,
  type ApiKeySummary,
  type ApiKeysPort,
  apiKeyNameKey,
  apiKeyPrefixOf,
  apiKeySecretMatches,
  freeApiKeyName,
  lastUseIsStale,
  newApiKey,
  sha256,
} from '../identity-store.ts';
import { type ApiKeyDoc, isDuplicateKey } from '../mongo-identity-collections.ts';
import type { MongoAccess } from './access.ts';

/** rounds of "read, then insert" a key creation tries when replicas race for its name or place */
const CREATE_KEY_ROUNDS = 10;

const summaryOf = (doc: ApiKeyDoc): ApiKeySummary => ({
  id: doc._id,
  name: doc.name,
  prefix: apiKeyPrefixOf(doc._id),
  scopes: doc.scopes as Scope[],
  createdAt: doc.createdAt,
  lastUsedAt: doc.lastUsedAt,
});
const liveNameOf = (accountId: string, name: string): string => `${accountId}\n${apiKeyNameKey(name)}`;
/** a revoked key's `liveName`: its name is free again for a new live key */
export const revokedNameOf = (keyId: string): string => `revoked\n${keyId}`;

/**
 * API keys on MongoDB: the live name under a unique index (`liveName`), the day's keys as numbered
 * places under another (`daySlot`); the insert that loses a race is refused or tries the next.
 */
export const mongoApiKeys = ({ c, now, beforeUse }: MongoAccess): ApiKeysPort => ({
  async createApiKey(input) {
    await beforeUse();
    const { id, key } = newApiKey();
    const createdAt = now().toISOString();
    const day = utcDayOf(createdAt);
    const origin = input.origin ?? 'operator';
    for (let round = 0; round < CREATE_KEY_ROUNDS; round++) {
      const held = await c.apiKeys
        .find({ accountId: input.accountId }, { projection: { name: 1, revokedAt: 1, daySlot: 1 } })
        .toArray();
      const name = input.suffixIfTaken
        ? freeApiKeyName(
            new Set(held.filter((k) => k.revokedAt === null).map((k) => apiKeyNameKey(k.name))),
            input.name,
          )
        : input.name;
      // the day's places: every key the account made today holds one (revoked or not, the operator's too)
      const places = new Set(held.map((k) => k.daySlot));
      let place = 0;
      while (places.has(`${input.accountId}/${day}/${place}`)) place++;
      if (input.perDay !== undefined && place >= input.perDay)
        throw new DailyLimitError('create an API key', input.perDay, 'API_KEYS_PER_ACCOUNT_PER_DAY', createdAt);
      const doc: ApiKeyDoc = {
        _id: id,
        accountId: input.accountId,
        name,
        liveName: liveNameOf(input.accountId, name),
        daySlot: `${input.accountId}/${day}/${place}`,
        secretHash: sha256(key),
        scopes: [...input.scopes],
        createdAt,
        lastUsedAt: null,
        revokedAt: null,
        origin,
      };
      try {
        await c.apiKeys.insertOne(doc);
        return { key, summary: summaryOf(doc) };
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        // the name was taken meanwhile (refused, or numbered on the next round), or the place was
        if (!input.suffixIfTaken && (await c.apiKeys.findOne({ liveName: doc.liveName }, { projection: { _id: 1 } })))
          throw new ApiKeyNameTakenError(name);
      }
    }
    throw new ConflictError('API keys of this account are being made elsewhere at the same moment: try again');
  },
  async listApiKeys(accountId) {
    await beforeUse();
    const docs = await c.apiKeys.find({ accountId, revokedAt: null }).sort({ createdAt: -1, _id: 1 }).toArray();
    return docs.map(summaryOf);
  },
  async revokeApiKey(accountId, keyId) {
    await beforeUse();
    const revoked = await c.apiKeys.updateOne(
      { _id: keyId, accountId, revokedAt: null },
      // the name is free again for a new live key
      { $set: { revokedAt: now().toISOString(), liveName: revokedNameOf(keyId) } },
    );
    return revoked.matchedCount > 0;
  },
  async verifyApiKey(key) {
    const match = API_KEY_PATTERN.exec(key);
    if (!match) return null;
    await beforeUse();
    const doc = await c.apiKeys.findOne({ _id: match[1] as string, revokedAt: null });
    if (!doc || !apiKeySecretMatches(key, doc.secretHash)) return null;
    const at = now();
    if (lastUseIsStale(doc.lastUsedAt, at))
      await c.apiKeys.updateOne({ _id: doc._id }, { $set: { lastUsedAt: at.toISOString() } });
    return { keyId: doc._id, accountId: doc.accountId, scopes: doc.scopes as Scope[] };
  },
});
