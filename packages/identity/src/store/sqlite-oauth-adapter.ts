import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '@listings/platform/clock';
import type { OAuthAdapter, OAuthAdapterConstructor, OAuthPayload as Payload } from './identity-store.ts';

/**
 * oidc-provider's storage adapter over the identity SQLite file: codes, tokens, grants, sessions,
 * interactions and registered clients survive a restart. Expired records are never returned.
 */
export const sqliteOAuthAdapterFactory = (db: DatabaseSync, clock: Clock): OAuthAdapterConstructor => {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const alive = (row: { payload: string; expires_at: number | null } | undefined): Payload | undefined =>
    row && (row.expires_at === null || row.expires_at > nowSeconds())
      ? (JSON.parse(row.payload) as Payload)
      : undefined;

  return class SqliteOAuthAdapter implements OAuthAdapter {
    readonly model: string;
    constructor(model: string) {
      this.model = model;
    }
    async upsert(id: string, payload: Payload, expiresIn?: number) {
      db.prepare(
        `INSERT INTO oauth_records (model, id, payload, expires_at, grant_id, uid, user_code) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, expires_at = excluded.expires_at,
           grant_id = excluded.grant_id, uid = excluded.uid, user_code = excluded.user_code`,
      ).run(
        this.model,
        id,
        JSON.stringify(payload),
        expiresIn ? nowSeconds() + expiresIn : null,
        payload.grantId ?? null,
        payload.uid ?? null,
        payload.userCode ?? null,
      );
    }
    async find(id: string) {
      return alive(
        db
          .prepare('SELECT payload, expires_at FROM oauth_records WHERE model = ? AND id = ?')
          .get(this.model, id) as never,
      );
    }
    async findByUid(uid: string) {
      return alive(
        db
          .prepare('SELECT payload, expires_at FROM oauth_records WHERE model = ? AND uid = ?')
          .get(this.model, uid) as never,
      );
    }
    async findByUserCode(userCode: string) {
      return alive(
        db
          .prepare('SELECT payload, expires_at FROM oauth_records WHERE model = ? AND user_code = ?')
          .get(this.model, userCode) as never,
      );
    }
    async consume(id: string) {
      const record = await this.find(id);
      if (!record) return;
      record.consumed = nowSeconds();
      db.prepare('UPDATE oauth_records SET payload = ? WHERE model = ? AND id = ?').run(
        JSON.stringify(record),
        this.model,
        id,
      );
    }
    async destroy(id: string) {
      db.prepare('DELETE FROM oauth_records WHERE model = ? AND id = ?').run(this.model, id);
    }
    async revokeByGrantId(grantId: string) {
      db.prepare('DELETE FROM oauth_records WHERE grant_id = ?').run(grantId);
    }
  };
};
