import { type EmailProofPort, resetOrNull } from '../identity-store.ts';
import { isDuplicateKey } from '../mongo-identity-collections.ts';
import type { MongoAccess } from './access.ts';
import { revokedNameOf } from './api-keys.ts';
import { deleteOAuthRecordsOf } from './oauth-grants.ts';

/**
 * Takes away every way into the account made so far (the first proof of the address). Each
 * part is idempotent, so running it twice (a retry, or two replicas) takes nothing more.
 */
const takeAwayEntry = async (access: MongoAccess, accountId: string) => {
  const { c, now } = access;
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
  const appsRevoked = await deleteOAuthRecordsOf(access, accountId);
  const passkeysRemoved = (await c.passkeys.deleteMany({ accountId })).deletedCount;
  await c.passkeyCounterSteps.deleteMany({ accountId });
  await c.ceremonies.deleteMany({ accountId });
  return { passwordRemoved, sessionsEnded, keysRevoked, appsRevoked, passkeysRemoved };
};

/** Confirmed addresses on MongoDB, and the first proof's taking away of every way in (identity-store.ts). */
export const mongoEmailProof = (access: MongoAccess): EmailProofPort => {
  const { c, now, beforeUse } = access;
  const markEmailConfirmed = async (accountId: string) => {
    await c.accounts.updateOne(
      { _id: accountId, emailConfirmedAt: null },
      { $set: { emailConfirmedAt: now().toISOString() } },
    );
  };
  return {
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
      const first = await takeAwayEntry(access, accountId);
      try {
        await c.firstProofs.insertOne({ _id: accountId, at: now().toISOString() });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        await markEmailConfirmed(accountId);
        return 'confirmed-already';
      }
      await markEmailConfirmed(accountId);
      const late = await takeAwayEntry(access, accountId);
      return resetOrNull({
        password_removed: first.passwordRemoved + late.passwordRemoved > 0,
        sessions_ended: first.sessionsEnded + late.sessionsEnded,
        api_keys_revoked: first.keysRevoked + late.keysRevoked,
        apps_revoked: first.appsRevoked + late.appsRevoked,
        passkeys_removed: first.passkeysRemoved + late.passkeysRemoved,
      });
    },
    async isEmailConfirmed(accountId) {
      await beforeUse();
      const doc = await c.accounts.findOne({ _id: accountId }, { projection: { emailConfirmedAt: 1 } });
      return (doc?.emailConfirmedAt ?? null) !== null;
    },
    async markEmailConfirmed(accountId) {
      await beforeUse();
      await markEmailConfirmed(accountId);
    },
  };
};
