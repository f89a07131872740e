import type { Decider } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';
import type { ClaimEvent } from '../claim/claim.ts';
import { initialClaim } from '../claim/claim.ts';
import { type ClaimCommand, decideClaim } from '../claim/decide.ts';
import {
  type ExistingClaim,
  evolveListingClaims,
  initialListingClaims,
  isOpen,
  type ListingClaims,
  openClaimOf,
} from './listing-claims.ts';

/** The reason the other open claims get when one claimant verifies the listing. */
export const OTHER_CLAIMANT_VERIFIED = 'another claimant verified this listing first';

/** The claimant already has an open claim on the listing: the caller answers with it (or a 409). */
export class OpenClaimExistsError extends ConflictError {
  readonly claim: ExistingClaim;
  constructor(claim: ExistingClaim) {
    super(`claim ${claim.id} is open on this listing already`);
    this.claim = claim;
  }
}

export type ListingClaimsCommand =
  | Extract<ClaimCommand, { type: 'StartClaim' }>
  /** a command for one of the listing's claims */
  | { type: 'OnClaim'; data: { claim_id: number; command: Exclude<ClaimCommand, { type: 'StartClaim' }> } };

export const decideListingClaims = (command: ListingClaimsCommand, state: ListingClaims): ClaimEvent[] => {
  switch (command.type) {
    case 'StartClaim': {
      const d = command.data;
      if (state.owner)
        throw new ConflictError(
          state.owner.accountId === d.account_id
            ? `${d.slug} is already verified and you are one of its owners`
            : `${d.slug} is already verified by its owners`,
        );
      const open = openClaimOf(state, d.account_id, d.now);
      if (open) throw new OpenClaimExistsError(open);
      return decideClaim(command, state.claims.get(d.claim_id) ?? initialClaim);
    }
    case 'OnClaim': {
      const { claim_id, command: inner } = command.data;
      const claim = state.claims.get(claim_id);
      if (!claim) throw new ConflictError(`no claim ${claim_id} on this listing`);
      if (inner.type !== 'Verify') return decideClaim(inner, claim);
      const now = inner.data.now;
      if (state.owner) {
        if (state.owner.claimId === claim_id) return [];
        // someone else verified first: this claim can only be rejected now
        if (isOpen(claim, now))
          return [{ type: 'ClaimRejected', data: { claim_id, reason: OTHER_CLAIMANT_VERIFIED, at: now } }];
        // rejected already (the winner's append did it while this check ran): that is the answer
        if (claim.status === 'rejected') return [];
        return decideClaim(inner, claim); // expired: gone (410)
      }
      const verified = decideClaim(inner, claim);
      const others = [...state.claims.values()].filter((c) => c.id !== claim_id && isOpen(c, now));
      return [
        ...verified,
        ...others.map(
          (c): ClaimEvent => ({
            type: 'ClaimRejected',
            data: { claim_id: c.id, reason: OTHER_CLAIMANT_VERIFIED, at: now },
          }),
        ),
      ];
    }
    default: {
      const never: never = command;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
};

export const listingClaimsDecider: Decider<ListingClaimsCommand, ListingClaims, ClaimEvent> = {
  initialState: initialListingClaims,
  evolve: evolveListingClaims,
  decide: decideListingClaims,
};
