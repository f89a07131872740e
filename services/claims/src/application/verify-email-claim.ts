import { ConflictError, NotFoundError } from '@listings/platform/errors';
import { GoneError } from '../domain/claim/decide.ts';
import { completeClaim } from './claim-completion.ts';
import { sha256 } from './claim-email-link.ts';
import { type ClaimsOperationDeps, locate, nowOf, runOnClaim } from './claim-streams.ts';
import { statusAt } from './claim-view.ts';

/** verify_email_claim (internal, from the web edge): the emailed link was opened; the token is the only credential. */
export const handleVerifyEmailClaim = (deps: ClaimsOperationDeps) => async (request: { token: string }) => {
  const id = deps.index().emailTokens.get(sha256(request.token));
  const located = id === undefined ? null : await locate(deps, id);
  // the link renewed since (by this or another replica): only the newest token works
  if (!located || located.claim.emailTokenHash !== sha256(request.token))
    throw new NotFoundError('no such verification link');
  let claim = located.claim;
  const at = nowOf(deps);
  if (claim.status === 'pending' && statusAt(claim, at) === 'expired') {
    await runOnClaim(deps, located, { type: 'Expire', data: { now: at } });
    throw new GoneError('this verification link expired; start a new claim');
  }
  if (claim.status === 'expired') throw new GoneError('this verification link expired; start a new claim');
  if (claim.status === 'pending') claim = await completeClaim(deps, located);
  if (claim.status === 'rejected') throw new ConflictError(claim.lastCheck?.reason ?? 'the claim was rejected');
  return { claim_id: claim.id, slug: claim.slug, status: claim.status };
};
