import type { Decider } from '@listings/platform/decider';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '@listings/platform/errors';
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

type Acting = { listing: ListingFacts; account_id: string; now: string };
export type EngagementCommand =
  | { type: 'CastVote'; data: Acting & { email_confirmed: boolean } }
  | { type: 'WithdrawVote' | 'Follow' | 'Unfollow'; data: Acting }
  | { type: 'SubmitReview'; data: Acting & { rating: number; body: string; email_confirmed: boolean } }
  /** `account_id` is the review's author (the stream); `by` is who acts */
  | { type: 'ReplyToReview'; data: Acting & { by: string; body: string } }
  | { type: 'ReportReview'; data: Acting & { reported_by: string; reason: string } }
  | { type: 'RemoveReview'; data: Acting & { by: string; reason: string } }
  | { type: 'RestoreReview'; data: Acting & { by: string } };

export class ForbiddenError extends DomainError {
  constructor(detail: string) {
    super(403, 'forbidden', 'Forbidden', detail);
  }
}

/** Votes go to listings people can see launching: live, or scheduled for a coming week. */
const VOTABLE = new Set(['live', 'scheduled']);
const WEEK_MS = 7 * 86_400_000;

/** the launch week is over once its Sunday has ended (UTC) */
const launchWeekOver = (launchWeek: string | null | undefined, now: string): boolean =>
  launchWeek != null && Date.parse(now) >= Date.parse(`${launchWeek}T00:00:00.000Z`) + WEEK_MS;

export const decideEngagement = (command: EngagementCommand, state: Engagement): EngagementEvent[] => {
  const { listing, account_id, now } = command.data;
  const base = { listing_id: listing.listing_id, account_id, at: now };
  switch (command.type) {
    case 'CastVote': {
      // the rule (docs/catalog.md): a person with a confirmed email, not an owner, one vote per
      // listing per launch week; a listing that moves to another launch week can be voted for again
      if (!command.data.email_confirmed) throw new ForbiddenError('confirm your email address before you vote');
      if (listing.owners.includes(account_id)) throw new ForbiddenError('you cannot vote for your own listing');
      if (!VOTABLE.has(listing.status))
        throw new ValidationError([{ field: 'slug', message: `a ${listing.status} listing takes no votes` }]);
      const week = listing.launch_week ?? null;
      if (state.voted && state.voteWeek === week) return [];
      return [{ type: 'VoteCast', data: { ...base, launch_week: week } }];
    }
    case 'WithdrawVote':
      if (!state.voted) return [];
      if (launchWeekOver(state.voteWeek, now)) throw new ConflictError('the launch week is over: its votes are final');
      return [{ type: 'VoteWithdrawn', data: base }];
    case 'Follow':
      return state.following ? [] : [{ type: 'ListingFollowed', data: base }];
    case 'Unfollow':
      return state.following ? [{ type: 'ListingUnfollowed', data: base }] : [];
    case 'SubmitReview': {
      // genuine reviews only: confirmed email, not an owner, one per person (sending again edits it)
      if (!command.data.email_confirmed) throw new ForbiddenError('confirm your email address before you review');
      if (listing.owners.includes(account_id)) throw new ForbiddenError('owners cannot review their own listing');
      if (listing.status !== 'live')
        throw new ValidationError([{ field: 'slug', message: 'only live listings take reviews' }]);
      if (state.reviewRemoved) throw new ConflictError('your review was taken down by a moderator');
      return [{ type: 'ReviewSubmitted', data: { ...base, rating: command.data.rating, body: command.data.body } }];
    }
    case 'ReplyToReview': {
      if (!listing.owners.includes(command.data.by)) throw new ForbiddenError('only an owner of the listing replies');
      if (!state.reviewed) throw new NotFoundError('no such review');
      return [{ type: 'ReviewReplied', data: { ...base, by: command.data.by, body: command.data.body } }];
    }
    case 'ReportReview': {
      if (!state.reviewed) throw new NotFoundError('no such review');
      if (state.reportedBy.includes(command.data.reported_by)) return [];
      return [
        {
          type: 'ReviewReported',
          data: { ...base, reported_by: command.data.reported_by, reason: command.data.reason },
        },
      ];
    }
    case 'RemoveReview':
      if (!state.reviewed) throw new NotFoundError('no such review');
      if (state.reviewRemoved) return [];
      return [{ type: 'ReviewRemoved', data: { ...base, by: command.data.by, reason: command.data.reason } }];
    case 'RestoreReview':
      if (!state.reviewed) throw new NotFoundError('no such review');
      if (!state.reviewRemoved) return [];
      return [{ type: 'ReviewRestored', data: { ...base, by: command.data.by } }];
    default: {
      const never: never = command;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
};

export const evolveEngagement = (state: Engagement, event: EngagementEvent): Engagement => {
  switch (event.type) {
    case 'VoteCast':
      return { ...state, voted: true, voteWeek: event.data.launch_week };
    case 'VoteWithdrawn':
      return { ...state, voted: false, voteWeek: null };
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

export const engagementDecider: Decider<EngagementCommand, Engagement, EngagementEvent> = {
  initialState: initialEngagement,
  evolve: evolveEngagement,
  decide: decideEngagement,
};

export const engagementStream = (listingId: number, accountId: string) =>
  `engagement-${listingId}_${encodeURIComponent(accountId)}`;

/**
 * Page views: one view per visitor per listing per UTC day, known bots left out, and bursts from
 * one network discounted. The visitors of one listing on one UTC day from one network (an IPv4
 * /24 or IPv6 /64, as the web edge names it) share a stream
 * `views-<listing_id>_<day>_net-<network hash>`, one ListingViewed per visitor counted and at most
 * `max` of them (VIEWERS_PER_NETWORK_PER_DAY): a visitor seen again is not counted again, nor is
 * one more from a network that used its allowance. The demo's bulk counts go to `views-<listing_id>`.
 */
export type ViewEvent = CatalogEventOf<'ListingViewed'>;
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
        data: { listing_id: command.data.listing_id, count: command.data.count, at: command.data.now, visitor: null },
      },
    ];
  },
};

