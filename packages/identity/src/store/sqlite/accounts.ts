import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { ConflictError } from '@listings/platform/errors';
import {
  type Account,
  type AccountsPort,
  type EmailProofPort,
  normaliseEmail,
  resetOrNull,
  suspensionNote,
} from '../identity-store.ts';
import { immediateTransaction, isUniqueViolation } from './schema.ts';

export type AccountRow = {
  id: string;
  email: string;
  name: string | null;
  created_at: string;
  password_hash: string | null;
  suspended_at?: string | null;
  suspension_reason?: string | null;
};
export const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  email: row.email,
  name: row.name,
  createdAt: row.created_at,
  suspendedAt: row.suspended_at ?? null,
  suspensionReason: row.suspension_reason ?? null,
});

/** a new account's id and time (not suspended) */
const newAccount = (now: () => Date) => ({
  id: randomUUID(),
  name: null,
  createdAt: now().toISOString(),
  suspendedAt: null,
  suspensionReason: null,
});

/** Accounts on SQLite: one per address (the UNIQUE email), their passwords, and erasing one. */
export const sqliteAccounts = (db: DatabaseSync, now: () => Date): AccountsPort => {
  const accountByEmail = db.prepare('SELECT * FROM accounts WHERE email = ?');
  const accountById = db.prepare('SELECT * FROM accounts WHERE id = ?');
  const insertAccount = db.prepare(
    'INSERT INTO accounts (id, email, name, password_hash, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const passwordHashOf = (accountId: string) =>
    (
      db.prepare('SELECT password_hash FROM accounts WHERE id = ?').get(accountId) as
        | { password_hash: string | null }
        | undefined
    )?.password_hash ?? null;

  return {
    findAccountById: async (id: string) => {
      const row = accountById.get(id) as AccountRow | undefined;
      return row ? toAccount(row) : null;
    },
    findAccountForSignIn: async (email: string) => {
      const row = accountByEmail.get(normaliseEmail(email)) as AccountRow | undefined;
      return row ? { ...toAccount(row), passwordHash: row.password_hash } : null;
    },
    createAccount: async (input: { email: string; name: string | null; passwordHash: string | null }) => {
      const email = normaliseEmail(input.email);
      const taken = () => new ConflictError('an account with this email already exists');
      if (accountByEmail.get(email)) throw taken();
      const account = { ...newAccount(now), email, name: input.name };
      try {
        insertAccount.run(account.id, email, input.name, input.passwordHash, account.createdAt);
      } catch (error) {
        // another process sharing the file took the address between the read and the insert
        if (isUniqueViolation(error, 'accounts.email')) throw taken();
        throw error;
      }
      return account;
    },
    /** in one transaction */
    eraseAccount: async (accountId: string) =>
      immediateTransaction(db, () => {
        const changed = db
          .prepare(
            'UPDATE accounts SET email = ?, name = NULL, password_hash = NULL, email_confirmed_at = NULL WHERE id = ?',
          )
          .run(`erased-${accountId}@erased.invalid`, accountId).changes;
        db.prepare('DELETE FROM api_keys WHERE account_id = ?').run(accountId);
        db.prepare('DELETE FROM sessions WHERE account_id = ?').run(accountId);
        db.prepare('DELETE FROM email_tokens WHERE account_id = ?').run(accountId);
        db.prepare('DELETE FROM passkeys WHERE account_id = ?').run(accountId);
        db.prepare('DELETE FROM account_roles WHERE account_id = ?').run(accountId);
        db.prepare('DELETE FROM passkey_ceremonies WHERE account_id = ?').run(accountId);
        db.prepare("DELETE FROM oauth_records WHERE json_extract(payload, '$.accountId') = ?").run(accountId);
        return Number(changed) > 0;
      }),
    ensureAccount: async (email: string) => {
      const row = accountByEmail.get(normaliseEmail(email)) as AccountRow | undefined;
      if (row) return { account: toAccount(row), created: false };
      const account = { ...newAccount(now), email: normaliseEmail(email) };
      try {
        insertAccount.run(account.id, account.email, null, null, account.createdAt);
      } catch (error) {
        if (!isUniqueViolation(error, 'accounts.email')) throw error;
        return { account: toAccount(accountByEmail.get(account.email) as AccountRow), created: false };
      }
      return { account, created: true };
    },
    /** one statement: only an account not suspended is suspended (of two operators at once, one does it) */
    suspendAccount: async (accountId, { reason, operatorAccountId }) =>
      Number(
        db
          .prepare(
            'UPDATE accounts SET suspended_at = ?, suspension_reason = ?, suspension_note = ? WHERE id = ? AND suspended_at IS NULL',
          )
          .run(now().toISOString(), reason, suspensionNote('suspended', operatorAccountId, reason), accountId).changes,
      ) > 0,
    restoreAccount: async (accountId, { reason, operatorAccountId }) =>
      Number(
        db
          .prepare(
            'UPDATE accounts SET suspended_at = NULL, suspension_reason = NULL, suspension_note = ? WHERE id = ? AND suspended_at IS NOT NULL',
          )
          .run(suspensionNote('restored', operatorAccountId, reason), accountId).changes,
      ) > 0,
    hasPassword: async (accountId: string) => passwordHashOf(accountId) !== null,
    passwordHashOf: async (accountId: string) => passwordHashOf(accountId),
    setPasswordHash: async (accountId: string, passwordHash: string | null) =>
      Number(
        db
          .prepare(
            'UPDATE accounts SET password_hash = ? WHERE id = ? AND (? IS NOT NULL OR password_hash IS NOT NULL)',
          )
          .run(passwordHash, accountId, passwordHash).changes,
      ) > 0,
  };
};

/** Confirmed addresses on SQLite, and the first proof's taking away of every way in (identity-store.ts). */
export const sqliteEmailProof = (db: DatabaseSync, now: () => Date): EmailProofPort => ({
  /**
   * In one IMMEDIATE transaction, and only while the email is unconfirmed (so of two replicas or
   * two links one does it).
   */
  confirmEmailAndResetEntry: async (accountId: string) =>
    immediateTransaction(db, () => {
      const confirmed = db
        .prepare('UPDATE accounts SET email_confirmed_at = ? WHERE id = ? AND email_confirmed_at IS NULL')
        .run(now().toISOString(), accountId).changes;
      if (Number(confirmed) === 0) return 'confirmed-already' as const;
      const passwordRemoved = Number(
        db.prepare('UPDATE accounts SET password_hash = NULL WHERE id = ? AND password_hash IS NOT NULL').run(accountId)
          .changes,
      );
      const sessionsEnded = Number(db.prepare('DELETE FROM sessions WHERE account_id = ?').run(accountId).changes);
      // the operator's keys stay; keys from before origins were kept have none, and go
      const keysRevoked = Number(
        db
          .prepare(
            "UPDATE api_keys SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL AND origin IS NOT 'operator'",
          )
          .run(now().toISOString(), accountId).changes,
      );
      const grantIds = (
        db
          .prepare("SELECT id FROM oauth_records WHERE model = 'Grant' AND json_extract(payload, '$.accountId') = ?")
          .all(accountId) as { id: string }[]
      ).map((row) => row.id);
      for (const grantId of grantIds) db.prepare('DELETE FROM oauth_records WHERE grant_id = ?').run(grantId);
      db.prepare("DELETE FROM oauth_records WHERE json_extract(payload, '$.accountId') = ?").run(accountId);
      const passkeysRemoved = Number(db.prepare('DELETE FROM passkeys WHERE account_id = ?').run(accountId).changes);
      db.prepare('DELETE FROM passkey_ceremonies WHERE account_id = ?').run(accountId);
      return resetOrNull({
        password_removed: passwordRemoved > 0,
        sessions_ended: sessionsEnded,
        api_keys_revoked: keysRevoked,
        apps_revoked: grantIds.length,
        passkeys_removed: passkeysRemoved,
      });
    }),
  isEmailConfirmed: async (accountId: string) => {
    const row = db.prepare('SELECT email_confirmed_at FROM accounts WHERE id = ?').get(accountId) as
      | { email_confirmed_at: string | null }
      | undefined;
    return row?.email_confirmed_at != null;
  },
  /** the account's email is confirmed from now on (a no-op when it was) */
  markEmailConfirmed: async (accountId: string) => {
    db.prepare('UPDATE accounts SET email_confirmed_at = ? WHERE id = ? AND email_confirmed_at IS NULL').run(
      now().toISOString(),
      accountId,
    );
  },
});
