import type { WorkflowContext } from '@listings/platform/workflows/context';
import { describe, expect, it } from 'vitest';
import type { BadgeCheckActivities, BadgeOutcome } from '../activities/badge-check.ts';
import { BADGE_CHECK_INTERVAL_MS, BADGE_CHECKS_PER_RUN, badgeWorkflow } from './badge-workflow.ts';

/** a context that plays the check outcomes in order and records what the workflow did */
const scripted = (outcomes: BadgeOutcome[]) => {
  const log: string[] = [];
  const ctx = {
    sleep: async (ms: number) => void log.push(`sleep ${ms}`),
    activity: async (name: string, input: { listingId: number }) => {
      log.push(`${name} ${input.listingId}`);
      return outcomes.shift() ?? 'not_found';
    },
    continueAsNew: async (input: unknown) => {
      log.push(`continueAsNew ${JSON.stringify(input)}`);
      return undefined as never;
    },
  } as unknown as WorkflowContext<BadgeCheckActivities>;
  return { ctx, log };
};

describe('badge workflow', () => {
  it('when the owner just chose free and the badge is there then one check at once ends it', async () => {
    const { ctx, log } = scripted(['found']);
    await badgeWorkflow(ctx, { listingId: 7, checkFirst: true });
    expect(log).toEqual(['checkBadge 7']);
  });

  it('when the badge comes later then it checks every interval until found', async () => {
    const { ctx, log } = scripted(['not_found', 'not_found', 'found']);
    await badgeWorkflow(ctx, { listingId: 7, checkFirst: true });
    const wait = `sleep ${BADGE_CHECK_INTERVAL_MS}`;
    expect(log).toEqual(['checkBadge 7', wait, 'checkBadge 7', wait, 'checkBadge 7']);
  });

  it('when resumed after a restart then it waits an interval before the first check; a listing no longer waiting ends it', async () => {
    const { ctx, log } = scripted(['not_waiting']);
    await badgeWorkflow(ctx, { listingId: 7, checkFirst: false });
    expect(log).toEqual([`sleep ${BADGE_CHECK_INTERVAL_MS}`, 'checkBadge 7']);
  });

  it('when a whole run finds nothing then it continues as new, waiting first', async () => {
    const { ctx, log } = scripted([]);
    await badgeWorkflow(ctx, { listingId: 7, checkFirst: true });
    expect(log.filter((line) => line.startsWith('checkBadge'))).toHaveLength(BADGE_CHECKS_PER_RUN);
    expect(log.at(-1)).toBe('continueAsNew {"listingId":7,"checkFirst":false}');
  });
});
