import type { Clock } from '@listings/platform/clock';
import type { Collection } from 'mongodb';
import type { OAuthAdapter, OAuthAdapterConstructor, OAuthPayload } from './identity-store.ts';
import { isDuplicateKey, type OAuthRecordDoc } from './mongo-identity-collections.ts';

/** the id of a record of `model` */
export const oauthRecordId = (model: string, id: string): string => `${model}:${id}`;

/** whether a record is live at `now` (expiry is checked on read: a TTL monitor is late, FerretDB has none) */
export const oauthRecordAlive = (doc: Pick<OAuthRecordDoc, 'expiresAt'>, now: Date): boolean =>
  doc.expiresAt === null || doc.expiresAt.getTime() > now.getTime();

/**
 * oidc-provider's storage adapter over `gateway.oauth_records`: one document per record, its
 * payload kept as JSON text, and what oidc-provider looks records up by (grant id, uid, user code)
 * beside it at the top level, indexed. `consume` sets one field in place (atomic), and
 * `revokeByGrantId` is one `deleteMany`, so every replica sees a code used or a grant revoked at once.
 */
export const mongoOAuthAdapterFactory = (
  records: Collection<OAuthRecordDoc>,
  clock: Clock,
  beforeUse: (expiring: boolean) => Promise<void>,
): OAuthAdapterConstructor => {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const alive = (doc: OAuthRecordDoc | null): OAuthPayload | undefined => {
    if (!doc || !oauthRecordAlive(doc, clock.now())) return undefined;
    const payload = JSON.parse(doc.payload) as OAuthPayload;
    return doc.consumed === null ? payload : { ...payload, consumed: doc.consumed };
  };
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

  return class MongoOAuthAdapter implements OAuthAdapter {
    readonly model: string;
    constructor(model: string) {
      this.model = model;
    }
    async upsert(id: string, payload: OAuthPayload, expiresIn?: number) {
      await beforeUse(Boolean(expiresIn));
      const doc: Omit<OAuthRecordDoc, '_id'> = {
        model: this.model,
        payload: JSON.stringify(payload),
        expiresAt: expiresIn ? new Date((nowSeconds() + expiresIn) * 1000) : null,
        consumed: typeof payload.consumed === 'number' ? payload.consumed : null,
        grantId: text(payload.grantId),
        uid: text(payload.uid),
        userCode: text(payload.userCode),
        accountId: text(payload.accountId),
        clientId: text(payload.clientId),
      };
      const replace = () => records.replaceOne({ _id: oauthRecordId(this.model, id) }, doc, { upsert: true });
      try {
        await replace();
      } catch (error) {
        // two first writes of one record raced on the insert: it exists now, so replace it
        if (!isDuplicateKey(error)) throw error;
        await replace();
      }
    }
    async find(id: string) {
      await beforeUse(false);
      return alive(await records.findOne({ _id: oauthRecordId(this.model, id) }));
    }
    async findByUid(uid: string) {
      await beforeUse(false);
      return alive(await records.findOne({ uid, model: this.model }));
    }
    async findByUserCode(userCode: string) {
      await beforeUse(false);
      return alive(await records.findOne({ userCode, model: this.model }));
    }
    async consume(id: string) {
      await beforeUse(false);
      await records.updateOne({ _id: oauthRecordId(this.model, id) }, { $set: { consumed: nowSeconds() } });
    }
    async destroy(id: string) {
      await beforeUse(false);
      await records.deleteOne({ _id: oauthRecordId(this.model, id) });
    }
    async revokeByGrantId(grantId: string) {
      await beforeUse(false);
      await records.deleteMany({ grantId });
    }
  };
};
