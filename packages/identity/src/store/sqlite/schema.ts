import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** Runs `work` in one IMMEDIATE transaction: committed when it returns, rolled back when it throws. */
export const immediateTransaction = <T>(db: DatabaseSync, work: () => T): T => {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
};

/** SQLite's UNIQUE constraint failure on `table.column` (the first column of the index) */
export const isUniqueViolation = (error: unknown, on: string): boolean =>
  error instanceof Error && error.message.includes(`UNIQUE constraint failed: ${on}`);

const hasColumn = (db: DatabaseSync, table: string, column: string): boolean =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).some((c) => c.name === column);

/**
 * Makes API key names unique per account (live keys, ignoring case). Keys made before the rule
 * that share a name keep it on the oldest; the others get ` (2)`, ` (3)`, ... Runs in one
 * transaction, so replicas starting together on one file migrate once.
 */
const migrateApiKeyNames = (db: DatabaseSync): void =>
  immediateTransaction(db, () => {
    const exists = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'api_keys_account_name'")
      .get();
    if (exists) return;
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
  });

/**
 * People on the site: confirmed emails, a CSRF token bound to each session, and one-time mailed
 * link tokens (sign-in, email confirmation), kept as SHA-256 only. Adds what data dirs from before
 * lack, in one transaction.
 */
const migratePeople = (db: DatabaseSync): void =>
  immediateTransaction(db, () => {
    if (!hasColumn(db, 'accounts', 'email_confirmed_at'))
      db.exec('ALTER TABLE accounts ADD COLUMN email_confirmed_at TEXT');
    if (!hasColumn(db, 'sessions', 'csrf_token')) db.exec('ALTER TABLE sessions ADD COLUMN csrf_token TEXT');
    // a public id per session (what /me's "sign out this session" names, never the token) and how it was opened
    if (!hasColumn(db, 'sessions', 'public_id')) db.exec('ALTER TABLE sessions ADD COLUMN public_id TEXT');
    if (!hasColumn(db, 'sessions', 'method')) db.exec('ALTER TABLE sessions ADD COLUMN method TEXT');
    // who made an API key: a signed-in person on the site, or the operator (CLI, holding the data dir)
    if (!hasColumn(db, 'api_keys', 'origin')) db.exec('ALTER TABLE api_keys ADD COLUMN origin TEXT');
    // the operators' suspension of an account (its votes count 0 from then on); the note says who made
    // the last change (suspended or restored) and why
    if (!hasColumn(db, 'accounts', 'suspended_at')) db.exec('ALTER TABLE accounts ADD COLUMN suspended_at TEXT');
    if (!hasColumn(db, 'accounts', 'suspension_reason'))
      db.exec('ALTER TABLE accounts ADD COLUMN suspension_reason TEXT');
    if (!hasColumn(db, 'accounts', 'suspension_note')) db.exec('ALTER TABLE accounts ADD COLUMN suspension_note TEXT');
    db.exec('UPDATE sessions SET public_id = lower(hex(randomblob(9))) WHERE public_id IS NULL');
    db.exec(`
      CREATE INDEX IF NOT EXISTS sessions_account ON sessions(account_id);
      CREATE TABLE IF NOT EXISTS email_tokens (
        token_hash TEXT PRIMARY KEY, purpose TEXT NOT NULL, email TEXT NOT NULL, account_id TEXT,
        next TEXT, expires_at INTEGER NOT NULL, used_at INTEGER);
      CREATE TABLE IF NOT EXISTS mails_sent (dedupe_key TEXT PRIMARY KEY, sent_at TEXT NOT NULL);
    `);
  });

/** The identity file (WAL, so the operator CLI can write while the service runs) with its tables, migrated. */
export const openIdentityDatabase = (file: string): DatabaseSync => {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
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
    CREATE TABLE IF NOT EXISTS account_roles (
      account_id TEXT NOT NULL REFERENCES accounts(id), role TEXT NOT NULL, granted_at TEXT NOT NULL,
      PRIMARY KEY (account_id, role));
  `);
  migrateApiKeyNames(db);
  migratePeople(db);
  return db;
};
