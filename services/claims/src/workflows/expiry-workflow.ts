/**
 * A claim's expiry as a workflow, one per claim (`claim-expiry-<claimId>`), written once against the
 * narrow workflow context: the in-process runner and Temporal both run it. It waits with a durable
 * timer until the claim's expiry, then sends the expire command to the claim (through its listing's
 * stream); a claim verified or rejected meanwhile is left alone. Imports are types only, so this
 * file bundles for Temporal.
 */
import type { RetryPolicy, WorkflowDefinition } from '@listings/platform/workflows/context';

export interface ClaimExpiryInput {
  readonly claimId: number;
  /** how long until the claim expires, from when the workflow is started (0: at once) */
  readonly delayMs: number;
}

/** what the expire activity found: expired now, not due yet (the service's clock is behind), or left alone */
export type ExpireClaimOutcome =
  | { readonly outcome: 'expired' }
  | { readonly outcome: 'not_due'; readonly dueInMs: number }
  | { readonly outcome: 'left_alone'; readonly status: 'verified' | 'rejected' | 'expired' | 'unknown' };

export type ClaimsActivities = {
  /** sends `Expire` to the claim: idempotent; a claim no longer pending is left alone */
  expireClaim(input: { claimId: number }): Promise<ExpireClaimOutcome>;
};

export const claimExpiryWorkflowId = (claimId: number): string => `claim-expiry-${claimId}`;

/** an expire command is one append: tried again for about ten minutes, then the workflow fails (a restart starts it again) */
export const CLAIM_EXPIRY_RETRY: RetryPolicy = { maxAttempts: 12, initialIntervalMs: 1_000, maxIntervalMs: 60_000 };
/** rounds of "not due yet" before giving up: the timer and the service's clock differ by little */
const MAX_ROUNDS = 5;

export const claimExpiryWorkflow: WorkflowDefinition<ClaimExpiryInput, ClaimsActivities> = async (ctx, input) => {
  let wait = input.delayMs;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (wait > 0) await ctx.sleep(wait);
    const result = await ctx.activity('expireClaim', { claimId: input.claimId });
    if (result.outcome !== 'not_due') return;
    // the timer ran ahead of the service's clock: wait the rest
    wait = Math.max(1_000, result.dueInMs);
  }
};

export const claimsWorkflows = { claimExpiry: claimExpiryWorkflow };
