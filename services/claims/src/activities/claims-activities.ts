import { type ClaimsOperationDeps, locate, runOnClaim } from '../application/claim-streams.ts';
import type { ClaimsActivities, ExpireClaimOutcome } from '../workflows/expiry-workflow.ts';

type ActivityDeps = Pick<ClaimsOperationDeps, 'store' | 'indexCaughtUp' | 'clock' | 'logger'>;

/** What the claim expiry workflow calls. */
export const createClaimsActivities = (deps: ActivityDeps): ClaimsActivities => ({
  expireClaim: (request) => expireClaim(deps, request),
});

/**
 * The claim's `Expire` command, appended to its listing's stream with the expected revision
 * (idempotent). A claim verified, rejected or expired meanwhile is left alone; one not yet due
 * (this clock behind the timer's) says how long is left.
 */
const expireClaim = async (deps: ActivityDeps, request: { claimId: number }): Promise<ExpireClaimOutcome> => {
  const located = await locate(deps, request.claimId);
  if (!located) return { outcome: 'left_alone', status: 'unknown' };
  const claim = located.claim;
  if (claim.status !== 'pending') return { outcome: 'left_alone', status: claim.status };
  const at = deps.clock.now();
  const dueInMs = Date.parse(claim.expiresAt) - at.getTime();
  if (dueInMs > 0) return { outcome: 'not_due', dueInMs };
  const after = await runOnClaim(deps, located, { type: 'Expire', data: { now: at.toISOString() } });
  // verified or rejected by a command that won the append race: left alone
  if (after.status !== 'expired')
    return { outcome: 'left_alone', status: after.status === 'pending' ? 'unknown' : after.status };
  deps.logger.info({ claim_id: claim.id, slug: claim.slug }, 'claim expired');
  return { outcome: 'expired' };
};
