/**
 * The badge workflow spec on a Temporal dev server in a container (`npm run test:containers`),
 * through the production Temporal runner; skipped, saying why, without a Docker engine.
 */
import {
  CONTAINER_IMAGES,
  imageAvailable,
  startTemporalContainer,
  temporalRunnerKindAt,
} from '@listings/platform/testing/containers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BadgeCheckActivities, BadgeOutcome } from '../activities/badge-check.ts';
import { type BadgeWorkflowInput, badgeWorkflowId, catalogWorkflows } from './badge-workflow.ts';

const ENTRY = new URL('./temporal-workflows.ts', import.meta.url);
const available = await imageAvailable('the badge workflow on a Temporal container', CONTAINER_IMAGES.temporal);

describe.skipIf(!available)('the badge workflow on Temporal in a container', () => {
  let temporal: Awaited<ReturnType<typeof startTemporalContainer>>;
  beforeAll(async () => {
    temporal = await startTemporalContainer();
  }, 180_000);
  afterAll(async () => {
    await temporal?.stop();
  });
  const kind = temporalRunnerKindAt(() => temporal.address);

  const aListing = (outcomes: BadgeOutcome[]) => {
    const listingId = Math.floor(Math.random() * 1_000_000_000);
    const checks: number[] = [];
    const activities: BadgeCheckActivities = {
      checkBadge: async (input) => {
        checks.push(input.listingId);
        return outcomes.shift() ?? 'not_found';
      },
    };
    return { listingId, checks, under: { workflows: catalogWorkflows, temporalEntry: ENTRY, activities } };
  };

  it('when the badge is on the homepage then one check at once ends the workflow', async () => {
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
  }, 120_000);

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
  }, 120_000);
});
