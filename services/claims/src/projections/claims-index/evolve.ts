import type { RecordedEvent } from '@listings/platform/event-store';
import type { DocumentProjection } from '@listings/platform/read-models';
import { type Claim, type ClaimEvent, evolveClaim, initialClaim } from '../../domain/claim/claim.ts';

type ExistingClaim = Extract<Claim, { exists: true }>;

/**
 * Every claim's state (for list_my_claims and the ownership check), the claims of each account,
 * and the email-link token hashes. Derived, in place, from one document per claim (its state),
 * which the read-model store keeps with its checkpoint.
 */
export interface ClaimsIndex {
  readonly claims: ReadonlyMap<number, ExistingClaim>;
  /** account id → its claim ids */
  readonly byAccount: ReadonlyMap<string, readonly number[]>;
  /** SHA-256 of an email link token → claim id */
  readonly emailTokens: ReadonlyMap<string, number>;
  readonly maxId: number;
}

/** document ids are zero-padded claim ids, so the store's id order is the claims' order */
const documentId = (claimId: number) => String(claimId).padStart(12, '0');

/** the lookups over the claim documents, kept in step by `put` (no copies per event) */
export const createClaimsIndex = () => {
  const claims = new Map<number, ExistingClaim>();
  const byAccount = new Map<string, number[]>();
  const emailTokens = new Map<string, number>();
  const view = { claims, byAccount, emailTokens, maxId: 0 };
  const put = (_id: string, before: ExistingClaim | undefined, after: ExistingClaim | undefined) => {
    if (!after) return; // claims are never deleted
    claims.set(after.id, after);
    if (before?.emailTokenHash && before.emailTokenHash !== after.emailTokenHash)
      emailTokens.delete(before.emailTokenHash); // a renewed email link: only the new token finds the claim
    if (after.emailTokenHash) emailTokens.set(after.emailTokenHash, after.id);
    if (!before) {
      const mine = byAccount.get(after.accountId);
      if (mine) mine.push(after.id);
      else byAccount.set(after.accountId, [after.id]);
      view.maxId = Math.max(view.maxId, after.id);
    }
  };
  return { view: view as ClaimsIndex, put };
};

/**
 * A claim's events are in its listing's stream (`listing-claims-<listingId>`, each naming its
 * claim) or, for claims started before those streams, in `claim-<id>`; there `ClaimIdAssigned`
 * only takes the id (it makes no document: a claim counts once it started).
 */
const claimIdOf = (event: RecordedEvent): number | undefined => {
  if (event.stream.startsWith('listing-claims-')) return (event.data as { claim_id: number }).claim_id;
  if (event.stream.startsWith('claim-')) return Number(event.stream.slice('claim-'.length));
  return undefined;
};

export const claimsIndexProjection: DocumentProjection<ExistingClaim, ClaimsIndex> = {
  collection: 'claims',
  documentOf: (event) => {
    const id = claimIdOf(event);
    return id === undefined ? undefined : documentId(id);
  },
  evolve: (doc, event) => {
    if (event.type === 'ClaimIdAssigned') return doc;
    const after = evolveClaim(doc ?? initialClaim, { type: event.type, data: event.data } as ClaimEvent);
    return after.exists ? after : doc;
  },
  createView: createClaimsIndex,
};
