import type { CatalogEvent } from '../catalog/catalog-event.ts';
import { documentMapProjection } from '../catalog/document-map.ts';

/** One vote as the ledger keeps it: who (the account, never published), when cast, when withdrawn. */
export interface LedgerVote {
  readonly account_id: string;
  readonly cast_at: string;
  readonly withdrawn_at: string | null;
}

/** Every vote ever cast on one listing, oldest first, withdrawn ones kept (get_vote_ledger), by listing id. */
export interface VoteLedgerDoc {
  readonly listing_id: number;
  readonly votes: readonly LedgerVote[];
}

/** the events the ledger folds (they also fold into the listing: see catalog-fold.ts) */
export const LEDGER_EVENTS: ReadonlySet<string> = new Set(['VoteCast', 'VoteWithdrawn']);

/** pure: a cast vote is appended; a withdrawal closes the voter's standing vote, which stays */
export const evolveVoteLedger = (doc: VoteLedgerDoc | undefined, event: CatalogEvent): VoteLedgerDoc | undefined => {
  if (event.type === 'VoteCast') {
    const { listing_id, account_id, at } = event.data;
    return { listing_id, votes: [...(doc?.votes ?? []), { account_id, cast_at: at, withdrawn_at: null }] };
  }
  if (event.type === 'VoteWithdrawn' && doc) {
    const { account_id, at } = event.data;
    const i = doc.votes.findLastIndex((v) => v.account_id === account_id && v.withdrawn_at === null);
    if (i < 0) return doc;
    return { ...doc, votes: doc.votes.with(i, { ...(doc.votes[i] as LedgerVote), withdrawn_at: at }) };
  }
  return doc;
};

export const voteLedgerProjection = documentMapProjection<VoteLedgerDoc>({
  collection: 'ledger',
  documentOf: (event) =>
    event.type === 'VoteCast' || event.type === 'VoteWithdrawn' ? String(event.data.listing_id) : undefined,
  evolve: evolveVoteLedger,
});
