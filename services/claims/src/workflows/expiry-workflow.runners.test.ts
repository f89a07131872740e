/**
 * A claim's expiry workflow run for real: the same spec on the in-process runner and on a Temporal
 * dev server, and the 14-day timer on the time-skipping server. The activity stands in for the
 * claim aggregate (the service-level tests use the real one: test/claim-expiry.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { CLAIM_TTL_DAYS } from '@listings/contracts';
import {
  startTestWorker,
  stopTemporalServers,
  temporalServer,
  timeSkippingRunnerKind,
  workflowRunnerKinds,
} from '@listings/platform/testing/workflow-runners';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ClaimExpiryInput,
  type ClaimsActivities,
  claimExpiryWorkflowId,
  claimsWorkflows,
  type ExpireClaimOutcome,
} from './expiry-workflow.ts';

const ENTRY = new URL('./temporal-workflows.ts', import.meta.url);
const HISTORIES = new URL('./histories/', import.meta.url);
const DAY = 86_400_000;

/** a claim whose aggregate answers `outcomes` in turn to the expire command; records each command */
const aClaim = (outcomes: ExpireClaimOutcome[]) => {
  const claimId = Math.floor(Math.random() * 1_000_000_000);
  const commands: number[] = [];
  const activities: ClaimsActivities = {
    expireClaim: async (input) => {
      commands.push(input.claimId);
      return outcomes.shift() ?? { outcome: 'left_alone', status: 'expired' };
    },
  };
  return {
    claimId,
    commands,
    id: claimExpiryWorkflowId(claimId),
    under: { workflows: claimsWorkflows, temporalEntry: ENTRY, activities, histories: HISTORIES },
  };
};

afterAll(stopTemporalServers);

describe.each(workflowRunnerKinds('the claim expiry workflow suite'))('the claim expiry workflow on $name', (kind) => {
  it('when the claim is still pending at its expiry then the expire command is sent once', async () => {
    const claim = aClaim([{ outcome: 'expired' }]);
    const runner = await kind.create(claim.under);
    try {
      await runner.start('claimExpiry', claim.id, { claimId: claim.claimId, delayMs: 50 } satisfies ClaimExpiryInput);
      await runner.result(claim.id);
      expect(claim.commands).toEqual([claim.claimId]);
    } finally {
      await runner.stop();
    }
  });

  it('when the claim was verified or rejected meanwhile then the command leaves it alone and the workflow ends', async () => {
    const claim = aClaim([{ outcome: 'left_alone', status: 'verified' }]);
    const runner = await kind.create(claim.under);
    try {
      await runner.start('claimExpiry', claim.id, { claimId: claim.claimId, delayMs: 0 } satisfies ClaimExpiryInput);
      await runner.result(claim.id);
      expect(claim.commands).toEqual([claim.claimId]);
    } finally {
      await runner.stop();
    }
  });

  it('when the service clock says the claim is not due yet then the workflow waits the rest and sends the command again', async () => {
    const claim = aClaim([{ outcome: 'not_due', dueInMs: 1_000 }, { outcome: 'expired' }]);
    const runner = await kind.create(claim.under);
    try {
      await runner.start('claimExpiry', claim.id, { claimId: claim.claimId, delayMs: 0 } satisfies ClaimExpiryInput);
      await runner.result(claim.id);
      expect(claim.commands).toEqual([claim.claimId, claim.claimId]);
    } finally {
      await runner.stop();
    }
  });

  it('when the same claim expiry is started twice (a restart) then it runs once', async () => {
    const claim = aClaim([{ outcome: 'expired' }]);
    const runner = await kind.create(claim.under);
    try {
      const input: ClaimExpiryInput = { claimId: claim.claimId, delayMs: 200 };
      await runner.start('claimExpiry', claim.id, input);
      await runner.start('claimExpiry', claim.id, input);
      await runner.result(claim.id);
      expect(claim.commands).toEqual([claim.claimId]);
    } finally {
      await runner.stop();
    }
  });
});

const timeSkipping = timeSkippingRunnerKind.skipReason === null;
if (!timeSkipping) console.log(`skipped the 14-day claim expiry timer: ${timeSkippingRunnerKind.skipReason}`);

describe.skipIf(!timeSkipping)('the claim expiry workflow over 14 days (Temporal time-skipping server)', () => {
  it('when a claim is started then its expire command is sent once, 14 days later (the durable timer passes in skipped time)', async () => {
    const env = await temporalServer('time-skipping');
    const claim = aClaim([{ outcome: 'expired' }]);
    const sentAt: number[] = [];
    const activities: ClaimsActivities = {
      expireClaim: async (input) => {
        sentAt.push(await env.currentTimeMs());
        return claim.under.activities.expireClaim(input);
      },
    };
    const taskQueue = `test-${randomUUID()}`;
    const worker = await startTestWorker(env, { ...claim.under, activities }, taskQueue);
    try {
      const before = await env.currentTimeMs();
      const handle = await env.client.workflow.start('claimExpiry', {
        taskQueue,
        workflowId: claim.id,
        args: [{ claimId: claim.claimId, delayMs: CLAIM_TTL_DAYS * DAY } satisfies ClaimExpiryInput],
      });
      await handle.result();
      expect(claim.commands).toEqual([claim.claimId]);
      expect(sentAt[0] as number).toBeGreaterThanOrEqual(before + CLAIM_TTL_DAYS * DAY);
      expect(sentAt[0] as number).toBeLessThan(before + (CLAIM_TTL_DAYS + 1) * DAY);
    } finally {
      await worker.stop();
    }
  }, 120_000);
});
