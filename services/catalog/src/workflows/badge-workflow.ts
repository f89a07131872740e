/**
 * The free plan's badge check as a workflow, one per listing awaiting its badge, written once
 * against the narrow workflow context: the in-process runner and Temporal both run it. Imports are
 * types only, so this file bundles for Temporal.
 */
import type { RetryPolicy, WorkflowDefinition } from '@listings/platform/workflows/context';
import type { BadgeCheckActivities } from '../activities/badge-check.ts';

export interface BadgeWorkflowInput {
  readonly listingId: number;
  /** check at once (the owner just chose the free plan) instead of after the first interval */
  readonly checkFirst: boolean;
}

export const BADGE_CHECK_INTERVAL_MS = 15 * 60_000;
/** checks per run before it continues as new (a day of them): keeps a Temporal history short */
export const BADGE_CHECKS_PER_RUN = 96;
export const badgeWorkflowId = (listingId: number) => `badge-${listingId}`;
/** one check is one fetch: a failed attempt is tried again a few times, then the next interval */
export const BADGE_RETRY: RetryPolicy = { maxAttempts: 3, initialIntervalMs: 5_000, maxIntervalMs: 30_000 };

/**
 * Checks the listing's homepage for the badge every interval while the listing awaits it; ends
 * when the badge is found (the listing is then scheduled or live) or the listing no longer waits.
 */
export const badgeWorkflow: WorkflowDefinition<BadgeWorkflowInput, BadgeCheckActivities> = async (ctx, input) => {
  for (let check = 0; check < BADGE_CHECKS_PER_RUN; check++) {
    if (check > 0 || !input.checkFirst) await ctx.sleep(BADGE_CHECK_INTERVAL_MS);
    const outcome = await ctx.activity('checkBadge', { listingId: input.listingId });
    if (outcome !== 'not_found') return;
  }
  await ctx.continueAsNew({ listingId: input.listingId, checkFirst: false } satisfies BadgeWorkflowInput);
};

export const catalogWorkflows = { badge: badgeWorkflow };
