import { RANKING_RULES_VERSION, type VoteIntegrityReason } from '@listings/contracts';
import { deciderSpec } from '@listings/platform/decider/specification';
import { ConflictError, NotFoundError, ValidationError } from '@listings/platform/errors';
import { describe, it } from 'vitest';
import { engagementDecider, ForbiddenError } from './decide.ts';

const spec = deciderSpec(engagementDecider);
const NOW = '2026-11-18T10:00:00.000Z'; // a Wednesday
const WEEK = '2026-11-16';
const listing = { listing_id: 7, status: 'live', owners: ['owner-1'], launch_week: WEEK };
const who = { listing, account_id: 'person-1', now: NOW };
const OLD = '2025-01-01T00:00:00.000Z';
const facts = { account_created_at: OLD, email_disposable: false, suspended: false, network: 'net-a' };
const voter = { ...who, email_confirmed: true, voter: facts, earlier: [] };
const base = { listing_id: 7, account_id: 'person-1', at: NOW };
const weighed = { voter: facts, weight: 1, reason: null, rules_version: RANKING_RULES_VERSION };
const cast = { type: 'VoteCast' as const, data: { ...base, launch_week: WEEK, ...weighed } };

describe('engagement decider: votes', () => {
  it('given no vote when a person with a confirmed email votes then the vote is cast for the launch week', () =>
    spec.given([]).when({ type: 'CastVote', data: voter }).then([cast]));
  it('given a vote for this launch week when the same person votes again then nothing (one vote per launch week)', () =>
    spec.given([cast]).when({ type: 'CastVote', data: voter }).then([]));
  it('given a vote for an earlier launch week when the listing launches in another week then the person may vote again', () =>
    spec
      .given([{ type: 'VoteCast', data: { ...base, launch_week: '2026-10-05', ...weighed } }])
      .when({ type: 'CastVote', data: voter })
      .then([cast]));
  it('given an unconfirmed email when the person votes then forbidden', () =>
    spec
      .given([])
      .when({ type: 'CastVote', data: { ...voter, email_confirmed: false } })
      .thenThrows(ForbiddenError));
  it('given an owner when they vote for their own listing then forbidden', () =>
    spec
      .given([])
      .when({ type: 'CastVote', data: { ...voter, account_id: 'owner-1' } })
      .thenThrows(ForbiddenError));
  it('given a draft listing when someone votes then invalid', () =>
    spec
      .given([])
      .when({ type: 'CastVote', data: { ...voter, listing: { ...listing, status: 'draft' } } })
      .thenThrows(ValidationError));
  it('given a scheduled listing when someone votes then the vote counts', () =>
    spec
      .given([])
      .when({ type: 'CastVote', data: { ...voter, listing: { ...listing, status: 'scheduled' } } })
      .then([cast]));
  it('given a vote when withdrawn while the launch week runs then it is withdrawn, and can be cast again', () => {
    spec
      .given([cast])
      .when({ type: 'WithdrawVote', data: who })
      .then([{ type: 'VoteWithdrawn', data: base }]);
    spec
      .given([cast, { type: 'VoteWithdrawn', data: base }])
      .when({ type: 'CastVote', data: voter })
      .then([cast]);
  });
  it('given a vote when withdrawn after its launch week ended then conflict (the week’s votes are final)', () =>
    spec
      .given([cast])
      .when({ type: 'WithdrawVote', data: { ...who, now: '2026-11-23T00:00:00.000Z' } })
      .thenThrows(ConflictError));
  it('given a vote for a listing without a launch week when withdrawn later then it is withdrawn', () =>
    spec
      .given([{ type: 'VoteCast', data: { ...base, launch_week: null, ...weighed } }])
      .when({ type: 'WithdrawVote', data: { ...who, now: '2027-01-01T00:00:00.000Z' } })
      .then([{ type: 'VoteWithdrawn', data: { ...base, at: '2027-01-01T00:00:00.000Z' } }]));
  it('given no vote when withdrawn then nothing', () =>
    spec.given([]).when({ type: 'WithdrawVote', data: who }).then([]));
});

