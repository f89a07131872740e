import {
  newSessionPublicId,
  newToken,
  SESSION_TOKEN_MAX_LENGTH,
  SESSION_TTL_MS,
  type SessionMethod,
  type SessionsPort,
  sha256,
} from '../identity-store.ts';
import { expiringOf, type MongoAccess } from './access.ts';
import { toAccount } from './accounts.ts';

/** Site sessions on MongoDB: the cookie value's SHA-256 is the `_id`; expiry checked on every read. */
export const mongoSessions = ({ c, now, beforeUse }: MongoAccess): SessionsPort => {
  const liveSession = async (token: string | undefined) => {
    if (!token || token.length > SESSION_TOKEN_MAX_LENGTH) return null;
    await beforeUse();
    const session = await c.sessions.findOne({ _id: sha256(token) });
    return session && session.expiresAt.getTime() > now().getTime() ? session : null;
  };
  return {
    async createSession(accountId, method: SessionMethod | null = null) {
      await beforeUse(expiringOf(c.sessions));
      const token = newToken();
      const csrfToken = newToken();
      const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
      await c.sessions.insertOne({
        _id: sha256(token),
        accountId,
        expiresAt,
        csrfToken,
        publicId: newSessionPublicId(),
        method,
      });
      return { token, expiresAt, csrfToken };
    },
    async sessionOrigin(token) {
      const session = await liveSession(token);
      return session
        ? {
            method: session.method as SessionMethod | null,
            createdAt: new Date(session.expiresAt.getTime() - SESSION_TTL_MS),
          }
        : null;
    },
    async listSessions(accountId, currentToken) {
      await beforeUse();
      const current = sha256(currentToken);
      const docs = await c.sessions
        .find({ accountId, expiresAt: { $gt: now() } })
        .sort({ expiresAt: -1, publicId: 1 })
        .toArray();
      return docs.map((doc) => ({
        id: doc.publicId,
        createdAt: new Date(doc.expiresAt.getTime() - SESSION_TTL_MS).toISOString(),
        expiresAt: doc.expiresAt.toISOString(),
        method: doc.method as SessionMethod | null,
        current: doc._id === current,
      }));
    },
    async endSessionById(accountId, publicId) {
      await beforeUse();
      return (await c.sessions.deleteOne({ accountId, publicId })).deletedCount > 0;
    },
    async endOtherSessions(accountId, keepToken) {
      await beforeUse();
      return (await c.sessions.deleteMany({ accountId, _id: { $ne: sha256(keepToken) } })).deletedCount;
    },
    async sessionDetails(token) {
      const session = await liveSession(token);
      if (!session) return null;
      const account = await c.accounts.findOne({ _id: session.accountId });
      if (!account) return null;
      return {
        account: toAccount(account),
        emailConfirmed: account.emailConfirmedAt !== null,
        csrfToken: session.csrfToken,
        expiresAt: session.expiresAt,
      };
    },
    async sessionAccount(token) {
      const session = await liveSession(token);
      if (!session) return null;
      const account = await c.accounts.findOne({ _id: session.accountId });
      return account ? toAccount(account) : null;
    },
    async endSession(token) {
      if (!token) return;
      await beforeUse();
      await c.sessions.deleteOne({ _id: sha256(token) });
    },
    async endAllSessions(accountId) {
      await beforeUse();
      await c.oauthRecords.deleteMany({ accountId, model: 'Session' });
      return (await c.sessions.deleteMany({ accountId })).deletedCount;
    },
  };
};
