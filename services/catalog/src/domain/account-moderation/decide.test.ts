import { deciderSpec } from '@listings/platform/decider/specification';
import { describe, it } from 'vitest';
import { accountModerationDecider } from './decide.ts';

const NOW = '2026-11-29T10:00:00.000Z';
const record = (action: 'suspended' | 'restored', reason: string) => ({
  type: 'RecordAccountModeration' as const,
  data: { account_id: 'acc-7', action, operator: 'op-1', reason, now: NOW },
});
const data = (reason: string) => ({ account_id: 'acc-7', operator: 'op-1', reason, at: NOW });

describe('account moderation decider', () => {
  const spec = deciderSpec(accountModerationDecider);
  it('when an operator suspends an account then AccountSuspended names the operator and the reason', () =>
    spec
      .given([])
      .when(record('suspended', 'vote ring'))
      .then([{ type: 'AccountSuspended', data: data('vote ring') }]));
  it('when an operator restores a suspended account then AccountRestored names the operator and the reason', () =>
    spec
      .given([{ type: 'AccountSuspended', data: data('vote ring') }])
      .when(record('restored', 'appeal upheld'))
      .then([{ type: 'AccountRestored', data: data('appeal upheld') }]));
});
