import { deciderSpec } from '@listings/platform/decider/specification';
import { ValidationError } from '@listings/platform/errors';
import { describe, it } from 'vitest';
import { engagementDecider, ForbiddenError, viewDecider } from './engagement.ts';

const spec = deciderSpec(engagementDecider);
const NOW = '2026-11-18T10:00:00.000Z';
const listing = { listing_id: 7, status: 'live', owners: ['owner-1'] };
const who = { listing, account_id: 'person-1', now: NOW };
const base = { listing_id: 7, account_id: 'person-1', at: NOW };

describe('engagement decider: votes, follows, reviews', () => {
  it('given no vote when a person votes then the vote is cast', () =>
    spec
      .given([])
      .when({ type: 'CastVote', data: who })
      .then([{ type: 'VoteCast', data: base }]));
  it('given a vote when the same person votes again then nothing (one vote per person)', () =>
    spec
      .given([{ type: 'VoteCast', data: base }])
      .when({ type: 'CastVote', data: who })
      .then([]));
  it('given a vote when withdrawn then it is withdrawn, and can be cast again', () => {
    spec
      .given([{ type: 'VoteCast', data: base }])
      .when({ type: 'WithdrawVote', data: who })
      .then([{ type: 'VoteWithdrawn', data: base }]);
    spec
      .given([
        { type: 'VoteCast', data: base },
        { type: 'VoteWithdrawn', data: base },
      ])
      .when({ type: 'CastVote', data: who })
      .then([{ type: 'VoteCast', data: base }]);
  });
  it('given no vote when withdrawn then nothing', () =>
    spec.given([]).when({ type: 'WithdrawVote', data: who }).then([]));
  it('given a draft listing when someone votes then invalid', () =>
    spec
      .given([])
      .when({ type: 'CastVote', data: { ...who, listing: { ...listing, status: 'draft' } } })
      .thenThrows(ValidationError));
  it('given a scheduled listing when someone votes then the vote counts', () =>
    spec
      .given([])
      .when({ type: 'CastVote', data: { ...who, listing: { ...listing, status: 'scheduled' } } })
      .then([{ type: 'VoteCast', data: base }]));

  it('given nothing when a person follows then followed; again then nothing', () => {
    spec
      .given([])
      .when({ type: 'Follow', data: who })
      .then([{ type: 'ListingFollowed', data: base }]);
    spec
      .given([{ type: 'ListingFollowed', data: base }])
      .when({ type: 'Follow', data: who })
      .then([]);
  });
  it('given a follow when unfollowed then unfollowed; not following then nothing', () => {
    spec
      .given([{ type: 'ListingFollowed', data: base }])
      .when({ type: 'Unfollow', data: who })
      .then([{ type: 'ListingUnfollowed', data: base }]);
    spec.given([]).when({ type: 'Unfollow', data: who }).then([]);
  });

  const review = { ...who, rating: 4, body: 'good' };
  it('given a live listing when a signed-in non-owner reviews then the review counts', () =>
    spec
      .given([])
      .when({ type: 'SubmitReview', data: review })
      .then([{ type: 'ReviewSubmitted', data: { ...base, rating: 4, body: 'good' } }]));
  it('given a review when the same person reviews again then it replaces theirs (still one each)', () =>
    spec
      .given([{ type: 'ReviewSubmitted', data: { ...base, rating: 4, body: 'good' } }])
      .when({ type: 'SubmitReview', data: { ...review, rating: 2 } })
      .then([{ type: 'ReviewSubmitted', data: { ...base, rating: 2, body: 'good' } }]));
  it('given an owner when they review their own listing then forbidden (not genuine)', () =>
    spec
      .given([])
      .when({ type: 'SubmitReview', data: { ...review, account_id: 'owner-1' } })
      .thenThrows(ForbiddenError));
  it('given a listing not live when reviewed then invalid', () =>
    spec
      .given([])
      .when({ type: 'SubmitReview', data: { ...review, listing: { ...listing, status: 'scheduled' } } })
      .thenThrows(ValidationError));
});

describe('view decider', () => {
  const views = deciderSpec(viewDecider);
  it('when views are recorded then they are counted', () =>
    views
      .given([])
      .when({ type: 'RecordViews', data: { listing_id: 7, count: 3, now: NOW } })
      .then([{ type: 'ListingViewed', data: { listing_id: 7, count: 3, at: NOW } }]));
  it('when zero views are recorded then invalid', () =>
    views
      .given([])
      .when({ type: 'RecordViews', data: { listing_id: 7, count: 0, now: NOW } })
      .thenThrows(ValidationError));
});
