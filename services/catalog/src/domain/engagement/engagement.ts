import type { Decider } from '@listings/platform/decider';
import { DomainError, ValidationError } from '@listings/platform/errors';

/**
 * What people on the site do with a listing: vote, follow, review, view. Votes, follows and
 * reviews are one per person per listing, so each (listing, person) pair is its own stream
 * (`engagement-<listing_id>_<account_id>`) and the invariant needs no lock on the listing.
 */
export type EngagementEvent =
  | { type: 'VoteCast'; data: { listing_id: number; account_id: string; at: string } }
  | { type: 'VoteWithdrawn'; data: { listing_id: number; account_id: string; at: string } }
  | { type: 'ListingFollowed'; data: { listing_id: number; account_id: string; at: string } }
  | { type: 'ListingUnfollowed'; data: { listing_id: number; account_id: string; at: string } }
  | {
      type: 'ReviewSubmitted';
      data: { listing_id: number; account_id: string; rating: number; body: string; at: string };
    };

export interface Engagement {
  readonly voted: boolean;
  readonly following: boolean;
  readonly reviewed: boolean;
}

export const initialEngagement: Engagement = { voted: false, following: false, reviewed: false };

/** What the handler knows about the listing when the person acts. */
export interface ListingFacts {
  readonly listing_id: number;
  readonly status: string;
  readonly owners: readonly string[];
}

export type EngagementCommand =
  | {
      type: 'CastVote' | 'WithdrawVote' | 'Follow' | 'Unfollow';
      data: { listing: ListingFacts; account_id: string; now: string };
    }
  | {
      type: 'SubmitReview';
      data: { listing: ListingFacts; account_id: string; rating: number; body: string; now: string };
    };

export class ForbiddenError extends DomainError {
  constructor(detail: string) {
    super(403, 'forbidden', 'Forbidden', detail);
  }
}

/** Votes go to listings people can see launching: live, or scheduled for a coming week. */
const VOTABLE = new Set(['live', 'scheduled']);

export const decideEngagement = (command: EngagementCommand, state: Engagement): EngagementEvent[] => {
  const { listing, account_id, now } = command.data;
  const base = { listing_id: listing.listing_id, account_id, at: now };
  switch (command.type) {
    case 'CastVote':
      if (!VOTABLE.has(listing.status))
        throw new ValidationError([{ field: 'slug', message: `a ${listing.status} listing takes no votes` }]);
      return state.voted ? [] : [{ type: 'VoteCast', data: base }];
    case 'WithdrawVote':
      return state.voted ? [{ type: 'VoteWithdrawn', data: base }] : [];
    case 'Follow':
      return state.following ? [] : [{ type: 'ListingFollowed', data: base }];
    case 'Unfollow':
      return state.following ? [{ type: 'ListingUnfollowed', data: base }] : [];
    case 'SubmitReview': {
      // genuine reviews only: signed in (account_id), not an owner, one per person (a new one replaces it)
      if (listing.owners.includes(account_id)) throw new ForbiddenError('owners cannot review their own listing');
      if (listing.status !== 'live')
        throw new ValidationError([{ field: 'slug', message: 'only live listings take reviews' }]);
      return [{ type: 'ReviewSubmitted', data: { ...base, rating: command.data.rating, body: command.data.body } }];
    }
    default: {
      const never: never = command;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
};

export const evolveEngagement = (state: Engagement, event: EngagementEvent): Engagement => {
  switch (event.type) {
    case 'VoteCast':
      return { ...state, voted: true };
    case 'VoteWithdrawn':
      return { ...state, voted: false };
    case 'ListingFollowed':
      return { ...state, following: true };
    case 'ListingUnfollowed':
      return { ...state, following: false };
    case 'ReviewSubmitted':
      return { ...state, reviewed: true };
    default:
      return state;
  }
};

export const engagementDecider: Decider<EngagementCommand, Engagement, EngagementEvent> = {
  initialState: initialEngagement,
  evolve: evolveEngagement,
  decide: decideEngagement,
};

export const engagementStream = (listingId: number, accountId: string) =>
  `engagement-${listingId}_${encodeURIComponent(accountId)}`;

/** Page views carry no invariant: one append-only stream per listing, no state to fold. */
export type ViewEvent = { type: 'ListingViewed'; data: { listing_id: number; count: number; at: string } };
export type ViewCommand = { type: 'RecordViews'; data: { listing_id: number; count: number; now: string } };

export const viewDecider: Decider<ViewCommand, null, ViewEvent> = {
  initialState: null,
  evolve: (state) => state,
  decide: (command) => {
    if (!Number.isInteger(command.data.count) || command.data.count < 1)
      throw new ValidationError([{ field: 'count', message: 'must be a whole number >= 1' }]);
    return [
      {
        type: 'ListingViewed',
        data: { listing_id: command.data.listing_id, count: command.data.count, at: command.data.now },
      },
    ];
  },
};

export const viewStream = (listingId: number) => `views-${listingId}`;
