import { NotFoundError, ServiceUnavailableError } from '@listings/platform/errors';
import type { ReplyOutcome } from '@listings/platform/internal-client';
import { callerAccount, type OperationCall } from '@listings/platform/service-host';
import type { IdentityStore } from '../store/identity-store.ts';

/**
 * How the gateway asks catalog to discount a suspended account's standing votes
 * (`catalog.internal.discount_votes_of_suspended`); main.ts composes it over the bus.
 */
export type DiscountVotesOfSuspended = (accountId: string) => Promise<ReplyOutcome<{ discounted: number }>>;

/**
 * How the gateway asks catalog to record an operator's suspension or restore for the audit
 * (`catalog.internal.record_account_moderation`: AccountSuspended / AccountRestored).
 */
export type RecordAccountModeration = (entry: {
  account_id: string;
  action: 'suspended' | 'restored';
  operator: string;
  reason: string;
}) => Promise<ReplyOutcome<unknown>>;

/** only a change is an event: the audit row of the suspension or restore identity's store just made */
export const auditChange = async (
  record: RecordAccountModeration,
  entry: Parameters<RecordAccountModeration>[0],
  changed: boolean,
) => {
  if (!changed) return;
  const recorded = await record(entry);
  if (!recorded.ok)
    throw new ServiceUnavailableError(
      `the account is ${entry.action}, but the audit did not record it (the catalog did not answer): ${recorded.detail}`,
    );
};

/**
 * What the operator console's suspend and restore start from: the account with the email (404
 * without one) and the suspension input naming the operator who acted.
 */
export const accountToSuspend = async (
  store: IdentityStore,
  call: OperationCall & { readonly body: { readonly email: string; readonly reason: string } },
) => {
  const operatorAccountId = callerAccount(call, call.operation.summary);
  const account = await store.findAccountForSignIn(call.body.email.trim());
  if (!account) throw new NotFoundError(`no account has the email ${call.body.email}`);
  return { account, input: { reason: call.body.reason, operatorAccountId } };
};
