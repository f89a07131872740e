import type { RecordedEvent } from '@listings/platform/event-store';
import { type Claim, type ClaimEvent, evolveClaim, initialClaim } from '../../domain/claim/claim.ts';

/**
 * Every claim's state (for list_my_claims and the ownership check), the claims of each account,
 * and the email-link token hashes. Pure and guarded by the event's global position, so a replay or
 * a duplicate delivery changes nothing. Rebuilt from the event store at start.
 */
export interface ClaimsIndex {
  readonly position: number;
  readonly claims: ReadonlyMap<number, Extract<Claim, { exists: true }>>;
  /** account id → its claim ids */
  readonly byAccount: ReadonlyMap<string, readonly number[]>;
  /** SHA-256 of an email link token → claim id */
  readonly emailTokens: ReadonlyMap<string, number>;
  readonly maxId: number;
}

export const initialClaimsIndex: ClaimsIndex = {
  position: 0,
  claims: new Map(),
  byAccount: new Map(),
  emailTokens: new Map(),
  maxId: 0,
};

export const evolveClaimsIndex = (index: ClaimsIndex, event: RecordedEvent): ClaimsIndex => {
  if (event.position <= index.position) return index;
  const next = { ...index, position: event.position };
  // a claim's events are in its listing's stream (`listing-claims-<listingId>`, each naming its
  // claim) or, for claims started before, in `claim-<id>`; there `ClaimIdAssigned` only takes the id
  let id: number;
  if (event.stream.startsWith('listing-claims-')) id = (event.data as { claim_id: number }).claim_id;
  else if (event.stream.startsWith('claim-')) id = Number(event.stream.slice('claim-'.length));
  else return next;
  if (event.type === 'ClaimIdAssigned') return { ...next, maxId: Math.max(index.maxId, id) };
  const before = index.claims.get(id) ?? initialClaim;
  const after = evolveClaim(before, { type: event.type, data: event.data } as ClaimEvent);
  if (!after.exists || after === before) return next;
  const claims = new Map(index.claims).set(id, after);
  if (before.exists) {
    if (before.emailTokenHash === after.emailTokenHash) return { ...next, claims };
    // a renewed email link: only the new token finds the claim
    const emailTokens = new Map(index.emailTokens);
    if (before.emailTokenHash) emailTokens.delete(before.emailTokenHash);
    if (after.emailTokenHash) emailTokens.set(after.emailTokenHash, id);
    return { ...next, claims, emailTokens };
  }
  const byAccount = new Map(index.byAccount).set(after.accountId, [
    ...(index.byAccount.get(after.accountId) ?? []),
    id,
  ]);
  const emailTokens = after.emailTokenHash
    ? new Map(index.emailTokens).set(after.emailTokenHash, id)
    : index.emailTokens;
  return { ...next, claims, byAccount, emailTokens, maxId: Math.max(index.maxId, id) };
};
