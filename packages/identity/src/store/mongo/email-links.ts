import { type EmailLinksPort, newToken, normaliseEmail, sha256 } from '../identity-store.ts';
import { isDuplicateKey } from '../mongo-identity-collections.ts';
import { expiringOf, type MongoAccess } from './access.ts';

/** One-time mailed links (kept as SHA-256) and the mails' de-duplication keys, on MongoDB. */
export const mongoEmailLinks = ({ c, now, beforeUse }: MongoAccess): EmailLinksPort => ({
  async takeMailKey(dedupeKey) {
    await beforeUse();
    try {
      await c.mailsSent.insertOne({ _id: dedupeKey, sentAt: now().toISOString() });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  },
  async releaseMailKey(dedupeKey) {
    await beforeUse();
    await c.mailsSent.deleteOne({ _id: dedupeKey });
  },
  async issueEmailToken(input) {
    await beforeUse(expiringOf(c.emailTokens));
    const token = newToken();
    await c.emailTokens.insertOne({
      _id: sha256(token),
      purpose: input.purpose,
      email: normaliseEmail(input.email),
      accountId: input.accountId,
      next: input.next,
      expiresAt: new Date(now().getTime() + input.ttlMs),
    });
    return token;
  },
  async consumeEmailToken(token, purpose) {
    await beforeUse();
    const _id = sha256(token);
    const found = await c.emailTokens.findOne({ _id, purpose, expiresAt: { $gt: now() } });
    // used by deleting it: of two clicks (or replicas) the delete of one counts it
    if (!found || (await c.emailTokens.deleteOne({ _id })).deletedCount === 0) return null;
    return { email: found.email, accountId: found.accountId, next: found.next };
  },
});
