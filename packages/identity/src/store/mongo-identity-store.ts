import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Scope } from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import { DailyLimitError, utcDayOf } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';
import { openMongoClient } from '@listings/platform/mongo';
import type { Collection } from 'mongodb';
import {
  type Account,
  API_KEY_PATTERN,
  ApiKeyNameTakenError,
  type ApiKeySummary,
  apiKeyNameKey,
  apiKeyPrefixOf,
  byGrantedAtDesc,
  freeApiKeyName,
  grantRecordOf,
  type IdentityStore,
  LAST_USED_RESOLUTION_MS,
  newApiKey,
  newSessionPublicId,
  newToken,
  normaliseEmail,
  SESSION_TOKEN_MAX_LENGTH,
  SESSION_TTL_MS,
  type SessionMethod,
  sha256,
} from './identity-store.ts';
import {
  type AccountDoc,
  type ApiKeyDoc,
  createIdentityIndexes,
  IDENTITY_COLLECTION_PREFIX,
  identityCollections,
  isDuplicateKey,
} from './mongo-identity-collections.ts';
import { mongoOAuthAdapterFactory, oauthRecordAlive, oauthRecordId } from './mongo-oauth-adapter.ts';
import { mongoPasskeyStore } from './mongo-passkey-store.ts';

export interface MongoIdentityStoreOptions {
  /** `mongodb://…` (credentials stay inside the driver; never logged) */
  readonly url: string;
  readonly database: string;
  readonly clock: Clock;
  /** default `gateway.` */
  readonly prefix?: string;
}

/** how often, at most, a process sweeps one collection's expired documents where the server has no TTL */
const SWEEP_EVERY_MS = 60_000;
/** rounds of "read, then insert" a key creation tries when replicas race for its name or place */
const CREATE_KEY_ROUNDS = 10;

const toAccount = (doc: AccountDoc): Account => ({
  id: doc._id,
  email: doc.email,
  name: doc.name,
  createdAt: doc.createdAt,
});
const summaryOf = (doc: ApiKeyDoc): ApiKeySummary => ({
  id: doc._id,
  name: doc.name,
  prefix: apiKeyPrefixOf(doc._id),
  scopes: doc.scopes as Scope[],
  createdAt: doc.createdAt,
  lastUsedAt: doc.lastUsedAt,
});
const liveNameOf = (accountId: string, name: string): string => `${accountId}\n${apiKeyNameKey(name)}`;
const revokedNameOf = (keyId: string): string => `revoked\n${keyId}`;

/**
 * The identity store's MongoDB adapter (identity-store.ts), used when MONGO_URL is set: the
 * gateway's replicas, on any node, and the operator CLI share its collections
 * (mongo-identity-collections.ts). It needs no transactions (FerretDB and a MongoDB without a
 * replica set have none): every guarantee is a single-document operation or a unique index:
 *  - one account per address, one live key per name: unique indexes; the insert that loses the
 *    race gets a duplicate-key error and is refused (or, for a numbered name, takes the next);
 *  - the day's keys and the passkeys: numbered places under unique indexes (`daySlot`, `slot`);
 *  - one-use links and ceremonies: used by deleting them, and the `deleteOne` that counts 1 wins;
 *  - the first proof of an address, a passkey's counter step: a claim inserted under a unique `_id`
 *    (FerretDB runs `findOneAndUpdate` and filtered updates as a read then a write, so two
 *    replicas would both match: mongo-identity-collections.ts);
 *  - expiry: checked on every read, and TTL indexes (or sweeps, on FerretDB) clear the rest.
 * The steps that touch several collections (erasing an account, the first proof of an address,
 * revoking a grant) are ordered so that a crash half-way and a retry of the same step end in the
 * same state as one clean run; each says how.
 * The client connects on first use, so opening stays synchronous like SQLite's; the first use
 * also creates the indexes, and a refused first connect is tried again by the next use (the
 * gateway's start waits for it: store-wait.ts).
 */
