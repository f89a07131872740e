import type { VoteIntegrityReason } from '@listings/contracts';
import type { CatalogEventOf } from '../catalog-events.ts';

/**
 * What people on the site do with a listing: vote, follow, review, view. Votes, follows and
 * reviews are one per person per listing, so each (listing, person) pair is its own stream
 * (`engagement-<listing_id>_<account_id>`) and the invariant needs no lock on the listing. The
 * review's replies, reports and moderation live in its author's stream too.
 */
export type EngagementEvent = CatalogEventOf<
  | 'VoteCast'
  | 'VoteWithdrawn'
  | 'VoteDiscounted'
  | 'ListingFollowed'
  | 'ListingUnfollowed'
  | 'ReviewSubmitted'
  | 'ReviewReplied'
  | 'ReviewReported'
  | 'ReviewRemoved'
  | 'ReviewRestored'
>;

export interface Engagement {
  readonly voted: boolean;
  /** the launch week the standing vote was cast for (null: the listing had none) */
  readonly voteWeek: string | null;
  /** what the standing vote counts for (the ranking rules), and why it counts less */
  readonly voteWeight: number;
  readonly voteReason: VoteIntegrityReason | null;
  readonly following: boolean;
  readonly reviewed: boolean;
  /** an operator took the review down: it does not count until restored */
  readonly reviewRemoved: boolean;
  /** who reported the review (account ids, or `visitor:<hash>`), each once */
  readonly reportedBy: readonly string[];
}

export const initialEngagement: Engagement = {
  voted: false,
  voteWeek: null,
  voteWeight: 1,
  voteReason: null,
  following: false,
  reviewed: false,
  reviewRemoved: false,
  reportedBy: [],
};

/** What the handler knows about the listing when the person acts. */
export interface ListingFacts {
  readonly listing_id: number;
  readonly status: string;
  readonly owners: readonly string[];
  /** the Monday (YYYY-MM-DD) of its launch week, null when it has none */
  readonly launch_week?: string | null;
}

export const evolveEngagement = (state: Engagement, event: EngagementEvent): Engagement => {
  switch (event.type) {
    case 'VoteCast':
      return {
        ...state,
        voted: true,
        voteWeek: event.data.launch_week,
        voteWeight: event.data.weight,
        voteReason: event.data.reason,
      };
    case 'VoteDiscounted':
      return { ...state, voteWeight: event.data.weight, voteReason: event.data.reason };
    case 'VoteWithdrawn':
      return { ...state, voted: false, voteWeek: null, voteWeight: 1, voteReason: null };
    case 'ListingFollowed':
      return { ...state, following: true };
    case 'ListingUnfollowed':
      return { ...state, following: false };
    case 'ReviewSubmitted':
      return { ...state, reviewed: true };
    case 'ReviewReported':
      return { ...state, reportedBy: [...state.reportedBy, event.data.reported_by] };
    case 'ReviewRemoved':
      return { ...state, reviewRemoved: true };
    case 'ReviewRestored':
      return { ...state, reviewRemoved: false };
    case 'ReviewReplied':
      return state;
    default:
      return state;
  }
};

export const engagementStream = (listingId: number, accountId: string) =>
  `engagement-${listingId}_${encodeURIComponent(accountId)}`;
