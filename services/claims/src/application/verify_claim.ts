import { CLAIM_REASON_MAX, type verifyClaim } from '@listings/contracts';
import { ConflictError } from '@listings/platform/errors';
import { type CallOf, signedInAccount } from '@listings/platform/service-host';
import { completeClaim } from './claim-completion.ts';
import { type ClaimsOperationDeps, nowOf, ownClaim, reveal, runOnClaim, viewClaim } from './claim-streams.ts';
import { statusAt } from './claim-view.ts';

/**
 * verify_claim: runs the claim's check (DNS, meta tag or file) now. Passed: the listing's claims
 * stream decides the owner (completeClaim); failed: the reason is recorded and the claim stays pending.
 */
export const handleVerifyClaim = (deps: ClaimsOperationDeps) => async (call: CallOf<typeof verifyClaim>) => {
  const account = signedInAccount(call.principal, 'claim listings');
  const located = await ownClaim(deps, call.params.claim_id, account);
  const claim = located.claim;
  const at = nowOf(deps);
  if (claim.status !== 'pending') return viewClaim(deps, claim, at);
  if (statusAt(claim, at) === 'expired')
    return viewClaim(deps, await runOnClaim(deps, located, { type: 'Expire', data: { now: at } }), at);
  if (claim.method === 'email')
    throw new ConflictError(
      `email claims verify when the link we emailed to ${(await reveal(deps, claim)).email ?? 'the address given'} is opened`,
    );
  const result = await deps.check({
    method: claim.method,
    domain: claim.domain,
    homepage: claim.homepage,
    token: claim.token as string,
  });
  const checked = result.passed
    ? await completeClaim(deps, located)
    : await runOnClaim(deps, located, {
        type: 'RecordFailedCheck',
        data: { reason: result.reason.slice(0, CLAIM_REASON_MAX), now: nowOf(deps) },
      });
  return viewClaim(deps, checked, nowOf(deps));
};
