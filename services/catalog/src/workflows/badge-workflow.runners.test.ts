/**
 * The free plan's badge check run for real: the same spec on the in-process runner and on a
 * Temporal dev server, and a whole day of checks (then continue-as-new) on the time-skipping server.
 * The activity stands in for the listing's homepage.
 */
import { randomUUID } from 'node:crypto';
import {
  startTestWorker,
  stopTemporalServers,
  temporalServer,
  timeSkippingRunnerKind,
  workflowRunnerKinds,
} from '@listings/platform/testing/workflow-runners';
import { afterAll, describe, expect, it } from 'vitest';
import type { BadgeCheckActivities, BadgeOutcome } from '../activities/badge-check.ts';
import {
  BADGE_CHECK_INTERVAL_MS,
  BADGE_CHECKS_PER_RUN,
  type BadgeWorkflowInput,
  badgeWorkflowId,
  catalogWorkflows,
} from './badge-workflow.ts';

const ENTRY = new URL('./temporal-workflows.ts', import.meta.url);
const HISTORIES = new URL('./histories/', import.meta.url);

/** a listing whose homepage answers `outcomes` in turn (then `rest`); records each check */
const aListing = (outcomes: BadgeOutcome[], rest: BadgeOutcome = 'not_found') => {
  const listingId = Math.floor(Math.random() * 1_000_000_000);
  const checks: number[] = [];
  const activities: BadgeCheckActivities = {
    checkBadge: async (input) => {
      checks.push(input.listingId);
      return outcomes.shift() ?? rest;
    },
  };
  return {
    listingId,
    checks,
    under: { workflows: catalogWorkflows, temporalEntry: ENTRY, activities, histories: HISTORIES },
  };
};

afterAll(stopTemporalServers);

describe.each(workflowRunnerKinds('the badge workflow suite'))('the badge workflow on $name', (kind) => {
  it('when the owner just chose free and the badge is on the homepage then one check at once ends it', async () => {
    const listing = aListing(['found']);
    const runner = await kind.create(listing.under);
    try {
      const input: BadgeWorkflowInput = { listingId: listing.listingId, checkFirst: true };
      await runner.start('badge', badgeWorkflowId(listing.listingId), input);
      await runner.result(badgeWorkflowId(listing.listingId));
      expect(listing.checks).toEqual([listing.listingId]);
    } finally {
      await runner.stop();
    }
  });

  it('when the listing no longer awaits its badge then the check ends the workflow', async () => {
    const listing = aListing(['not_waiting']);
    const runner = await kind.create(listing.under);
    try {
      await runner.start('badge', badgeWorkflowId(listing.listingId), {
        listingId: listing.listingId,
        checkFirst: true,
      });
      await runner.result(badgeWorkflowId(listing.listingId));
      expect(listing.checks).toHaveLength(1);
    } finally {
      await runner.stop();
    }
  });
});

const timeSkipping = timeSkippingRunnerKind.skipReason === null;
if (!timeSkipping) console.log(`skipped the day-long badge checks: ${timeSkippingRunnerKind.skipReason}`);

describe.skipIf(!timeSkipping)('the badge workflow over days (Temporal time-skipping server)', () => {
  it('when the badge appears only after a day of checks then the run continues as new and the next run finds it', async () => {
    const env = await temporalServer('time-skipping');
    const misses: BadgeOutcome[] = Array.from({ length: BADGE_CHECKS_PER_RUN }, () => 'not_found');
    const listing = aListing([...misses, 'found']);
    const taskQueue = `test-${randomUUID()}`;
    const worker = await startTestWorker(env, listing.under, taskQueue);
    try {
      const before = await env.currentTimeMs();
      const first = await env.client.workflow.start('badge', {
        taskQueue,
        workflowId: badgeWorkflowId(listing.listingId),
        args: [{ listingId: listing.listingId, checkFirst: true } satisfies BadgeWorkflowInput],
      });
      await first.result();
      expect(listing.checks).toHaveLength(BADGE_CHECKS_PER_RUN + 1);
      const firstRun = await env.client.workflow.getHandle(first.workflowId, first.firstExecutionRunId).describe();
      expect(firstRun.status.name).toBe('CONTINUED_AS_NEW');
      const lastRun = await env.client.workflow.getHandle(first.workflowId).describe();
      expect(lastRun.runId).not.toBe(first.firstExecutionRunId);
      expect(lastRun.status.name).toBe('COMPLETED');
      // 95 intervals in the first run (it checks at once), one before the next run's first check
      expect((await env.currentTimeMs()) - before).toBeGreaterThanOrEqual(
        BADGE_CHECKS_PER_RUN * BADGE_CHECK_INTERVAL_MS,
      );
    } finally {
      await worker.stop();
    }
  }, 120_000);
});
