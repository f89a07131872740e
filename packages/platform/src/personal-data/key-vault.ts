import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Config } from '../config.ts';
import { mongoSubjectKeys } from './mongo-subject-keys.ts';
import { formatSealed, isSealedValue, type PersonalDataVault, parseSealed } from './personal-data-vault.ts';

/**
 * The key port: where a vault keeps one 256-bit key per subject; a forgotten subject keeps a
 * tombstone, no key. Adapters: memory (tests), SQLite (embedded), MongoDB (production).
 */
export interface SubjectKeys {
  /** the subject's key, creating it when there is none; null when the subject was forgotten */
  keyFor(subject: string): Promise<Buffer | null>;
  /** the existing key, or null (none made, or forgotten) */
  existingKey(subject: string): Promise<Buffer | null>;
  forget(subject: string): Promise<void>;
  forgotten(subject: string): Promise<boolean>;
  close(): Promise<void>;
}

const ALGORITHM = 'aes-256-gcm';

/** AES-256-GCM with a fresh 96-bit IV per value; the subject is bound as associated data. */
export const createKeyVault = (keys: SubjectKeys): PersonalDataVault => ({
  async seal(subject, value) {
    const key = await keys.keyFor(subject);
    if (!key) throw new Error(`subject ${subject} was erased: no personal data can be stored for it`);
    const iv = randomBytes(12);
    const cipher = createCipheriv(ALGORITHM, key, iv);
    cipher.setAAD(Buffer.from(subject));
    const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return formatSealed(subject, iv, ciphertext);
  },
  async open(sealed) {
    const { subject, iv, ciphertext } = parseSealed(sealed);
    const key = await keys.existingKey(subject);
    if (!key) return null;
    const decipher = createDecipheriv(ALGORITHM, key, iv);
    decipher.setAAD(Buffer.from(subject));
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    return Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  },
  forget: (subject) => keys.forget(subject),
  forgotten: (subject) => keys.forgotten(subject),
  close: () => keys.close(),
});

/** Keys in memory: tests and throwaway stores. */
export const memorySubjectKeys = (): SubjectKeys => {
  const keys = new Map<string, Buffer | null>();
  return {
    async keyFor(subject) {
      if (!keys.has(subject)) keys.set(subject, randomBytes(32));
      return keys.get(subject) ?? null;
    },
    existingKey: async (subject) => keys.get(subject) ?? null,
    forget: async (subject) => void keys.set(subject, null),
    forgotten: async (subject) => keys.has(subject) && keys.get(subject) === null,
    async close() {},
  };
};

/**
 * Keys in a SQLite file beside the service's event store. Several connections (replicas) may share
 * it: a key is made with INSERT OR IGNORE and read back, so two replicas sealing for a new subject
 * at once end up with the same key. Forgetting overwrites the key with NULL (a tombstone), and the
 * file is vacuumed of the old pages' contents by SQLite's secure_delete.
 */
export const sqliteSubjectKeys = (options: { path: string; busyTimeoutMs?: number }): SubjectKeys => {
  const db = new DatabaseSync(options.path, { timeout: options.busyTimeoutMs ?? 5000 });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA secure_delete = ON');
  db.exec(
    'CREATE TABLE IF NOT EXISTS subject_keys (subject TEXT PRIMARY KEY, key BLOB, forgotten_at TEXT) WITHOUT ROWID',
  );
  const insert = db.prepare('INSERT OR IGNORE INTO subject_keys (subject, key) VALUES (?, ?)');
  const select = db.prepare('SELECT key, forgotten_at AS forgottenAt FROM subject_keys WHERE subject = ?');
  const tombstone = db.prepare(
    'INSERT INTO subject_keys (subject, key, forgotten_at) VALUES (?, NULL, ?) ON CONFLICT (subject) DO UPDATE SET key = NULL, forgotten_at = excluded.forgotten_at',
  );
  const row = (subject: string) =>
    select.get(subject) as { key: Uint8Array | null; forgottenAt: string | null } | undefined;
  return {
    async keyFor(subject) {
      insert.run(subject, randomBytes(32));
      const found = row(subject);
      return found?.key ? Buffer.from(found.key) : null;
    },
    async existingKey(subject) {
      const found = row(subject);
      return found?.key ? Buffer.from(found.key) : null;
    },
    async forget(subject) {
      tombstone.run(subject, new Date().toISOString());
    },
    forgotten: async (subject) => row(subject)?.forgottenAt != null,
    close: async () => db.close(),
  };
};

/** A vault on a SQLite key file (one per service, beside its event store). */
export const openPersonalDataVault = (options: { path: string }): PersonalDataVault =>
  createKeyVault(sqliteSubjectKeys(options));

/**
 * A stored value that may be sealed: opened when sealed (null once its subject was erased);
 * a plain value (stored before values were sealed) as it is.
 */
export const revealPersonalData = async (
  vault: Pick<PersonalDataVault, 'open'>,
  value: string | null,
): Promise<string | null> => (value !== null && isSealedValue(value) ? vault.open(value) : value);

/** where a service keeps its personal-data keys: MONGO_URL, else the SQLite file `file` */
export interface PersonalDataKeysTarget {
  readonly config: Partial<Pick<Config, 'mongo'>>;
  /** the service, whose prefix names the collection on MongoDB (`claims.personal_data_keys`) */
  readonly service: string;
  /** the SQLite key file of the embedded store (its folder is made when missing) */
  readonly file: string;
}

/**
 * A service's keys as configured: in MongoDB when MONGO_URL is set (`<service>.personal_data_keys`
 * in MONGO_DB, beside its read models), else the SQLite file beside its event store.
 */
export const openSubjectKeys = ({ config, service, file }: PersonalDataKeysTarget): SubjectKeys => {
  if (config.mongo)
    return mongoSubjectKeys({ url: config.mongo.url.reveal(), database: config.mongo.database, prefix: `${service}.` });
  mkdirSync(path.dirname(file), { recursive: true });
  return sqliteSubjectKeys({ path: file });
};

/**
 * Erases one subject from a service's keys: its key is deleted, so every value sealed for it opens
 * to nothing from now on. Safe while the service runs (the keys are shared), and to repeat.
 */
export const forgetPersonalData = async (options: PersonalDataKeysTarget & { subject: string }): Promise<void> => {
  const vault = createKeyVault(openSubjectKeys(options));
  try {
    await vault.forget(options.subject);
  } finally {
    await vault.close();
  }
};
