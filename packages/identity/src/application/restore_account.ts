import type { identityOperations } from '@listings/contracts';
import type { CallOf } from '@listings/platform/service-host';
import type { IdentityStore } from '../store/identity-store.ts';
import { accountToSuspend, auditChange, type RecordAccountModeration } from './account-suspension.ts';

type RestoreAccount = (typeof identityOperations)[number] & { operationId: 'restore_account' };

/**
 * restore_account (the operator console): lifts the suspension; votes discounted meanwhile stay so.
 * A change is recorded in catalog's log (AccountRestored, with the operator and the reason) for the audit.
 */
export const restoreAccount =
  (deps: { store: IdentityStore; recordAccountModeration: RecordAccountModeration }) =>
  async (call: CallOf<RestoreAccount>) => {
    const { account, input } = await accountToSuspend(deps.store, call);
    const changed = await deps.store.restoreAccount(account.id, input);
    const entry = { account_id: account.id, operator: input.operatorAccountId, reason: input.reason };
    await auditChange(deps.recordAccountModeration, { ...entry, action: 'restored' }, changed);
    return { account_id: account.id, email: account.email, suspended: false, changed, votes_discounted: 0 };
  };
