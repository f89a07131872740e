import { type Claim, type ClaimEvent, evolveClaim, initialClaim } from '../claim/claim.ts';

export type ExistingClaim = Extract<Claim, { exists: true }>;

/**
 * The claims of one listing, in one stream (`listing-claims-<listingId>`): the rules that span
 * claims live here, because one append with the expected revision decides them for every replica
 * at once: one open claim per claimant, one verified owner, and the other open claims rejected
 * when someone verifies. Its events are the claim events (each carries its `claim_id`).
 */
export interface ListingClaims {
  readonly claims: ReadonlyMap<number, ExistingClaim>;
  /** the claim that verified the listing, if any: there is at most one */
  readonly owner: { readonly claimId: number; readonly accountId: string } | null;
}

export const initialListingClaims: ListingClaims = { claims: new Map(), owner: null };

export const listingClaimsStream = (listingId: number): string => `listing-claims-${listingId}`;

export const evolveListingClaims = (state: ListingClaims, event: ClaimEvent): ListingClaims => {
  const id = event.data.claim_id;
  const before = state.claims.get(id) ?? initialClaim;
  const after = evolveClaim(before, event);
  if (!after.exists || after === before) return state;
  const claims = new Map(state.claims).set(id, after);
  const owner =
    event.type === 'ClaimVerified' && state.owner === null ? { claimId: id, accountId: after.accountId } : state.owner;
  return { claims, owner };
};

/** pending and not yet past its expiry */
export const isOpen = (claim: ExistingClaim, now: string): boolean =>
  claim.status === 'pending' && now < claim.expiresAt;

/** the claimant's open claim on this listing (there is at most one) */
export const openClaimOf = (state: ListingClaims, accountId: string, now: string): ExistingClaim | undefined =>
  [...state.claims.values()].find((c) => c.accountId === accountId && isOpen(c, now));
