import type { claimsEvents, DomainEventOf } from '@listings/contracts/events';
/** Claim methods and statuses: the contracts' lists (packages/contracts/src/claims.ts). */
export type ClaimMethod = 'dns' | 'meta' | 'file' | 'email';
export type ClaimStatus = 'pending' | 'verified' | 'rejected' | 'expired';

/**
 * The claim's events, derived from their declared schemas (packages/contracts/src/events/claims.ts);
 * `DailyQuotaUsed` belongs to the daily-claims streams (the platform's daily quota), not to claims.
 */
export type ClaimEvent = Exclude<DomainEventOf<typeof claimsEvents>, { type: 'DailyQuotaUsed' }>;

export type Claim =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly id: number;
      readonly accountId: string;
      readonly listingId: number;
      readonly slug: string;
      readonly domain: string;
      readonly homepage: string | null;
      readonly method: ClaimMethod;
      readonly token: string | null;
      readonly email: string | null;
      readonly emailTokenHash: string | null;
      /** when the current email link was made (it is mailed right after) */
      readonly emailLinkAt: string | null;
      readonly status: ClaimStatus;
      readonly createdAt: string;
      readonly expiresAt: string;
      readonly verifiedAt: string | null;
      readonly lastCheck: { at: string; passed: boolean; reason: string } | null;
    };

export const initialClaim: Claim = { exists: false };

/**
 * `claim-<id>`: the claim id's own stream. For a claim started since claims keep their events in
 * their listing's stream (`listing-claims-<listingId>`), it holds only `ClaimIdAssigned`, which
 * allocates the id (appended with `no_stream`, so two replicas never take the same id) and says
 * where the claim lives. Older claims keep all their events here (read by the legacy path).
 */
export const claimStream = (claimId: number): string => `claim-${claimId}`;

/** the claim id's allocation, as the contracts declare it */
export type ClaimIdEvent = Extract<ClaimEvent, { type: 'ClaimIdAssigned' }>;

export const evolveClaim = (state: Claim, event: ClaimEvent): Claim => {
  if (event.type === 'ClaimStarted') {
    const d = event.data;
    return {
      exists: true,
      id: d.claim_id,
      accountId: d.account_id,
      listingId: d.listing_id,
      slug: d.slug,
      domain: d.domain,
      homepage: d.homepage,
      method: d.method,
      token: d.token,
      email: d.email,
      emailTokenHash: d.email_token_hash,
      emailLinkAt: d.email_token_hash ? d.at : null,
      status: 'pending',
      createdAt: d.at,
      expiresAt: d.expires_at,
      verifiedAt: null,
      lastCheck: null,
    };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case 'ClaimCheckFailed':
      return { ...state, lastCheck: { at: event.data.at, passed: false, reason: event.data.reason } };
    case 'ClaimVerified':
      return {
        ...state,
        status: 'verified',
        verifiedAt: event.data.at,
        lastCheck: { at: event.data.at, passed: true, reason: 'the check passed' },
      };
    case 'ClaimRejected':
      return {
        ...state,
        status: 'rejected',
        lastCheck: { at: event.data.at, passed: false, reason: event.data.reason },
      };
    case 'ClaimExpired':
      return { ...state, status: 'expired' };
    case 'ClaimEmailLinkRenewed':
      return { ...state, emailTokenHash: event.data.email_token_hash, emailLinkAt: event.data.at };
    default:
      return state;
  }
};
