import { DomainError } from '@listings/platform/errors';
import type { ExistingClaim } from '../domain/listing-claims/listing-claims.ts';
import { type ClaimsOperationDeps, type Located, nowOf, runOnClaim } from './claim-streams.ts';

type CompletionDeps = Pick<ClaimsOperationDeps, 'store' | 'indexCaughtUp' | 'catalog' | 'clock'>;

const VERIFIED_FIRST = 'the listing was verified by its owners first';

/**
 * The check passed. The listing's claims stream decides who owns it, in one append: this claim
 * is verified and every other open claim rejected, or, when someone verified first, this one is
 * rejected. The catalog learns of the owner from `events.claims.claim_verified`, published from
 * the log. A listing the catalog already shows verified by other owners (verified before claims
 * kept their owner in the stream) rejects the claim first.
 */
export const completeClaim = async (deps: CompletionDeps, located: Located): Promise<ExistingClaim> => {
  const claim = located.claim;
  const reject = () =>
    runOnClaim(deps, located, { type: 'Reject', data: { reason: VERIFIED_FIRST, now: nowOf(deps) } });
  const listing = await deps.catalog.listingBySlug(claim.slug);
  if (listing?.verified && !listing.owners.includes(claim.accountId)) return reject();
  if (located.listingId === null) {
    // an older claim, in its own stream: the catalog's answer decides, as it did then
    try {
      await tellCatalog(deps, claim);
    } catch (error) {
      if (error instanceof DomainError && error.status === 409) return reject();
      throw error;
    }
  }
  return runOnClaim(deps, located, { type: 'Verify', data: { now: nowOf(deps) } });
};

/** claims started before: the catalog makes the claimant an owner and decides who was first */
const tellCatalog = (deps: Pick<ClaimsOperationDeps, 'catalog'>, claim: ExistingClaim) =>
  deps.catalog.recordVerifiedClaim({ listing_id: claim.listingId, account_id: claim.accountId, claim_id: claim.id });