describe('engagement decider: votes weighed by the ranking rules (vote integrity)', () => {
  const castWith = (voterFacts: typeof facts, weight: number, reason: VoteIntegrityReason | null) => ({
    type: 'VoteCast' as const,
    data: { ...base, launch_week: WEEK, voter: voterFacts, weight, reason, rules_version: RANKING_RULES_VERSION },
  });
  const young = { ...facts, account_created_at: '2026-11-16T10:00:00.000Z' }; // two days old at NOW
  /** `n` standing votes on the listing from others, cast `minutesAgo` before NOW */
  const others = (n: number, minutesAgo: number, what: { network?: string; created?: string } = {}) =>
    Array.from({ length: n }, (_, i) => ({
      account_id: `other-${i}`,
      cast_at: new Date(Date.parse(NOW) - minutesAgo * 60_000).toISOString(),
      withdrawn_at: null,
      network: what.network ?? `net-${i}`,
      account_created_at: what.created ?? OLD,
    }));

  it('given an old account on its own network when it votes then the vote counts 1 with no reason', () =>
    spec
      .given([])
      .when({ type: 'CastVote', data: { ...voter, earlier: others(5, 10) } })
      .then([castWith(facts, 1, null)]));
  it('given an account younger than the rules days when it votes then it counts 0: young_account', () =>
    spec
      .given([])
      .when({ type: 'CastVote', data: { ...voter, voter: young } })
      .then([castWith(young, 0, 'young_account')]));
  it('given an account just older than the rules days when it votes then it counts 1', () => {
    const older = { ...facts, account_created_at: '2026-11-15T09:59:59.000Z' };
    spec
      .given([])
      .when({ type: 'CastVote', data: { ...voter, voter: older } })
      .then([castWith(older, 1, null)]);
  });
  it('given an email at a disposable domain when the person votes then it counts 0: disposable_email', () => {
    const disposable = { ...facts, email_disposable: true };
    spec
      .given([])
      .when({ type: 'CastVote', data: { ...voter, voter: disposable } })
      .then([castWith(disposable, 0, 'disposable_email')]);
  });
  it('given a suspended account when it votes then it counts 0: account_suspended (the strongest reason)', () => {
    const suspended = { ...young, suspended: true, email_disposable: true };
    spec
      .given([])
      .when({ type: 'CastVote', data: { ...voter, voter: suspended } })
      .then([castWith(suspended, 0, 'account_suspended')]);
  });
  it('given the rules votes from one network on the listing within the window when one more comes from it then network_burst', () =>
    spec
      .given([])
      .when({ type: 'CastVote', data: { ...voter, earlier: others(3, 30, { network: 'net-a' }) } })
      .then([castWith(facts, 0, 'network_burst')]));
  it('given as many votes from the network but older than the window, or one fewer, then the vote counts 1', () => {
    spec
      .given([])
      .when({ type: 'CastVote', data: { ...voter, earlier: others(3, 61, { network: 'net-a' }) } })
      .then([castWith(facts, 1, null)]);
    spec
      .given([])
      .when({ type: 'CastVote', data: { ...voter, earlier: others(2, 5, { network: 'net-a' }) } })
      .then([castWith(facts, 1, null)]);
  });
  it('given the rules fresh accounts voted within the window when one more fresh account votes then fresh_account_burst', () =>
    spec
      .given([])
      .when({
        type: 'CastVote',
        data: { ...voter, voter: young, earlier: others(3, 20, { created: '2026-11-17T00:00:00.000Z' }) },
      })
      .then([castWith(young, 0, 'fresh_account_burst')]));
  it('given fresh accounts voted within the window when an old account votes then it counts 1', () =>
    spec
      .given([])
      .when({ type: 'CastVote', data: { ...voter, earlier: others(6, 20, { created: '2026-11-17T00:00:00.000Z' }) } })
      .then([castWith(facts, 1, null)]));

  const discount = (reason: 'network_burst' | 'account_suspended' | 'fresh_account_burst') => ({
    type: 'DiscountVote' as const,
    data: { ...who, weight: 0, reason },
  });
  const discounted = (reason: VoteIntegrityReason) => ({
    type: 'VoteDiscounted' as const,
    data: { ...base, weight: 0, reason, rules_version: RANKING_RULES_VERSION },
  });
  it('given a standing vote counted in full when a later burst discounts it then VoteDiscounted', () =>
    spec
      .given([cast])
      .when(discount('network_burst'))
      .then([discounted('network_burst')]));
  it('given a vote discounted already for the same or a stronger reason when discounted again then nothing', () => {
    spec
      .given([cast, discounted('network_burst')])
      .when(discount('network_burst'))
      .then([]);
    spec
      .given([cast, discounted('account_suspended')])
      .when(discount('network_burst'))
      .then([]);
  });
  it('given a young account’s vote when a fresh-account burst discounts it then the stronger reason is recorded', () =>
    spec
      .given([castWith(young, 0, 'young_account')])
      .when(discount('fresh_account_burst'))
      .then([discounted('fresh_account_burst')]));
  it('given no standing vote (none, or withdrawn) when discounted then nothing', () => {
    spec.given([]).when(discount('account_suspended')).then([]);
    spec
      .given([cast, { type: 'VoteWithdrawn', data: base }])
      .when(discount('account_suspended'))
      .then([]);
  });
});

