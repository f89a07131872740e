import { randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Clock } from '@listings/platform/clock';
import { DailyLimitError, utcDayOf } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';
import {
  type Account,
  API_KEY_PATTERN,
  ApiKeyNameTakenError,
  apiKeyNameKey,
  apiKeyPrefixOf,
  byGrantedAtDesc,
  type EmailTokenPurpose,
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
import { sqliteOAuthAdapterFactory } from './sqlite-oauth-adapter.ts';
import { openSqlitePasskeyStore } from './sqlite-passkey-store.ts';

/** the SQLite adapter: the port, and the database (tests and migrations look at its rows) */
export type SqliteIdentityStore = IdentityStore & { readonly db: DatabaseSync };

/** the account's live key names (as they compare) */
const liveApiKeyNames = (db: DatabaseSync, accountId: string): Set<string> =>
  new Set(
    (
      db.prepare('SELECT name FROM api_keys WHERE account_id = ? AND revoked_at IS NULL').all(accountId) as {
        name: string;
      }[]
    ).map((row) => apiKeyNameKey(row.name)),
  );

/**
 * Makes API key names unique per account (live keys, ignoring case). Keys made before the rule
 * that share a name keep it on the oldest; the others get ` (2)`, ` (3)`, ... Runs in one
 * transaction, so replicas starting together on one file migrate once.
 */
const migrateApiKeyNames = (db: DatabaseSync): void => {
  db.exec('BEGIN IMMEDIATE');
  try {
    const exists = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'api_keys_account_name'")
      .get();
    if (!exists) {
      const rows = db
        .prepare('SELECT id, account_id, name FROM api_keys WHERE revoked_at IS NULL ORDER BY created_at, id')
        .all() as { id: string; account_id: string; name: string }[];
      const seen = new Map<string, Set<string>>();
      const rename = db.prepare('UPDATE api_keys SET name = ? WHERE id = ?');
      for (const row of rows) {
        const names = seen.get(row.account_id) ?? new Set<string>();
        seen.set(row.account_id, names);
        let name = row.name;
        for (let n = 2; names.has(name.toLowerCase()); n++) name = `${row.name} (${n})`;
        if (name !== row.name) rename.run(name, row.id);
        names.add(name.toLowerCase());
      }
      db.exec(
        'CREATE UNIQUE INDEX api_keys_account_name ON api_keys(account_id, name COLLATE NOCASE) WHERE revoked_at IS NULL',
      );
    }
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
};

/** SQLite's UNIQUE constraint failure on `table.column` (the first column of the index) */
const isUniqueViolation = (error: unknown, on: string): boolean =>
  error instanceof Error && error.message.includes(`UNIQUE constraint failed: ${on}`);

const hasColumn = (db: DatabaseSync, table: string, column: string): boolean =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).some((c) => c.name === column);

/**
 * People on the site: confirmed emails, a CSRF token bound to each session, and one-time mailed
 * link tokens (sign-in, email confirmation), kept as SHA-256 only. Adds what data dirs from before
 * lack, in one transaction.
 */
const migratePeople = (db: DatabaseSync): void => {
  db.exec('BEGIN IMMEDIATE');
  try {
    if (!hasColumn(db, 'accounts', 'email_confirmed_at'))
      db.exec('ALTER TABLE accounts ADD COLUMN email_confirmed_at TEXT');
    if (!hasColumn(db, 'sessions', 'csrf_token')) db.exec('ALTER TABLE sessions ADD COLUMN csrf_token TEXT');
    // a public id per session (what /me's "sign out this session" names, never the token) and how it was opened
    if (!hasColumn(db, 'sessions', 'public_id')) db.exec('ALTER TABLE sessions ADD COLUMN public_id TEXT');
    if (!hasColumn(db, 'sessions', 'method')) db.exec('ALTER TABLE sessions ADD COLUMN method TEXT');
    // who made an API key: a signed-in person on the site, or the operator (CLI, holding the data dir)
    if (!hasColumn(db, 'api_keys', 'origin')) db.exec('ALTER TABLE api_keys ADD COLUMN origin TEXT');
    db.exec('UPDATE sessions SET public_id = lower(hex(randomblob(9))) WHERE public_id IS NULL');
    db.exec(`
      CREATE INDEX IF NOT EXISTS sessions_account ON sessions(account_id);
      CREATE TABLE IF NOT EXISTS email_tokens (
        token_hash TEXT PRIMARY KEY, purpose TEXT NOT NULL, email TEXT NOT NULL, account_id TEXT,
        next TEXT, expires_at INTEGER NOT NULL, used_at INTEGER);
      CREATE TABLE IF NOT EXISTS mails_sent (dedupe_key TEXT PRIMARY KEY, sent_at TEXT NOT NULL);
    `);
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
};

/**
 * The identity store's SQLite adapter (identity-store.ts): accounts, API keys, site sessions,
 * passkeys and the OAuth server's records in one file under DATA_DIR (WAL, so the operator CLI can
 * write while the service runs), for the embedded all-in-one and whenever MONGO_URL is absent.
 * Each method is one synchronous statement or IMMEDIATE transaction behind a promise, so replicas
 * sharing the file (and the CLI) never see half of a step.
 */
export const openSqliteIdentityStore = (options: { file: string; clock: Clock }): SqliteIdentityStore => {
  if (options.file !== ':memory:') mkdirSync(path.dirname(options.file), { recursive: true });
  const db = new DatabaseSync(options.file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec(`
    CREATE TABLE IF NOT EXISTS accounts (
      id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT, password_hash TEXT, created_at TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS api_keys (
      id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), name TEXT NOT NULL,
      secret_hash TEXT NOT NULL, scopes TEXT NOT NULL, created_at TEXT NOT NULL, last_used_at TEXT, revoked_at TEXT);
    CREATE INDEX IF NOT EXISTS api_keys_account ON api_keys(account_id);
    CREATE TABLE IF NOT EXISTS sessions (
      id_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id), expires_at INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS oauth_records (
      model TEXT NOT NULL, id TEXT NOT NULL, payload TEXT NOT NULL, expires_at INTEGER,
      grant_id TEXT, uid TEXT, user_code TEXT, PRIMARY KEY (model, id));
    CREATE INDEX IF NOT EXISTS oauth_records_grant ON oauth_records(grant_id);
    CREATE INDEX IF NOT EXISTS oauth_records_uid ON oauth_records(uid);
  `);
  migrateApiKeyNames(db);
  migratePeople(db);
  const now = () => options.clock.now();
  const passkeys = openSqlitePasskeyStore(db, now);

  type AccountRow = {
    id: string;
    email: string;
    name: string | null;
    created_at: string;
    password_hash: string | null;
  };
  const toAccount = (row: AccountRow): Account => ({
    id: row.id,
    email: row.email,
    name: row.name,
    createdAt: row.created_at,
  });
  const accountByEmail = db.prepare('SELECT * FROM accounts WHERE email = ?');
  const accountById = db.prepare('SELECT * FROM accounts WHERE id = ?');
  const insertAccount = db.prepare(
    'INSERT INTO accounts (id, email, name, password_hash, created_at) VALUES (?, ?, ?, ?, ?)',
  );

  return {
    db,
    close: async () => db.close(),
    passkeys,
    oauthAdapter: sqliteOAuthAdapterFactory(db, options.clock),

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
      const account = { id: randomUUID(), email, name: input.name, createdAt: now().toISOString() };
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
    eraseAccount: async (accountId: string) => {
      db.exec('BEGIN IMMEDIATE');
      try {
        const changed = db
          .prepare(
            'UPDATE accounts SET email = ?, name = NULL, password_hash = NULL, email_confirmed_at = NULL WHERE id = ?',
          )
          .run(`erased-${accountId}@erased.invalid`, accountId).changes;
        db.prepare('DELETE FROM api_keys WHERE account_id = ?').run(accountId);
        db.prepare('DELETE FROM sessions WHERE account_id = ?').run(accountId);
        db.prepare('DELETE FROM email_tokens WHERE account_id = ?').run(accountId);
        db.prepare('DELETE FROM passkeys WHERE account_id = ?').run(accountId);
        db.prepare('DELETE FROM passkey_ceremonies WHERE account_id = ?').run(accountId);
        db.prepare("DELETE FROM oauth_records WHERE json_extract(payload, '$.accountId') = ?").run(accountId);
        db.exec('COMMIT');
        return Number(changed) > 0;
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },
    ensureAccount: async (email: string) => {
      const row = accountByEmail.get(normaliseEmail(email)) as AccountRow | undefined;
      if (row) return { account: toAccount(row), created: false };
      const account = { id: randomUUID(), email: normaliseEmail(email), name: null, createdAt: now().toISOString() };
      try {
        insertAccount.run(account.id, account.email, null, null, account.createdAt);
      } catch (error) {
        if (!isUniqueViolation(error, 'accounts.email')) throw error;
        return { account: toAccount(accountByEmail.get(account.email) as AccountRow), created: false };
      }
      return { account, created: true };
    },

    /**
     * The name is held by the UNIQUE index `api_keys_account_name` (live keys, NOCASE); the day's
     * keys are counted inside the same IMMEDIATE transaction as the insert, so replicas writing
     * one file cannot both take the last one.
     */
    createApiKey: async (input) => {
      const { id, key } = newApiKey();
      const createdAt = now().toISOString();
      let name = input.name;
      db.exec('BEGIN IMMEDIATE');
      try {
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
        db.exec('COMMIT');
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        if (isUniqueViolation(error, 'api_keys.account_id')) throw new ApiKeyNameTakenError(name);
        throw error;
      }
      return {
        key,
        summary: {
          id,
          name,
          prefix: apiKeyPrefixOf(id),
          scopes: input.scopes,
          createdAt,
          lastUsedAt: null,
        },
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
    /** false when the key is not the account's own (or already revoked) */
    revokeApiKey: async (accountId: string, keyId: string) =>
      Number(
        db
          .prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL')
          .run(now().toISOString(), keyId, accountId).changes,
      ) > 0,
    /** the key's account and scopes, or null for an unknown, revoked or malformed key */
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
      if (!row) return null;
      const presented = Buffer.from(sha256(key), 'hex');
      const stored = Buffer.from(row.secret_hash, 'hex');
      if (presented.length !== stored.length || !timingSafeEqual(presented, stored)) return null;
      const at = now();
      if (!row.last_used_at || at.getTime() - Date.parse(row.last_used_at) >= LAST_USED_RESOLUTION_MS)
        db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(at.toISOString(), row.id);
      return { keyId: row.id, accountId: row.account_id, scopes: JSON.parse(row.scopes) };
    },

    /**
     * A new site session: the cookie value is returned, its hash kept, with its CSRF token, a public
     * id (for the sessions list) and how it was opened (a mailed link's session may set a password).
     */
    createSession: async (accountId: string, method: SessionMethod | null = null) => {
      const token = newToken();
      const csrfToken = newToken();
      const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
      db.prepare(
        'INSERT INTO sessions (id_hash, account_id, expires_at, csrf_token, public_id, method) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(sha256(token), accountId, expiresAt.getTime(), csrfToken, newSessionPublicId(), method);
      return { token, expiresAt, csrfToken };
    },
    /** how the session behind a cookie value was opened and when (its end less the session lifetime) */
    sessionOrigin: async (token: string) => {
      const row = db.prepare('SELECT method, expires_at FROM sessions WHERE id_hash = ?').get(sha256(token)) as
        | { method: SessionMethod | null; expires_at: number }
        | undefined;
      if (!row || row.expires_at <= now().getTime()) return null;
      return { method: row.method, createdAt: new Date(row.expires_at - SESSION_TTL_MS) };
    },
    /** the account's live sessions, newest first, the one of `currentToken` marked */
    listSessions: async (accountId: string, currentToken: string) => {
      const current = sha256(currentToken);
      return (
        db
          .prepare(
            'SELECT id_hash, public_id, method, expires_at FROM sessions WHERE account_id = ? AND expires_at > ? ORDER BY expires_at DESC, public_id',
          )
          .all(accountId, now().getTime()) as {
          id_hash: string;
          public_id: string;
          method: SessionMethod | null;
          expires_at: number;
        }[]
      ).map((row) => ({
        id: row.public_id,
        createdAt: new Date(row.expires_at - SESSION_TTL_MS).toISOString(),
        expiresAt: new Date(row.expires_at).toISOString(),
        method: row.method,
        current: row.id_hash === current,
      }));
    },
    /** ends one of the account's sessions by its public id; false when it is not the account's (or ended) */
    endSessionById: async (accountId: string, publicId: string) =>
      Number(
        db.prepare('DELETE FROM sessions WHERE account_id = ? AND public_id = ?').run(accountId, publicId).changes,
      ) > 0,
    /** ends every session of the account but the one of `keepToken`; how many ended */
    endOtherSessions: async (accountId: string, keepToken: string) =>
      Number(
        db.prepare('DELETE FROM sessions WHERE account_id = ? AND id_hash <> ?').run(accountId, sha256(keepToken))
          .changes,
      ),
    /** true when the account has a password */
    hasPassword: async (accountId: string) =>
      (
        db.prepare('SELECT password_hash FROM accounts WHERE id = ?').get(accountId) as
          | { password_hash: string | null }
          | undefined
      )?.password_hash != null,
    /** the account's password hash, for checking the current one */
    passwordHashOf: async (accountId: string) =>
      (
        db.prepare('SELECT password_hash FROM accounts WHERE id = ?').get(accountId) as
          | { password_hash: string | null }
          | undefined
      )?.password_hash ?? null,
    /** sets (an Argon2id hash) or removes (null) the account's password; false when there was nothing to remove */
    setPasswordHash: async (accountId: string, passwordHash: string | null) =>
      Number(
        db
          .prepare(
            'UPDATE accounts SET password_hash = ? WHERE id = ? AND (? IS NOT NULL OR password_hash IS NOT NULL)',
          )
          .run(passwordHash, accountId, passwordHash).changes,
      ) > 0,
    /**
     * The owner of the address proved it for the first time, on an account whose email was never
     * confirmed: whoever made the account (and anything on it) without the mailbox loses every way
     * in. In one IMMEDIATE transaction, and only while the email is unconfirmed (so of two replicas
     * or two links one does it): the email is confirmed, the password removed, every session ended,
     * API keys made on the site revoked (the operator's stay; keys from before origins were kept go too), OAuth grants with their tokens and oidc-provider's sessions deleted, passkeys
     * and their ceremonies deleted. `confirmed-already` when the email was confirmed before (nothing
     * is touched); null when there was nothing to take away.
     */
    confirmEmailAndResetEntry: async (accountId: string) => {
      db.exec('BEGIN IMMEDIATE');
      try {
        const confirmed = db
          .prepare('UPDATE accounts SET email_confirmed_at = ? WHERE id = ? AND email_confirmed_at IS NULL')
          .run(now().toISOString(), accountId).changes;
        if (Number(confirmed) === 0) {
          db.exec('COMMIT');
          return 'confirmed-already';
        }
        const passwordRemoved = Number(
          db
            .prepare('UPDATE accounts SET password_hash = NULL WHERE id = ? AND password_hash IS NOT NULL')
            .run(accountId).changes,
        );
        const sessionsEnded = Number(db.prepare('DELETE FROM sessions WHERE account_id = ?').run(accountId).changes);
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
        db.exec('COMMIT');
        const reset = {
          password_removed: passwordRemoved > 0,
          sessions_ended: sessionsEnded,
          api_keys_revoked: keysRevoked,
          apps_revoked: grantIds.length,
          passkeys_removed: passkeysRemoved,
        };
        return reset.password_removed || sessionsEnded + keysRevoked + grantIds.length + passkeysRemoved > 0
          ? reset
          : null;
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },
    /** the live session behind a cookie value: its account, CSRF token and end; null when unknown, ended or expired */
    sessionDetails: async (token: string | undefined) => {
      if (!token || token.length > SESSION_TOKEN_MAX_LENGTH) return null;
      const idHash = sha256(token);
      const row = db.prepare('SELECT account_id, expires_at, csrf_token FROM sessions WHERE id_hash = ?').get(idHash) as
        | { account_id: string; expires_at: number; csrf_token: string | null }
        | undefined;
      if (!row || row.expires_at <= now().getTime()) return null;
      const account = accountById.get(row.account_id) as
        | (AccountRow & { email_confirmed_at: string | null })
        | undefined;
      if (!account) return null;
      let csrfToken = row.csrf_token;
      if (csrfToken === null) {
        // sessions from before CSRF tokens were bound to them get one now
        csrfToken = newToken();
        db.prepare('UPDATE sessions SET csrf_token = ? WHERE id_hash = ?').run(csrfToken, idHash);
      }
      return {
        account: toAccount(account),
        emailConfirmed: account.email_confirmed_at !== null,
        csrfToken,
        expiresAt: new Date(row.expires_at),
      };
    },
    /**
     * Ends every session of the account, the site's and the OAuth server's own sign-in sessions
     * (oidc-provider's `Session` records: without this a browser that signed in to an app earlier
     * could still authorize one without signing in); how many site sessions there were.
     */
    endAllSessions: async (accountId: string) => {
      db.prepare("DELETE FROM oauth_records WHERE model = 'Session' AND json_extract(payload, '$.accountId') = ?").run(
        accountId,
      );
      return Number(db.prepare('DELETE FROM sessions WHERE account_id = ?').run(accountId).changes);
    },
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
    /** takes a mail's de-duplication key: false when it was taken before (the mail went out already) */
    takeMailKey: async (dedupeKey: string) =>
      Number(
        db
          .prepare('INSERT INTO mails_sent (dedupe_key, sent_at) VALUES (?, ?) ON CONFLICT DO NOTHING')
          .run(dedupeKey, now().toISOString()).changes,
      ) > 0,
    /** gives a key back when its mail could not be handed over, so a retry sends it */
    releaseMailKey: async (dedupeKey: string) => {
      db.prepare('DELETE FROM mails_sent WHERE dedupe_key = ?').run(dedupeKey);
    },
    /** a one-time link token for a mail: returned in clear (it goes into the link), kept as SHA-256 */
    issueEmailToken: async (input: {
      purpose: EmailTokenPurpose;
      email: string;
      accountId: string | null;
      next: string | null;
      ttlMs: number;
    }) => {
      const token = newToken();
      const at = now().getTime();
      db.prepare('DELETE FROM email_tokens WHERE expires_at <= ?').run(at);
      db.prepare(
        'INSERT INTO email_tokens (token_hash, purpose, email, account_id, next, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(sha256(token), input.purpose, normaliseEmail(input.email), input.accountId, input.next, at + input.ttlMs);
      return token;
    },
    /**
     * Uses a link token: marks it used and returns what it was issued for, in one statement, so two
     * clicks (or two replicas) cannot both use it. Null when unknown, used, expired or for another purpose.
     */
    consumeEmailToken: async (token: string, purpose: EmailTokenPurpose) => {
      const at = now().getTime();
      const row = db
        .prepare(
          'UPDATE email_tokens SET used_at = ? WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ? RETURNING email, account_id, next',
        )
        .get(at, sha256(token), purpose, at) as
        | { email: string; account_id: string | null; next: string | null }
        | undefined;
      return row ? { email: row.email, accountId: row.account_id, next: row.next } : null;
    },
    sessionAccount: async (token: string | undefined) => {
      if (!token || token.length > SESSION_TOKEN_MAX_LENGTH) return null;
      const row = db.prepare('SELECT account_id, expires_at FROM sessions WHERE id_hash = ?').get(sha256(token)) as
        | { account_id: string; expires_at: number }
        | undefined;
      if (!row || row.expires_at <= now().getTime()) return null;
      const account = accountById.get(row.account_id) as AccountRow | undefined;
      return account ? toAccount(account) : null;
    },
    endSession: async (token: string | undefined) => {
      if (token) db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(sha256(token));
    },

    listOAuthGrants: async (accountId: string) => {
      const rows = db
        .prepare(
          `SELECT g.id AS id, g.payload AS payload, c.payload AS client FROM oauth_records g
           LEFT JOIN oauth_records c ON c.model = 'Client' AND c.id = json_extract(g.payload, '$.clientId')
           WHERE g.model = 'Grant' AND json_extract(g.payload, '$.accountId') = ?
             AND (g.expires_at IS NULL OR g.expires_at > ?)`,
        )
        .all(accountId, Math.floor(now().getTime() / 1000)) as { id: string; payload: string; client: string | null }[];
      return rows.map((row) => grantRecordOf(row.id, row.payload, row.client)).sort(byGrantedAtDesc);
    },
    /**
     * Revokes one of the account's grants and everything issued under it (access and refresh
     * tokens, codes), in one transaction; false when the grant is not this account's (or is gone).
     */
    revokeOAuthGrant: async (accountId: string, grantId: string) => {
      db.exec('BEGIN IMMEDIATE');
      try {
        const deleted = db
          .prepare(
            "DELETE FROM oauth_records WHERE model = 'Grant' AND id = ? AND json_extract(payload, '$.accountId') = ?",
          )
          .run(grantId, accountId).changes;
        if (Number(deleted) > 0) db.prepare('DELETE FROM oauth_records WHERE grant_id = ?').run(grantId);
        db.exec('COMMIT');
        return Number(deleted) > 0;
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },
  };
};

/** the SQLite database behind a store (tests look at its rows); throws for another adapter */
export const sqliteDatabaseOf = (store: IdentityStore): DatabaseSync => {
  const db = (store as Partial<SqliteIdentityStore>).db;
  if (!db) throw new Error('this identity store is not the SQLite adapter');
  return db;
};