export const openMongoIdentityStore = (options: MongoIdentityStoreOptions): IdentityStore => {
  const client = openMongoClient(options.url);
  const c = identityCollections(client.db(options.database), options.prefix ?? IDENTITY_COLLECTION_PREFIX);
  const now = () => options.clock.now();

  let indexed: Promise<{ ttl: boolean }> | undefined;
  const lastSweep = new Map<string, number>();
  /** the indexes exist (made once per process); without TTL indexes, `expiring` is swept now and then */
  const beforeUse = async (expiring?: Collection<{ expiresAt: Date }>): Promise<void> => {
    indexed ??= createIdentityIndexes(c).catch((error: unknown) => {
      indexed = undefined;
      throw error;
    });
    const { ttl } = await indexed;
    if (ttl || !expiring) return;
    const at = now().getTime();
    if (at - (lastSweep.get(expiring.collectionName) ?? 0) < SWEEP_EVERY_MS) return;
    lastSweep.set(expiring.collectionName, at);
    await expiring.deleteMany({ expiresAt: { $lte: new Date(at) } });
  };
  const expiringOf = <T extends { expiresAt: Date | null }>(collection: Collection<T>) =>
    collection as unknown as Collection<{ expiresAt: Date }>;

  const liveSession = async (token: string | undefined) => {
    if (!token || token.length > SESSION_TOKEN_MAX_LENGTH) return null;
    await beforeUse();
    const session = await c.sessions.findOne({ _id: sha256(token) });
    return session && session.expiresAt.getTime() > now().getTime() ? session : null;
  };

  /** the account's grant ids, then what was issued under each, then the records that name the account */
  const deleteOAuthRecordsOf = async (accountId: string): Promise<number> => {
    const grantIds = (
      await c.oauthRecords.find({ accountId, model: 'Grant' }, { projection: { _id: 1 } }).toArray()
    ).map((doc) => doc._id.slice('Grant:'.length));
    // tokens first, the grant last: a crash in between leaves the grant, which a retry finds again
    for (const grantId of grantIds) await c.oauthRecords.deleteMany({ grantId });
    await c.oauthRecords.deleteMany({ accountId });
    return grantIds.length;
  };

  /**
   * Takes away every way into the account made so far (the first proof of the address). Each
   * part is idempotent, so running it twice (a retry, or two replicas) takes nothing more.
   */
  const takeAwayEntry = async (accountId: string) => {
    const passwordRemoved = (
      await c.accounts.updateOne({ _id: accountId, passwordHash: { $ne: null } }, { $set: { passwordHash: null } })
    ).matchedCount;
    const sessionsEnded = (await c.sessions.deleteMany({ accountId })).deletedCount;
    // the operator's keys stay; keys from before origins were kept have none, and go
    const siteKeys = await c.apiKeys
      .find({ accountId, revokedAt: null, origin: { $ne: 'operator' } }, { projection: { _id: 1 } })
      .toArray();
    let keysRevoked = 0;
    for (const { _id } of siteKeys)
      keysRevoked += (
        await c.apiKeys.updateOne(
          { _id, revokedAt: null },
          { $set: { revokedAt: now().toISOString(), liveName: revokedNameOf(_id) } },
        )
      ).matchedCount;
    const appsRevoked = await deleteOAuthRecordsOf(accountId);
    const passkeysRemoved = (await c.passkeys.deleteMany({ accountId })).deletedCount;
    await c.passkeyCounterSteps.deleteMany({ accountId });
    await c.ceremonies.deleteMany({ accountId });
    return { passwordRemoved, sessionsEnded, keysRevoked, appsRevoked, passkeysRemoved };
  };

  const store: IdentityStore = {
    passkeys: mongoPasskeyStore({
      passkeys: c.passkeys,
      ceremonies: c.ceremonies,
      counterSteps: c.passkeyCounterSteps,
      now,
      beforeUse,
    }),
    oauthAdapter: mongoOAuthAdapterFactory(c.oauthRecords, options.clock, (expiring) =>
      beforeUse(expiring ? expiringOf(c.oauthRecords) : undefined),
    ),
    close: async () => {
      await client.close();
    },

    async findAccountById(id) {
      await beforeUse();
      const doc = await c.accounts.findOne({ _id: id });
      return doc ? toAccount(doc) : null;
    },
    async findAccountForSignIn(email) {
      await beforeUse();
      const doc = await c.accounts.findOne({ email: normaliseEmail(email) });
      return doc ? { ...toAccount(doc), passwordHash: doc.passwordHash } : null;
    },
    async createAccount(input) {
      await beforeUse();
      const doc: AccountDoc = {
        _id: randomUUID(),
        email: normaliseEmail(input.email),
        name: input.name,
        passwordHash: input.passwordHash,
        createdAt: now().toISOString(),
        emailConfirmedAt: null,
      };
      try {
        await c.accounts.insertOne(doc);
      } catch (error) {
        // the unique index on the address: of two sign-ups at once, one inserts
        if (isDuplicateKey(error)) throw new ConflictError('an account with this email already exists');
        throw error;
      }
      return toAccount(doc);
    },
    /**
     * Without a transaction, in an order a retry finishes: the password goes first (no new sign-in
     * with it), then every credential and record of the account, and the address and name are
     * overwritten last, so that, should this stop half-way, the operator can still name the
     * account by its address and run the erase again (the deletions find what is left).
     */
    async eraseAccount(accountId) {
      await beforeUse();
      if (!(await c.accounts.findOne({ _id: accountId }, { projection: { _id: 1 } }))) return false;
      await c.accounts.updateOne({ _id: accountId }, { $set: { passwordHash: null } });
      await c.apiKeys.deleteMany({ accountId });
      await c.sessions.deleteMany({ accountId });
      await c.emailTokens.deleteMany({ accountId });
      await c.passkeys.deleteMany({ accountId });
      await c.passkeyCounterSteps.deleteMany({ accountId });
      await c.ceremonies.deleteMany({ accountId });
      await c.firstProofs.deleteOne({ _id: accountId });
      await deleteOAuthRecordsOf(accountId);
      await c.accounts.updateOne(
        { _id: accountId },
        {
          $set: {
            email: `erased-${accountId}@erased.invalid`,
            name: null,
            passwordHash: null,
            emailConfirmedAt: null,
          },
        },
      );
      return true;
    },
    async ensureAccount(email) {
      await beforeUse();
      const address = normaliseEmail(email);
      const found = await c.accounts.findOne({ email: address });
      if (found) return { account: toAccount(found), created: false };
      try {
        return {
          account: await store.createAccount({ email: address, name: null, passwordHash: null }),
          created: true,
        };
      } catch (error) {
        // made by another replica (or the site) between the read and the insert: that one it is
        if (!(error instanceof ConflictError)) throw error;
        const made = await c.accounts.findOne({ email: address });
        if (!made) throw error;
        return { account: toAccount(made), created: false };
      }
    },

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
      if (!doc) return null;
      const presented = Buffer.from(sha256(key), 'hex');
      const stored = Buffer.from(doc.secretHash, 'hex');
      if (presented.length !== stored.length || !timingSafeEqual(presented, stored)) return null;
      const at = now();
      if (!doc.lastUsedAt || at.getTime() - Date.parse(doc.lastUsedAt) >= LAST_USED_RESOLUTION_MS)
        await c.apiKeys.updateOne({ _id: doc._id }, { $set: { lastUsedAt: at.toISOString() } });
      return { keyId: doc._id, accountId: doc.accountId, scopes: doc.scopes as Scope[] };
    },

    async createSession(accountId, method: SessionMethod | null = null) {
      await beforeUse(expiringOf(c.sessions));
      const token = newToken();
      const csrfToken = newToken();
      const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
      await c.sessions.insertOne({
        _id: sha256(token),
        accountId,
        expiresAt,
        csrfToken,
        publicId: newSessionPublicId(),
        method,
      });
      return { token, expiresAt, csrfToken };
    },
    async sessionOrigin(token) {
      const session = await liveSession(token);
      return session
        ? {
            method: session.method as SessionMethod | null,
            createdAt: new Date(session.expiresAt.getTime() - SESSION_TTL_MS),
          }
        : null;
    },
    async listSessions(accountId, currentToken) {
      await beforeUse();
      const current = sha256(currentToken);
      const docs = await c.sessions
        .find({ accountId, expiresAt: { $gt: now() } })
        .sort({ expiresAt: -1, publicId: 1 })
        .toArray();
      return docs.map((doc) => ({
        id: doc.publicId,
        createdAt: new Date(doc.expiresAt.getTime() - SESSION_TTL_MS).toISOString(),
        expiresAt: doc.expiresAt.toISOString(),
        method: doc.method as SessionMethod | null,
        current: doc._id === current,
      }));
    },
    async endSessionById(accountId, publicId) {
      await beforeUse();
      return (await c.sessions.deleteOne({ accountId, publicId })).deletedCount > 0;
    },
    async endOtherSessions(accountId, keepToken) {
      await beforeUse();
      return (await c.sessions.deleteMany({ accountId, _id: { $ne: sha256(keepToken) } })).deletedCount;
    },
    async sessionDetails(token) {
      const session = await liveSession(token);
      if (!session) return null;
      const account = await c.accounts.findOne({ _id: session.accountId });
      if (!account) return null;
      return {
        account: toAccount(account),
        emailConfirmed: account.emailConfirmedAt !== null,
        csrfToken: session.csrfToken,
        expiresAt: session.expiresAt,
      };
    },
    async sessionAccount(token) {
      const session = await liveSession(token);
      if (!session) return null;
      const account = await c.accounts.findOne({ _id: session.accountId });
      return account ? toAccount(account) : null;
    },
    async endSession(token) {
      if (!token) return;
      await beforeUse();
      await c.sessions.deleteOne({ _id: sha256(token) });
    },
    async endAllSessions(accountId) {
      await beforeUse();
      await c.oauthRecords.deleteMany({ accountId, model: 'Session' });
      return (await c.sessions.deleteMany({ accountId })).deletedCount;
    },

    async hasPassword(accountId) {
      return (await store.passwordHashOf(accountId)) !== null;
    },
    async passwordHashOf(accountId) {
      await beforeUse();
      return (await c.accounts.findOne({ _id: accountId }, { projection: { passwordHash: 1 } }))?.passwordHash ?? null;
    },
    async setPasswordHash(accountId, passwordHash) {
      await beforeUse();
      const filter = passwordHash === null ? { _id: accountId, passwordHash: { $ne: null } } : { _id: accountId };
      return (await c.accounts.updateOne(filter, { $set: { passwordHash } })).matchedCount > 0;
    },
    /**
     * Without a transaction, in this order: (1) every way in is taken away; (2) the proof claims
     * the account's first confirmation by inserting `first_proofs/<account id>` (of two proofs at
     * once, two links or two replicas, one inserts: the other is `confirmed-already`); (3) the
     * address is marked confirmed; (4) the sweep runs once more, for whatever was made between (1)
     * and (2). A crash before (2) leaves the address unconfirmed, so the next proof takes away
     * again; a crash after (2) leaves a claim, and the next proof (finding it) marks the address
     * confirmed: (1) had run by then, so nothing made before the proof is left either way.
     */
    async confirmEmailAndResetEntry(accountId) {
      await beforeUse();
      const account = await c.accounts.findOne({ _id: accountId }, { projection: { emailConfirmedAt: 1 } });
      if (!account || account.emailConfirmedAt !== null) return 'confirmed-already';
      const first = await takeAwayEntry(accountId);
      const confirm = () =>
        c.accounts.updateOne(
          { _id: accountId, emailConfirmedAt: null },
          { $set: { emailConfirmedAt: now().toISOString() } },
        );
      try {
        await c.firstProofs.insertOne({ _id: accountId, at: now().toISOString() });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        await confirm();
        return 'confirmed-already';
      }
      await confirm();
      const late = await takeAwayEntry(accountId);
      const reset = {
        password_removed: first.passwordRemoved + late.passwordRemoved > 0,
        sessions_ended: first.sessionsEnded + late.sessionsEnded,
        api_keys_revoked: first.keysRevoked + late.keysRevoked,
        apps_revoked: first.appsRevoked + late.appsRevoked,
        passkeys_removed: first.passkeysRemoved + late.passkeysRemoved,
      };
      return reset.password_removed ||
        reset.sessions_ended + reset.api_keys_revoked + reset.apps_revoked + reset.passkeys_removed > 0
        ? reset
        : null;
    },
    async isEmailConfirmed(accountId) {
      await beforeUse();
      const doc = await c.accounts.findOne({ _id: accountId }, { projection: { emailConfirmedAt: 1 } });
      return (doc?.emailConfirmedAt ?? null) !== null;
    },
    async markEmailConfirmed(accountId) {
      await beforeUse();
      await c.accounts.updateOne(
        { _id: accountId, emailConfirmedAt: null },
        { $set: { emailConfirmedAt: now().toISOString() } },
      );
    },

    async takeMailKey(dedupeKey) {
      await beforeUse();
      try {
        await c.mailsSent.insertOne({ _id: dedupeKey, sentAt: now().toISOString() });
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    },
    async releaseMailKey(dedupeKey) {
      await beforeUse();
      await c.mailsSent.deleteOne({ _id: dedupeKey });
    },
    async issueEmailToken(input) {
      await beforeUse(expiringOf(c.emailTokens));
      const token = newToken();
      await c.emailTokens.insertOne({
        _id: sha256(token),
        purpose: input.purpose,
        email: normaliseEmail(input.email),
        accountId: input.accountId,
        next: input.next,
        expiresAt: new Date(now().getTime() + input.ttlMs),
      });
      return token;
    },
    async consumeEmailToken(token, purpose) {
      await beforeUse();
      const _id = sha256(token);
      const found = await c.emailTokens.findOne({ _id, purpose, expiresAt: { $gt: now() } });
      // used by deleting it: of two clicks (or replicas) the delete of one counts it
      if (!found || (await c.emailTokens.deleteOne({ _id })).deletedCount === 0) return null;
      return { email: found.email, accountId: found.accountId, next: found.next };
    },

    async listOAuthGrants(accountId) {
      await beforeUse();
      const at = now();
      const grants = (await c.oauthRecords.find({ accountId, model: 'Grant' }).toArray()).filter((doc) =>
        oauthRecordAlive(doc, at),
      );
      const clientIds = [...new Set(grants.map((g) => g.clientId).filter((id): id is string => id !== null))];
      const clients = new Map(
        (await c.oauthRecords.find({ _id: { $in: clientIds.map((id) => oauthRecordId('Client', id)) } }).toArray()).map(
          (doc) => [doc._id.slice('Client:'.length), doc.payload],
        ),
      );
      return grants
        .map((g) =>
          grantRecordOf(g._id.slice('Grant:'.length), g.payload, g.clientId ? (clients.get(g.clientId) ?? null) : null),
        )
        .sort(byGrantedAtDesc);
    },
    /** what was issued under the grant first, the grant last: a crash in between leaves the grant to revoke again */
    async revokeOAuthGrant(accountId, grantId) {
      await beforeUse();
      const grant = await c.oauthRecords.findOne(
        { _id: oauthRecordId('Grant', grantId), accountId },
        { projection: { _id: 1 } },
      );
      if (!grant) return false;
      await c.oauthRecords.deleteMany({ grantId });
      await c.oauthRecords.deleteOne({ _id: grant._id });
      return true;
    },
  };
  return store;
};