describe('engagement decider: follows', () => {
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
});

describe('engagement decider: reviews', () => {
  const review = { ...who, rating: 4, body: 'good', email_confirmed: true };
  const submitted = { type: 'ReviewSubmitted' as const, data: { ...base, rating: 4, body: 'good' } };
  const removed = {
    type: 'ReviewRemoved' as const,
    data: { ...base, by: 'operator', reason: 'spam' },
  };
  it('given a live listing when a non-owner with a confirmed email reviews then the review counts', () =>
    spec.given([]).when({ type: 'SubmitReview', data: review }).then([submitted]));
  it('given a review when the same person reviews again then it is edited (still one each)', () =>
    spec
      .given([submitted])
      .when({ type: 'SubmitReview', data: { ...review, rating: 2 } })
      .then([{ type: 'ReviewSubmitted', data: { ...base, rating: 2, body: 'good' } }]));
  it('given an unconfirmed email when the person reviews then forbidden', () =>
    spec
      .given([])
      .when({ type: 'SubmitReview', data: { ...review, email_confirmed: false } })
      .thenThrows(ForbiddenError));
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
  it('given a review taken down when its author edits it then conflict', () =>
    spec.given([submitted, removed]).when({ type: 'SubmitReview', data: review }).thenThrows(ConflictError));

  it('given a review when an owner replies then the reply is recorded; anyone else is forbidden', () => {
    spec
      .given([submitted])
      .when({ type: 'ReplyToReview', data: { ...who, by: 'owner-1', body: 'thanks' } })
      .then([{ type: 'ReviewReplied', data: { ...base, by: 'owner-1', body: 'thanks' } }]);
    spec
      .given([submitted])
      .when({ type: 'ReplyToReview', data: { ...who, by: 'person-2', body: 'me too' } })
      .thenThrows(ForbiddenError);
  });
  it('given no review when an owner replies then not found', () =>
    spec
      .given([])
      .when({ type: 'ReplyToReview', data: { ...who, by: 'owner-1', body: 'thanks' } })
      .thenThrows(NotFoundError));

  it('given a review when someone reports it then the report is recorded, once per reporter', () => {
    const report = { ...who, reported_by: 'person-9', reason: 'fake' };
    const reported = { type: 'ReviewReported' as const, data: { ...base, reported_by: 'person-9', reason: 'fake' } };
    spec.given([submitted]).when({ type: 'ReportReview', data: report }).then([reported]);
    spec.given([submitted, reported]).when({ type: 'ReportReview', data: report }).then([]);
  });

  it('given a review when an operator removes it then it is down; again then nothing; restored then it is up', () => {
    const remove = { ...who, by: 'operator', reason: 'spam' };
    spec.given([submitted]).when({ type: 'RemoveReview', data: remove }).then([removed]);
    spec.given([submitted, removed]).when({ type: 'RemoveReview', data: remove }).then([]);
    spec
      .given([submitted, removed])
      .when({ type: 'RestoreReview', data: { ...who, by: 'operator', reason: 'a fair review after all' } })
      .then([{ type: 'ReviewRestored', data: { ...base, by: 'operator', reason: 'a fair review after all' } }]);
    spec
      .given([submitted])
      .when({ type: 'RestoreReview', data: { ...who, by: 'operator', reason: '' } })
      .then([]);
  });
});
