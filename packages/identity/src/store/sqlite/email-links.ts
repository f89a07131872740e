import type { DatabaseSync } from 'node:sqlite';
import { type EmailLinksPort, type EmailTokenPurpose, newToken, normaliseEmail, sha256 } from '../identity-store.ts';

/** One-time mailed links (kept as SHA-256) and the mails' de-duplication keys, on SQLite. */
export const sqliteEmailLinks = (db: DatabaseSync, now: () => Date): EmailLinksPort => ({
  takeMailKey: async (dedupeKey: string) =>
    Number(
      db
        .prepare('INSERT INTO mails_sent (dedupe_key, sent_at) VALUES (?, ?) ON CONFLICT DO NOTHING')
        .run(dedupeKey, now().toISOString()).changes,
    ) > 0,
  releaseMailKey: async (dedupeKey: string) => {
    db.prepare('DELETE FROM mails_sent WHERE dedupe_key = ?').run(dedupeKey);
  },
  issueEmailToken: async (input) => {
    const token = newToken();
    const at = now().getTime();
    db.prepare('DELETE FROM email_tokens WHERE expires_at <= ?').run(at);
    db.prepare(
      'INSERT INTO email_tokens (token_hash, purpose, email, account_id, next, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(sha256(token), input.purpose, normaliseEmail(input.email), input.accountId, input.next, at + input.ttlMs);
    return token;
  },
  /** marks it used and returns what it was issued for, in one statement */
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
});
