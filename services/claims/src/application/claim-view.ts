import {
  CLAIM_EMAIL_PATH,
  CLAIM_FILE_PATH,
  CLAIM_META_NAME,
  CLAIM_TXT_LABEL,
  CLAIM_TXT_PREFIX,
} from '@listings/contracts';
import type { Claim, ClaimStatus } from '../domain/claim/claim.ts';

type ExistingClaim = Extract<Claim, { exists: true }>;

/** A pending claim past its expiry shows as expired even before anything recorded it. */
export const statusAt = (claim: ExistingClaim, now: string): ClaimStatus =>
  claim.status === 'pending' && now >= claim.expiresAt ? 'expired' : claim.status;

/** Exactly what to publish (or do) for the claim's method. */
export const instructionsOf = (claim: ExistingClaim): string => {
  const verify = `then call POST /claims/${claim.id}/verify (before ${claim.expiresAt}).`;
  switch (claim.method) {
    case 'dns':
      return `Add a DNS TXT record with the value "${CLAIM_TXT_PREFIX}${claim.token}" at ${claim.domain} (or at ${CLAIM_TXT_LABEL}.${claim.domain}), ${verify}`;
    case 'meta':
      return `Add <meta name="${CLAIM_META_NAME}" content="${claim.token}"> to the <head> of ${claim.homepage}, ${verify}`;
    case 'file':
      return `Publish a plain text file at ${new URL(CLAIM_FILE_PATH, claim.homepage ?? `https://${claim.domain}`).toString()} containing the line ${claim.token}, ${verify}`;
    case 'email':
      return `We emailed a verification link to ${claim.email ?? 'an address since erased'}. Open it (${CLAIM_EMAIL_PATH}?token=…) before ${claim.expiresAt} to verify the claim.`;
    default: {
      const never: never = claim.method;
      throw new Error(`unknown method ${String(never)}`);
    }
  }
};

/** The Claim of the contracts. Verified means you proved control of the domain; it is not a paid plan. */
export const claimView = (claim: ExistingClaim, now: string) => ({
  claim_id: claim.id,
  slug: claim.slug,
  method: claim.method,
  status: statusAt(claim, now),
  instructions: instructionsOf(claim),
  created_at: claim.createdAt,
  ...(claim.email ? { email: claim.email } : {}),
  expires_at: claim.expiresAt,
  verified_at: claim.verifiedAt,
  last_check: claim.lastCheck,
});
