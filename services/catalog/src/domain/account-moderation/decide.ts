import type { Decider } from '@listings/platform/decider';
import {
  type AccountModeration,
  type AccountModerationEvent,
  evolveAccountModeration,
  initialAccountModeration,
} from './account-moderation.ts';

export type AccountModerationCommand = {
  type: 'RecordAccountModeration';
  data: { account_id: string; action: 'suspended' | 'restored'; operator: string; reason: string; now: string };
};

/** identity's store changed the account: the change is recorded, with the operator and the reason */
export const decideAccountModeration = (
  command: AccountModerationCommand,
  _state: AccountModeration,
): AccountModerationEvent[] => {
  const { account_id, action, operator, reason, now } = command.data;
  const data = { account_id, operator, reason, at: now };
  return [action === 'suspended' ? { type: 'AccountSuspended', data } : { type: 'AccountRestored', data }];
};

export const accountModerationDecider: Decider<AccountModerationCommand, AccountModeration, AccountModerationEvent> = {
  initialState: initialAccountModeration,
  evolve: evolveAccountModeration,
  decide: decideAccountModeration,
};
