import { byGrantedAtDesc, grantRecordOf, type OAuthGrantsPort } from '../identity-store.ts';
import { oauthRecordAlive, oauthRecordId } from '../mongo-oauth-adapter.ts';
import type { MongoAccess } from './access.ts';

/** the account's grant ids, then what was issued under each, then the records that name the account */
export const deleteOAuthRecordsOf = async ({ c }: MongoAccess, accountId: string): Promise<number> => {
  const grantIds = (await c.oauthRecords.find({ accountId, model: 'Grant' }, { projection: { _id: 1 } }).toArray()).map(
    (doc) => doc._id.slice('Grant:'.length),
  );
  // tokens first, the grant last: a crash in between leaves the grant, which a retry finds again
  for (const grantId of grantIds) await c.oauthRecords.deleteMany({ grantId });
  await c.oauthRecords.deleteMany({ accountId });
  return grantIds.length;
};

/** The apps a person let in (oidc-provider's `Grant` records), on MongoDB. */
export const mongoOAuthGrants = ({ c, now, beforeUse }: MongoAccess): OAuthGrantsPort => ({
  async listOAuthGrants(accountId) {
    await beforeUse();
    const at = now();
    const grants = (await c.oauthRecords.find({ accountId, model: 'Grant' }).toArray()).filter((doc) =>
      oauthRecordAlive(doc, at),
    );
    const clientIds = [...new Set(grants.map((g) => g.clientId).filter((id): id is string => id !== null))];
    const clients = new Map(
      (await c.oauthRecords.find({ _id: { $in: clientIds.map((id) => oauthRecordId('Client', id)) } }).toArray()).map(
        (doc) => [doc._id.slice('Client:'.length), doc.payload],
      ),
    );
    return grants
      .map((g) =>
        grantRecordOf(g._id.slice('Grant:'.length), g.payload, g.clientId ? (clients.get(g.clientId) ?? null) : null),
      )
      .sort(byGrantedAtDesc);
  },
  /** what was issued under the grant first, the grant last: a crash in between leaves the grant to revoke again */
  async revokeOAuthGrant(accountId, grantId) {
    await beforeUse();
    const grant = await c.oauthRecords.findOne(
      { _id: oauthRecordId('Grant', grantId), accountId },
      { projection: { _id: 1 } },
    );
    if (!grant) return false;
    await c.oauthRecords.deleteMany({ grantId });
    await c.oauthRecords.deleteOne({ _id: grant._id });
    return true;
  },
});
