import { ROLES, type Role } from '@listings/contracts';
import type { RolesPort } from '../identity-store.ts';
import { isDuplicateKey } from '../mongo-identity-collections.ts';
import type { MongoAccess } from './access.ts';

/** Roles on MongoDB: one document per account and role held, its `_id` unique (granting twice inserts once). */
export const mongoRoles = (access: MongoAccess): RolesPort => {
  const { c, now, beforeUse } = access;
  return {
    async rolesOf(accountId) {
      await beforeUse();
      return (await c.accountRoles.find({ accountId }).toArray())
        .map((doc) => doc.role)
        .filter((role): role is Role => (ROLES as readonly string[]).includes(role));
    },
    async setRole(accountId, role, held) {
      await beforeUse();
      const _id = `${accountId}\n${role}`;
      if (!held) return (await c.accountRoles.deleteOne({ _id })).deletedCount > 0;
      if (!(await c.accounts.findOne({ _id: accountId }, { projection: { _id: 1 } }))) return false;
      try {
        await c.accountRoles.insertOne({ _id, accountId, role, grantedAt: now().toISOString() });
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    },
  };
};
