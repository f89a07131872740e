import type { identityOperations } from '@listings/contracts';
import type { CallOf } from '@listings/platform/service-host';
import type { IdentityStore } from '../store/identity-store.ts';
import { accountToSuspend } from './account-suspension.ts';

type RestoreAccount = (typeof identityOperations)[number] & { operationId: 'restore_account' };

/** restore_account (the operator console): lifts the suspension; votes discounted meanwhile stay so. */
export const restoreAccount = (deps: { store: IdentityStore }) => async (call: CallOf<RestoreAccount>) => {
  const { account, input } = await accountToSuspend(deps.store, call);
  const changed = await deps.store.restoreAccount(account.id, input);
  return { account_id: account.id, email: account.email, suspended: false, changed, votes_discounted: 0 };
};
