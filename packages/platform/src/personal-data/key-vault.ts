import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { formatSealed, isSealedValue, type PersonalDataVault, parseSealed } from './personal-data-vault.ts';

/** Where a vault keeps one 256-bit key per subject; a forgotten subject keeps a tombstone, no key. */
export interface SubjectKeys {
  /** the subject's key, creating it when there is none; null when the subject was forgotten */
  keyFor(subject: string): Buffer | null;
  /** the existing key, or null (none made, or forgotten) */
  existingKey(subject: string): Buffer | null;
  forget(subject: string): void;
  forgotten(subject: string): boolean;
  close(): void;
}

const ALGORITHM = 'aes-256-gcm';

/** AES-256-GCM with a fresh 96-bit IV per value; the subject is bound as associated data. */
export const createKeyVault = (keys: SubjectKeys): PersonalDataVault => ({
  async seal(subject, value) {
    const key = keys.keyFor(subject);
    if (!key) throw new Error(`subject ${subject} was erased: no personal data can be stored for it`);
    const iv = randomBytes(12);
    const cipher = createCipheriv(ALGORITHM, key, iv);
    cipher.setAAD(Buffer.from(subject));
    const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return formatSealed(subject, iv, ciphertext);
  },
  async open(sealed) {
    const { subject, iv, ciphertext } = parseSealed(sealed);
    const key = keys.existingKey(subject);
    if (!key) return null;
    const decipher = createDecipheriv(ALGORITHM, key, iv);
    decipher.setAAD(Buffer.from(subject));
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    return Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  },
  async forget(subject) {
    keys.forget(subject);
  },
  async forgotten(subject) {
    return keys.forgotten(subject);
  },
  async close() {
    keys.close();
  },
});

/** Keys in memory: tests and throwaway stores. */
export const memorySubjectKeys = (): SubjectKeys => {
  const keys = new Map<string, Buffer | null>();
  return {
    keyFor(subject) {
      if (!keys.has(subject)) keys.set(subject, randomBytes(32));
      return keys.get(subject) ?? null;
    },
    existingKey: (subject) => keys.get(subject) ?? null,
    forget: (subject) => void keys.set(subject, null),
    forgotten: (subject) => keys.has(subject) && keys.get(subject) === null,
    close() {},
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
    keyFor(subject) {
      insert.run(subject, randomBytes(32));
      const found = row(subject);
      return found?.key ? Buffer.from(found.key) : null;
    },
    existingKey(subject) {
      const found = row(subject);
      return found?.key ? Buffer.from(found.key) : null;
    },
    forget(subject) {
      tombstone.run(subject, new Date().toISOString());
    },
    forgotten: (subject) => row(subject)?.forgottenAt != null,
    close: () => db.close(),
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

/**
 * Erases one subject from a service's key file: its key is deleted, so every value sealed for it
 * opens to nothing from now on. Safe while the service runs (the file is shared), and to repeat.
 */
export const forgetPersonalData = async (options: { path: string; subject: string }): Promise<void> => {
  mkdirSync(path.dirname(options.path), { recursive: true });
  const vault = openPersonalDataVault({ path: options.path });
  try {
    await vault.forget(options.subject);
  } finally {
    await vault.close();
  }
};
