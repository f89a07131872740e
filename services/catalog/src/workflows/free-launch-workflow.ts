/**
 * The free plan's launch as a workflow, one per free listing (`free-launch-<listingId>`), written once
 * against the narrow workflow context: the in-process runner and Temporal both run it. The listing
 * is queued for a launch week 6-8 weeks out; the workflow waits with a durable timer until that
 * week's Monday (00:00 UTC), then runs one activity that makes the listing live if its badge was
 * found (it is then `scheduled`). A listing still awaiting its badge is left to the badge workflow,
 * which makes it live at once when it finds the badge after the week began. Imports are types only,
 * so this file bundles for Temporal.
 */
import type { RetryPolicy, WorkflowDefinition } from '@listings/platform/workflows/context';

export interface FreeLaunchInput {
  readonly listingId: number;
  /** how long until the listing's launch week begins, from when the workflow is started (0: at once) */
  readonly delayMs: number;
}

/** what the launch activity did: made the listing live, found the week not begun yet, or left it */
export type FreeLaunchOutcome =
  | { readonly outcome: 'launched' }
  | { readonly outcome: 'not_due'; readonly dueInMs: number }
  | { readonly outcome: 'left_alone'; readonly status: string };

export type FreeLaunchActivities = {
  /** `GoLive` on the listing when its week has begun: idempotent; a listing not scheduled is left alone */
  launchFreeListing(input: { listingId: number }): Promise<FreeLaunchOutcome>;
};

export const freeLaunchWorkflowId = (listingId: number): string => `free-launch-${listingId}`;

/** one launch is one append: tried again for about ten minutes, then the workflow fails (a restart starts it again) */
export const FREE_LAUNCH_RETRY: RetryPolicy = { maxAttempts: 12, initialIntervalMs: 1_000, maxIntervalMs: 60_000 };
/** rounds of "not due yet" before giving up: the timer and the service's clock differ by little */
const MAX_ROUNDS = 5;

export const freeLaunchWorkflow: WorkflowDefinition<FreeLaunchInput, FreeLaunchActivities> = async (ctx, input) => {
  let wait = input.delayMs;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (wait > 0) await ctx.sleep(wait);
    const result = await ctx.activity('launchFreeListing', { listingId: input.listingId });
    if (result.outcome !== 'not_due') return;
    // the timer ran ahead of the service's clock: wait the rest
    wait = Math.max(1_000, result.dueInMs);
  }
};
