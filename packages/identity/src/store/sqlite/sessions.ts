import type { DatabaseSync } from 'node:sqlite';
import {
  newSessionPublicId,
  newToken,
  SESSION_TOKEN_MAX_LENGTH,
  SESSION_TTL_MS,
  type SessionMethod,
  type SessionsPort,
  sha256,
} from '../identity-store.ts';
import { type AccountRow, toAccount } from './accounts.ts';

/** Site sessions on SQLite: the cookie value's SHA-256 is the key; expiry checked on every read. */
export const sqliteSessions = (db: DatabaseSync, now: () => Date): SessionsPort => {
  const accountById = db.prepare('SELECT * FROM accounts WHERE id = ?');
  /** the live session row behind a cookie value, or null */
  const liveSession = (token: string | undefined) => {
    if (!token || token.length > SESSION_TOKEN_MAX_LENGTH) return null;
    const row = db
      .prepare('SELECT account_id, expires_at, csrf_token FROM sessions WHERE id_hash = ?')
      .get(sha256(token)) as { account_id: string; expires_at: number; csrf_token: string | null } | undefined;
    return row && row.expires_at > now().getTime() ? row : null;
  };
  return {
    createSession: async (accountId: string, method: SessionMethod | null = null) => {
      const token = newToken();
      const csrfToken = newToken();
      const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
      db.prepare(
        'INSERT INTO sessions (id_hash, account_id, expires_at, csrf_token, public_id, method) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(sha256(token), accountId, expiresAt.getTime(), csrfToken, newSessionPublicId(), method);
      return { token, expiresAt, csrfToken };
    },
    sessionOrigin: async (token: string) => {
      const row = db.prepare('SELECT method, expires_at FROM sessions WHERE id_hash = ?').get(sha256(token)) as
        | { method: SessionMethod | null; expires_at: number }
        | undefined;
      if (!row || row.expires_at <= now().getTime()) return null;
      return { method: row.method, createdAt: new Date(row.expires_at - SESSION_TTL_MS) };
    },
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
    endSessionById: async (accountId: string, publicId: string) =>
      Number(
        db.prepare('DELETE FROM sessions WHERE account_id = ? AND public_id = ?').run(accountId, publicId).changes,
      ) > 0,
    endOtherSessions: async (accountId: string, keepToken: string) =>
      Number(
        db.prepare('DELETE FROM sessions WHERE account_id = ? AND id_hash <> ?').run(accountId, sha256(keepToken))
          .changes,
      ),
    sessionDetails: async (token: string | undefined) => {
      const row = liveSession(token);
      if (!row || !token) return null;
      const account = accountById.get(row.account_id) as
        | (AccountRow & { email_confirmed_at: string | null })
        | undefined;
      if (!account) return null;
      let csrfToken = row.csrf_token;
      if (csrfToken === null) {
        // sessions from before CSRF tokens were bound to them get one now
        csrfToken = newToken();
        db.prepare('UPDATE sessions SET csrf_token = ? WHERE id_hash = ?').run(csrfToken, sha256(token));
      }
      return {
        account: toAccount(account),
        emailConfirmed: account.email_confirmed_at !== null,
        csrfToken,
        expiresAt: new Date(row.expires_at),
      };
    },
    sessionAccount: async (token: string | undefined) => {
      const row = liveSession(token);
      if (!row) return null;
      const account = accountById.get(row.account_id) as AccountRow | undefined;
      return account ? toAccount(account) : null;
    },
    endSession: async (token: string | undefined) => {
      if (token) db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(sha256(token));
    },
    endAllSessions: async (accountId: string) => {
      db.prepare("DELETE FROM oauth_records WHERE model = 'Session' AND json_extract(payload, '$.accountId') = ?").run(
        accountId,
      );
      return Number(db.prepare('DELETE FROM sessions WHERE account_id = ?').run(accountId).changes);
    },
  };
};
