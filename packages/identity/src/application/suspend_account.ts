import type { identityOperations } from '@listings/contracts';
import { ServiceUnavailableError } from '@listings/platform/errors';
import type { CallOf } from '@listings/platform/service-host';
import type { IdentityStore } from '../store/identity-store.ts';
import {
  accountToSuspend,
  auditChange,
  type DiscountVotesOfSuspended,
  type RecordAccountModeration,
} from './account-suspension.ts';

type SuspendAccount = (typeof identityOperations)[number] & { operationId: 'suspend_account' };

/**
 * suspend_account (the operator console): the account is suspended (its votes weigh 0 from now),
 * then catalog discounts its standing votes on weeks not over yet. Asked again, the suspension is
 * unchanged but any vote still standing is discounted (catalog's step is idempotent). A change is
 * recorded in catalog's log (AccountSuspended, with the operator and the reason) for the audit.
 */
export const suspendAccount =
  (deps: {
    store: IdentityStore;
    discountVotesOfSuspended: DiscountVotesOfSuspended;
    recordAccountModeration: RecordAccountModeration;
  }) =>
  async (call: CallOf<SuspendAccount>) => {
    const { account, input } = await accountToSuspend(deps.store, call);
    const changed = await deps.store.suspendAccount(account.id, input);
    const entry = { account_id: account.id, operator: input.operatorAccountId, reason: input.reason };
    await auditChange(deps.recordAccountModeration, { ...entry, action: 'suspended' }, changed);
    const discounted = await deps.discountVotesOfSuspended(account.id);
    if (!discounted.ok)
      throw new ServiceUnavailableError(
        `the account is suspended, but its standing votes were not discounted (suspend it again to retry): ${discounted.detail}`,
      );
    return {
      account_id: account.id,
      email: account.email,
      suspended: true,
      changed,
      votes_discounted: discounted.body.discounted,
    };
  };
