import type { DatabaseSync } from 'node:sqlite';
import { byGrantedAtDesc, grantRecordOf, type OAuthGrantsPort } from '../identity-store.ts';
import { immediateTransaction } from './schema.ts';

/** The apps a person let in (oidc-provider's `Grant` records in `oauth_records`), on SQLite. */
export const sqliteOAuthGrants = (db: DatabaseSync, now: () => Date): OAuthGrantsPort => ({
  listOAuthGrants: async (accountId: string) => {
    const rows = db
      .prepare(
        `SELECT g.id AS id, g.payload AS payload, c.payload AS client FROM oauth_records g
         LEFT JOIN oauth_records c ON c.model = 'Client' AND c.id = json_extract(g.payload, '$.clientId')
         WHERE g.model = 'Grant' AND json_extract(g.payload, '$.accountId') = ?
           AND (g.expires_at IS NULL OR g.expires_at > ?)`,
      )
      .all(accountId, Math.floor(now().getTime() / 1000)) as { id: string; payload: string; client: string | null }[];
    return rows.map((row) => grantRecordOf(row.id, row.payload, row.client)).sort(byGrantedAtDesc);
  },
  /** the grant and everything issued under it, in one transaction */
  revokeOAuthGrant: async (accountId: string, grantId: string) =>
    immediateTransaction(db, () => {
      const deleted = db
        .prepare(
          "DELETE FROM oauth_records WHERE model = 'Grant' AND id = ? AND json_extract(payload, '$.accountId') = ?",
        )
        .run(grantId, accountId).changes;
      if (Number(deleted) > 0) db.prepare('DELETE FROM oauth_records WHERE grant_id = ?').run(grantId);
      return Number(deleted) > 0;
    }),
});
