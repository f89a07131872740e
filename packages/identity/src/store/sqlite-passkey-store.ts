import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import {
  ceremonyBindingHash,
  type NewPasskey,
  type PasskeyCeremonyPurpose,
  type PasskeyStore,
  type PasskeySummaryRecord,
  PasskeyTakenError,
  TooManyPasskeysError,
} from './passkey-store.ts';
import { immediateTransaction, isUniqueViolation } from './sqlite/schema.ts';

/**
 * Passkeys in identity's SQLite file. A passkey row keeps what verifying a sign-in needs: the
 * credential id and public key (both public, so kept as they are), the signature counter and the
 * transports. A ceremony row keeps one challenge, bound to a session (registration) or to a
 * pre-session ceremony token (sign-in) by the SHA-256 of that token; it is deleted by the
 * statement that reads it, so a challenge works once, even across replicas sharing the file.
 */
export const openSqlitePasskeyStore = (db: DatabaseSync, now: () => Date): PasskeyStore => {
  db.exec(`
    CREATE TABLE IF NOT EXISTS passkeys (
      id TEXT PRIMARY KEY, credential_id TEXT NOT NULL UNIQUE, account_id TEXT NOT NULL REFERENCES accounts(id),
      name TEXT NOT NULL, public_key BLOB NOT NULL, counter INTEGER NOT NULL, transports TEXT NOT NULL,
      backed_up INTEGER NOT NULL, created_at TEXT NOT NULL, last_used_at TEXT);
    CREATE INDEX IF NOT EXISTS passkeys_account ON passkeys(account_id);
    CREATE TABLE IF NOT EXISTS passkey_ceremonies (
      binding_hash TEXT PRIMARY KEY, purpose TEXT NOT NULL, account_id TEXT, challenge TEXT NOT NULL,
      expires_at INTEGER NOT NULL);
  `);
  const bindingHash = ceremonyBindingHash;
  type PasskeyRow = {
    id: string;
    account_id: string;
    credential_id: string;
    name: string;
    public_key: Uint8Array;
    counter: number;
    transports: string;
    backed_up: number;
    created_at: string;
    last_used_at: string | null;
  };
  const summaryOf = (row: PasskeyRow): PasskeySummaryRecord => ({
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    backedUp: row.backed_up === 1,
  });

  return {
    /**
     * Keeps a ceremony's challenge for `binding` (a session token or a ceremony token, kept as
     * SHA-256), replacing the one it had: the newest "add a passkey" or "sign in" wins.
     */
    startCeremony: async (input: {
      purpose: PasskeyCeremonyPurpose;
      binding: string;
      accountId: string | null;
      challenge: string;
      ttlMs: number;
    }) => {
      const at = now().getTime();
      db.prepare('DELETE FROM passkey_ceremonies WHERE expires_at <= ?').run(at);
      db.prepare(
        `INSERT INTO passkey_ceremonies (binding_hash, purpose, account_id, challenge, expires_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (binding_hash) DO UPDATE SET account_id = excluded.account_id, challenge = excluded.challenge,
           expires_at = excluded.expires_at`,
      ).run(
        bindingHash(input.purpose, input.binding),
        input.purpose,
        input.accountId,
        input.challenge,
        at + input.ttlMs,
      );
    },
    /** the ceremony's challenge, used up by this read; null when there is none or it has expired */
    takeCeremony: async (purpose: PasskeyCeremonyPurpose, binding: string) => {
      const row = db
        .prepare('DELETE FROM passkey_ceremonies WHERE binding_hash = ? RETURNING challenge, account_id, expires_at')
        .get(bindingHash(purpose, binding)) as
        | { challenge: string; account_id: string | null; expires_at: number }
        | undefined;
      if (!row || row.expires_at <= now().getTime()) return null;
      return { challenge: row.challenge, accountId: row.account_id };
    },

    /**
     * Stores a verified passkey. The credential id is unique over all accounts (PasskeyTakenError),
     * and an account holds at most `max` (TooManyPasskeysError), checked in the same transaction.
     */
    addPasskey: async (input: NewPasskey) => {
      const row: PasskeyRow = {
        id: randomBytes(9).toString('base64url'),
        account_id: input.accountId,
        credential_id: input.credentialId,
        name: input.name,
        public_key: input.publicKey,
        counter: input.counter,
        transports: JSON.stringify(input.transports),
        backed_up: input.backedUp ? 1 : 0,
        created_at: now().toISOString(),
        last_used_at: null,
      };
      try {
        immediateTransaction(db, () => {
          const held = db.prepare('SELECT COUNT(*) AS n FROM passkeys WHERE account_id = ?').get(input.accountId) as {
            n: number;
          };
          if (held.n >= input.max) throw new TooManyPasskeysError(input.max);
          db.prepare(
            `INSERT INTO passkeys (id, credential_id, account_id, name, public_key, counter, transports, backed_up, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(
            row.id,
            row.credential_id,
            row.account_id,
            row.name,
            row.public_key,
            row.counter,
            row.transports,
            row.backed_up,
            row.created_at,
          );
        });
      } catch (error) {
        if (isUniqueViolation(error, 'passkeys.credential_id')) throw new PasskeyTakenError();
        throw error;
      }
      return summaryOf(row);
    },
    /** the account's passkeys, oldest first */
    listPasskeys: async (accountId: string) =>
      (
        db
          .prepare('SELECT * FROM passkeys WHERE account_id = ? ORDER BY created_at, rowid')
          .all(accountId) as PasskeyRow[]
      ).map(summaryOf),
    /** the account's credential ids and transports (registration excludes them) */
    credentialsOf: async (accountId: string) =>
      (
        db.prepare('SELECT credential_id, transports FROM passkeys WHERE account_id = ?').all(accountId) as {
          credential_id: string;
          transports: string;
        }[]
      ).map((row) => ({ credentialId: row.credential_id, transports: JSON.parse(row.transports) })),
    countPasskeys: async (accountId: string) =>
      (db.prepare('SELECT COUNT(*) AS n FROM passkeys WHERE account_id = ?').get(accountId) as { n: number }).n,
    findPasskeyByCredentialId: async (credentialId: string) => {
      const row = db.prepare('SELECT * FROM passkeys WHERE credential_id = ?').get(credentialId) as
        | PasskeyRow
        | undefined;
      return row
        ? {
            id: row.id,
            accountId: row.account_id,
            credentialId: row.credential_id,
            publicKey: new Uint8Array(row.public_key),
            counter: row.counter,
            transports: JSON.parse(row.transports),
          }
        : null;
    },
    /**
     * A sign-in with the passkey: its counter moves from `from` to `to` and it was used now. False
     * when the counter is no longer `from` (another sign-in with it got there first).
     */
    recordPasskeyUse: async (id: string, from: number, to: number) =>
      Number(
        db
          .prepare('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ? AND counter = ?')
          .run(to, now().toISOString(), id, from).changes,
      ) > 0,
    /** false when it is not the account's */
    removePasskey: async (accountId: string, id: string) =>
      Number(db.prepare('DELETE FROM passkeys WHERE id = ? AND account_id = ?').run(id, accountId).changes) > 0,
  };
};
