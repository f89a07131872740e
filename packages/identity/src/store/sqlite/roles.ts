import type { DatabaseSync } from 'node:sqlite';
import { ROLES, type Role } from '@listings/contracts';
import type { RolesPort } from '../identity-store.ts';

/** Roles on SQLite: one row per account and role held (`account_roles`). */
export const sqliteRoles = (db: DatabaseSync, now: () => Date): RolesPort => {
  const rolesOf = db.prepare('SELECT role FROM account_roles WHERE account_id = ?');
  const grant = db.prepare(
    'INSERT INTO account_roles (account_id, role, granted_at) SELECT id, ?, ? FROM accounts WHERE id = ? ON CONFLICT DO NOTHING',
  );
  const revoke = db.prepare('DELETE FROM account_roles WHERE account_id = ? AND role = ?');
  return {
    rolesOf: async (accountId) =>
      (rolesOf.all(accountId) as { role: string }[])
        .map((row) => row.role)
        .filter((role): role is Role => (ROLES as readonly string[]).includes(role)),
    setRole: async (accountId, role, held) =>
      Number(held ? grant.run(role, now().toISOString(), accountId).changes : revoke.run(accountId, role).changes) > 0,
  };
};
