import type { VoteIntegrityReason } from '@listings/contracts';
import type { CatalogEvent } from '../catalog/catalog-event.ts';
import { documentMapProjection } from '../catalog/document-map.ts';

/**
 * One vote as the ledger keeps it: who (the account, never published), when cast and withdrawn, its
 * weight and discount by the ranking rules (`discounted_at`: a discount applied after it was cast),
 * and the facts the rules look at for bursts (the network's keyed hash, the account's age). Votes
 * folded before these were recorded lack them: weight 1, nothing known.
 */
export interface LedgerVote {
  readonly account_id: string;
  readonly cast_at: string;
  readonly withdrawn_at: string | null;
  readonly weight?: number;
  readonly reason?: VoteIntegrityReason | null;
  readonly discounted_at?: string | null;
  readonly network?: string | null;
  readonly account_created_at?: string | null;
}

/** Every vote ever cast on one listing, oldest first, withdrawn ones kept (get_vote_ledger), by listing id. */
export interface VoteLedgerDoc {
  readonly listing_id: number;
  readonly votes: readonly LedgerVote[];
}

/** the events the ledger folds (they also fold into the listing: see catalog-fold.ts) */
export const LEDGER_EVENTS: ReadonlySet<string> = new Set(['VoteCast', 'VoteWithdrawn', 'VoteDiscounted']);

/** the voter's standing vote in the document (the last one not withdrawn), or -1 */
const standingVoteOf = (doc: VoteLedgerDoc, accountId: string) =>
  doc.votes.findLastIndex((v) => v.account_id === accountId && v.withdrawn_at === null);

/** pure: a cast vote is appended; a withdrawal closes the voter's standing vote, which stays; a discount changes it */
export const evolveVoteLedger = (doc: VoteLedgerDoc | undefined, event: CatalogEvent): VoteLedgerDoc | undefined => {
  if (event.type === 'VoteCast') {
    const { listing_id, account_id, at, weight, reason, voter } = event.data;
    const vote: LedgerVote = {
      account_id,
      cast_at: at,
      withdrawn_at: null,
      weight,
      reason,
      discounted_at: null,
      network: voter.network,
      account_created_at: voter.account_created_at,
    };
    return { listing_id, votes: [...(doc?.votes ?? []), vote] };
  }
  if ((event.type === 'VoteWithdrawn' || event.type === 'VoteDiscounted') && doc) {
    const i = standingVoteOf(doc, event.data.account_id);
    if (i < 0) return doc;
    const vote = doc.votes[i] as LedgerVote;
    const changed =
      event.type === 'VoteWithdrawn'
        ? { ...vote, withdrawn_at: event.data.at }
        : { ...vote, weight: event.data.weight, reason: event.data.reason, discounted_at: event.data.at };
    return { ...doc, votes: doc.votes.with(i, changed) };
  }
  return doc;
};

export const voteLedgerProjection = documentMapProjection<VoteLedgerDoc>({
  collection: 'ledger',
  documentOf: (event) =>
    LEDGER_EVENTS.has(event.type) ? String((event.data as { listing_id: number }).listing_id) : undefined,
  evolve: evolveVoteLedger,
});
