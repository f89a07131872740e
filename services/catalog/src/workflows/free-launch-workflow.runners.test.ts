/**
 * The free plan's launch run for real: the same spec on the in-process runner and on a Temporal dev
 * server, and the weeks-long wait for the launch week's Monday on the time-skipping server. The
 * activity stands in for the listing (test/free-launch.test.ts runs the catalog's own).
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
import {
  type FreeLaunchActivities,
  type FreeLaunchInput,
  type FreeLaunchOutcome,
  freeLaunchWorkflow,
  freeLaunchWorkflowId,
} from './free-launch-workflow.ts';

const ENTRY = new URL('./temporal-workflows.ts', import.meta.url);
const HISTORIES = new URL('./histories/', import.meta.url);
const WEEK = 7 * 86_400_000;

/** a free listing whose launch answers `outcomes` in turn; records each launch command */
const aListing = (outcomes: FreeLaunchOutcome[]) => {
  const listingId = Math.floor(Math.random() * 1_000_000_000);
  const launches: number[] = [];
  const activities: FreeLaunchActivities = {
    launchFreeListing: async (input) => {
      launches.push(input.listingId);
      return outcomes.shift() ?? { outcome: 'left_alone', status: 'live' };
    },
  };
  return {
    listingId,
    launches,
    id: freeLaunchWorkflowId(listingId),
    under: { workflows: { freeLaunch: freeLaunchWorkflow }, temporalEntry: ENTRY, activities, histories: HISTORIES },
  };
};

afterAll(stopTemporalServers);

describe.each(workflowRunnerKinds('the free launch workflow suite'))('the free launch workflow on $name', (kind) => {
  it('when the launch week begins and the badge was found then the listing is launched once', async () => {
    const listing = aListing([{ outcome: 'launched' }]);
    const runner = await kind.create(listing.under);
    try {
      await runner.start('freeLaunch', listing.id, {
        listingId: listing.listingId,
        delayMs: 50,
      } satisfies FreeLaunchInput);
      await runner.result(listing.id);
      expect(listing.launches).toEqual([listing.listingId]);
    } finally {
      await runner.stop();
    }
  });

  it('when the launch week begins and the listing still awaits its badge then it is left to the badge workflow', async () => {
    const listing = aListing([{ outcome: 'left_alone', status: 'awaiting_badge' }]);
    const runner = await kind.create(listing.under);
    try {
      await runner.start('freeLaunch', listing.id, {
        listingId: listing.listingId,
        delayMs: 0,
      } satisfies FreeLaunchInput);
      await runner.result(listing.id);
      expect(listing.launches).toEqual([listing.listingId]);
    } finally {
      await runner.stop();
    }
  });

  it('when the service clock says the week has not begun yet then the workflow waits the rest and launches', async () => {
    const listing = aListing([{ outcome: 'not_due', dueInMs: 1_000 }, { outcome: 'launched' }]);
    const runner = await kind.create(listing.under);
    try {
      await runner.start('freeLaunch', listing.id, {
        listingId: listing.listingId,
        delayMs: 0,
      } satisfies FreeLaunchInput);
      await runner.result(listing.id);
      expect(listing.launches).toEqual([listing.listingId, listing.listingId]);
    } finally {
      await runner.stop();
    }
  });

  it('when the same listing’s launch is started twice (a restart) then it runs once', async () => {
    const listing = aListing([{ outcome: 'launched' }]);
    const runner = await kind.create(listing.under);
    try {
      const input: FreeLaunchInput = { listingId: listing.listingId, delayMs: 200 };
      await runner.start('freeLaunch', listing.id, input);
      await runner.start('freeLaunch', listing.id, input);
      await runner.result(listing.id);
      expect(listing.launches).toEqual([listing.listingId]);
    } finally {
      await runner.stop();
    }
  });
});

const timeSkipping = timeSkippingRunnerKind.skipReason === null;
if (!timeSkipping) console.log(`skipped the weeks-long free launch timer: ${timeSkippingRunnerKind.skipReason}`);

describe.skipIf(!timeSkipping)('the free launch workflow over weeks (Temporal time-skipping server)', () => {
  it.each([6, 8])(
    'when a listing is queued %i weeks out then it is launched once, on its Monday (the durable timer passes in skipped time)',
    async (weeks) => {
      const env = await temporalServer('time-skipping');
      const listing = aListing([{ outcome: 'launched' }]);
      const launchedAt: number[] = [];
      const activities: FreeLaunchActivities = {
        launchFreeListing: async (input) => {
          launchedAt.push(await env.currentTimeMs());
          return listing.under.activities.launchFreeListing(input);
        },
      };
      const taskQueue = `test-${randomUUID()}`;
      const worker = await startTestWorker(env, { ...listing.under, activities }, taskQueue);
      try {
        const before = await env.currentTimeMs();
        const handle = await env.client.workflow.start('freeLaunch', {
          taskQueue,
          workflowId: listing.id,
          args: [{ listingId: listing.listingId, delayMs: weeks * WEEK } satisfies FreeLaunchInput],
        });
        await handle.result();
        expect(listing.launches).toEqual([listing.listingId]);
        expect(launchedAt[0] as number).toBeGreaterThanOrEqual(before + weeks * WEEK);
        expect(launchedAt[0] as number).toBeLessThan(before + weeks * WEEK + 86_400_000);
      } finally {
        await worker.stop();
      }
    },
    120_000,
  );
});
