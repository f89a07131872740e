import { type claimsOperations, verifyEmailClaim } from '@listings/contracts';
import { type InternalOperationServed, typedHandlers } from '@listings/platform/service-host';
import { handleClaimListing } from '../application/claim_listing.ts';
import type { ClaimsOperationDeps } from '../application/claim-streams.ts';
import { handleListMyClaims } from '../application/list_my_claims.ts';
import { handleVerifyClaim } from '../application/verify_claim.ts';
import { handleVerifyEmailClaim } from '../application/verify-email-claim.ts';

/** The claims operations served on the bus: each contract's operation id and its handler. */
export const claimsEndpoints = (deps: ClaimsOperationDeps) =>
  typedHandlers<(typeof claimsOperations)[number]>({
    claim_listing: handleClaimListing(deps),
    verify_claim: handleVerifyClaim(deps),
    list_my_claims: handleListMyClaims(deps),
  });

/** The internal operations (the web edge's emailed link). */
export const claimsInternalEndpoints = (deps: ClaimsOperationDeps): InternalOperationServed[] => [
  { contract: verifyEmailClaim, handle: handleVerifyEmailClaim(deps) },
];
