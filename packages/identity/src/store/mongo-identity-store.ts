import type { Clock } from '@listings/platform/clock';
import { openMongoClient } from '@listings/platform/mongo';
import type { Collection } from 'mongodb';
import type { IdentityStore } from './identity-store.ts';
import { expiringOf, type MongoAccess } from './mongo/access.ts';
import { mongoAccounts } from './mongo/accounts.ts';
import { mongoApiKeys } from './mongo/api-keys.ts';
import { mongoEmailLinks } from './mongo/email-links.ts';
import { mongoEmailProof } from './mongo/email-proof.ts';
import { mongoOAuthGrants } from './mongo/oauth-grants.ts';
import { mongoRoles } from './mongo/roles.ts';
import { mongoSessions } from './mongo/sessions.ts';
import {
  createIdentityIndexes,
  IDENTITY_COLLECTION_PREFIX,
  identityCollections,
} from './mongo-identity-collections.ts';
import { mongoOAuthAdapterFactory } from './mongo-oauth-adapter.ts';
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
 * same state as one clean run; each says how. One file per part in `mongo/`.
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
  const access: MongoAccess = { c, now, beforeUse };

  return {
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
    ...mongoAccounts(access),
    ...mongoEmailProof(access),
    ...mongoApiKeys(access),
    ...mongoSessions(access),
    ...mongoRoles(access),
    ...mongoEmailLinks(access),
    ...mongoOAuthGrants(access),
  };
};
