import { RANKING_RULES_VERSION, type VoteIntegrityReason } from '@listings/contracts';
import type { Decider } from '@listings/platform/decider';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '@listings/platform/errors';
import {
  type Engagement,
  type EngagementEvent,
  evolveEngagement,
  initialEngagement,
  type ListingFacts,
} from './engagement.ts';
import { type EarlierVote, reasonRank, type VoterFacts, weighVote } from './vote-integrity.ts';

type Acting = { listing: ListingFacts; account_id: string; now: string };
export type EngagementCommand =
  /** `voter`: what the ranking rules look at; `earlier`: the listing's votes as the ledger holds them */
  | {
      type: 'CastVote';
      data: Acting & { email_confirmed: boolean; voter: VoterFacts; earlier: readonly EarlierVote[] };
    }
  /** a burst found later, or a suspension: the standing vote counts `weight` from now on */
  | { type: 'DiscountVote'; data: Acting & { weight: number; reason: VoteIntegrityReason } }
  | { type: 'WithdrawVote' | 'Follow' | 'Unfollow'; data: Acting }
  | { type: 'SubmitReview'; data: Acting & { rating: number; body: string; email_confirmed: boolean } }
  /** `account_id` is the review's author (the stream); `by` is who acts */
  | { type: 'ReplyToReview'; data: Acting & { by: string; body: string } }
  | { type: 'ReportReview'; data: Acting & { reported_by: string; reason: string } }
  | { type: 'RemoveReview'; data: Acting & { by: string; reason: string } }
  | { type: 'RestoreReview'; data: Acting & { by: string; reason: string } };

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
      const { voter, earlier } = command.data;
      const weighed = weighVote(voter, account_id, now, earlier);
      return [
        {
          type: 'VoteCast',
          data: { ...base, launch_week: week, voter, ...weighed, rules_version: RANKING_RULES_VERSION },
        },
      ];
    }
    case 'DiscountVote': {
      // only a standing vote, and only to count less or for a stronger reason: a replay changes nothing
      const { weight, reason } = command.data;
      if (!state.voted) return [];
      if (weight >= state.voteWeight && reasonRank(reason) >= reasonRank(state.voteReason)) return [];
      return [{ type: 'VoteDiscounted', data: { ...base, weight, reason, rules_version: RANKING_RULES_VERSION } }];
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
      return [{ type: 'ReviewRestored', data: { ...base, by: command.data.by, reason: command.data.reason } }];
    default: {
      const never: never = command;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
};

export const engagementDecider: Decider<EngagementCommand, Engagement, EngagementEvent> = {
  initialState: initialEngagement,
  evolve: evolveEngagement,
  decide: decideEngagement,
};
