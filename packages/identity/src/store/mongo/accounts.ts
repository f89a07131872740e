import { randomUUID } from 'node:crypto';
import { ConflictError } from '@listings/platform/errors';
import { type Account, type AccountsPort, normaliseEmail, suspensionNote } from '../identity-store.ts';
import { type AccountDoc, isDuplicateKey } from '../mongo-identity-collections.ts';
import type { MongoAccess } from './access.ts';
import { deleteOAuthRecordsOf } from './oauth-grants.ts';

export const toAccount = (doc: AccountDoc): Account => ({
  id: doc._id,
  email: doc.email,
  name: doc.name,
  createdAt: doc.createdAt,
  suspendedAt: doc.suspendedAt ?? null,
  suspensionReason: doc.suspensionReason ?? null,
});

/** Accounts on MongoDB: one per address (a unique index), their passwords, and erasing one. */
export const mongoAccounts = (access: MongoAccess): AccountsPort => {
  const { c, now, beforeUse } = access;
  const createAccount: AccountsPort['createAccount'] = async (input) => {
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
  };
  const passwordHashOf = async (accountId: string) => {
    await beforeUse();
    return (await c.accounts.findOne({ _id: accountId }, { projection: { passwordHash: 1 } }))?.passwordHash ?? null;
  };

  return {
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
    createAccount,
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
      await c.accountRoles.deleteMany({ accountId });
      await deleteOAuthRecordsOf(access, accountId);
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
        return { account: await createAccount({ email: address, name: null, passwordHash: null }), created: true };
      } catch (error) {
        // made by another replica (or the site) between the read and the insert: that one it is
        if (!(error instanceof ConflictError)) throw error;
        const made = await c.accounts.findOne({ email: address });
        if (!made) throw error;
        return { account: toAccount(made), created: false };
      }
    },
    /** one conditional update: only an account not suspended is suspended (of two operators at once, one does it) */
    async suspendAccount(accountId, { reason, operatorAccountId }) {
      await beforeUse();
      const { modifiedCount } = await c.accounts.updateOne(
        { _id: accountId, suspendedAt: null },
        {
          $set: {
            suspendedAt: now().toISOString(),
            suspensionReason: reason,
            suspensionNote: suspensionNote('suspended', operatorAccountId, reason),
          },
        },
      );
      return modifiedCount > 0;
    },
    async restoreAccount(accountId, { reason, operatorAccountId }) {
      await beforeUse();
      const { modifiedCount } = await c.accounts.updateOne(
        { _id: accountId, suspendedAt: { $type: 'string' } },
        {
          $set: {
            suspendedAt: null,
            suspensionReason: null,
            suspensionNote: suspensionNote('restored', operatorAccountId, reason),
          },
        },
      );
      return modifiedCount > 0;
    },
    async hasPassword(accountId) {
      return (await passwordHashOf(accountId)) !== null;
    },
    passwordHashOf,
    async setPasswordHash(accountId, passwordHash) {
      await beforeUse();
      const filter = passwordHash === null ? { _id: accountId, passwordHash: { $ne: null } } : { _id: accountId };
      return (await c.accounts.updateOne(filter, { $set: { passwordHash } })).matchedCount > 0;
    },
  };
};