export const viewStream = (listingId: number) => `views-${listingId}`;

/** User agents of crawlers, link previews, monitors and headless tools: their views are not counted. */
export const KNOWN_BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|monitor|headless|lighthouse|curl\/|wget\/|python-requests|httpclient|go-http-client|axios\/|node-fetch|okhttp|java\//i;
export const isKnownBot = (userAgent: string | null | undefined): boolean =>
  !userAgent || userAgent.trim() === '' || KNOWN_BOT_PATTERN.test(userAgent);

export type VisitCommand = {
  type: 'RecordVisit';
  data: {
    listing_id: number;
    /** the visitor's hash */
    visitor: string;
    user_agent: string | null;
    /** the most visitors this network's stream counts (VIEWERS_PER_NETWORK_PER_DAY) */
    max: number;
    now: string;
  };
};

/** the visitors a network's day on one listing counted (by hash) */
export interface NetworkVisits {
  readonly visitors: ReadonlySet<string>;
}

/** one network's day on one listing: each visitor counted once, at most `max` of them, never a known bot */
export const visitDecider: Decider<VisitCommand, NetworkVisits, ViewEvent> = {
  initialState: { visitors: new Set() },
  evolve: (state, event) =>
    event.data.visitor === null ? state : { visitors: new Set(state.visitors).add(event.data.visitor) },
  decide: (command, state) => {
    const { listing_id, visitor, user_agent, max, now } = command.data;
    if (isKnownBot(user_agent) || state.visitors.has(visitor) || state.visitors.size >= max) return [];
    return [{ type: 'ListingViewed', data: { listing_id, count: 1, at: now, visitor } }];
  },
};

/**
 * `views-<listing_id>_<YYYY-MM-DD>_net-<network hash>`: the network is already a hash (no
 * address in a stream name)
 */
export const visitStream = (listingId: number, day: string, networkHash: string) =>
  `views-${listingId}_${day}_net-${networkHash}`;
