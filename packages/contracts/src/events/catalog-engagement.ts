import Type from 'typebox';
import { VOTE_INTEGRITY_REASONS } from '../catalog-ranking.ts';
import { event, upcaster } from './event-schema.ts';
import { AccountId, At, data, ListingId, WeekStart } from './fields.ts';

const PersonOnListing = data({ listing_id: ListingId, account_id: AccountId, at: At });
const VoteCastV2 = data({
  listing_id: ListingId,
  account_id: AccountId,
  launch_week: Type.Union([WeekStart, Type.Null()], {
    description: "the listing's launch week when the vote was cast (one vote per person per listing per launch week)",
  }),
  at: At,
});
const RulesVersion = Type.Integer({ minimum: 1, description: 'the ranking rules version that weighed the vote' });
const IntegrityReason = Type.Union([Type.Enum([...VOTE_INTEGRITY_REASONS]), Type.Null()], {
  description: 'why the vote counts less (the ranking rules); null: counted in full',
});
const VoteCastV3 = data({
  ...VoteCastV2.properties,
  voter: data(
    {
      account_created_at: Type.Union([At, Type.Null()], {
        description: "when the voter's account was made (identity); null: not known (votes before rules 2)",
      }),
      email_disposable: Type.Boolean({
        description: "whether the voter's email domain is a disposable one (a maintained list)",
      }),
      suspended: Type.Boolean({ description: 'whether the operators had suspended the account' }),
      network: Type.Union([Type.String(), Type.Null()], {
        description:
          "a keyed hash (HMAC-SHA256, the catalog's `vote-network` key) of the voter's IPv4 /24 or IPv6 /48; never the address; null: not known",
      }),
    },
    'what the ranking rules look at, as the web edge and identity told it when the vote was cast',
  ),
  weight: Type.Number({ minimum: 0, maximum: 1, description: 'what the vote counts for, as cast' }),
  reason: IntegrityReason,
  rules_version: RulesVersion,
});

const ReviewRestoredV1 = data({
  listing_id: ListingId,
  account_id: Type.String({ description: "the review's author" }),
  by: Type.String({ description: 'who moderated' }),
  at: At,
});
const ReviewRestoredV2 = data({
  ...ReviewRestoredV1.properties,
  reason: Type.String({ description: "the operator's reason (empty: none given)" }),
});

const ListingViewedV1 = data({
  listing_id: ListingId,
  count: Type.Integer({ minimum: 1, description: 'views counted' }),
  at: At,
});
const ListingViewedV2 = data({
  ...ListingViewedV1.properties,
  visitor: Type.Union([Type.String(), Type.Null()], {
    description:
      "the hash of the visitor counted (one view; a network's stream counts each visitor once); null for bulk counts",
  }),
});

const ListingViewedV3 = data({
  ...ListingViewedV2.properties,
  referrer: Type.Union([Type.String(), Type.Null()], {
    description:
      'the host of the page the visitor came from (its host only: never its path or query), `direct` when the request named none; null for bulk counts and views counted before referrers were kept',
  }),
});

/** Catalog's engagement events: votes, follows, reviews (replies, reports, moderation) and views. */
export const catalogEngagementEvents = [
  event('VoteCast', {
    stream: 'engagement',
    version: 3,
    description:
      'A person voted for a listing, for its launch week, weighed by the ranking rules as it was cast (the facts they looked at recorded with it).',
    data: VoteCastV3,
    upcasters: [
      upcaster({
        from: 1,
        data: PersonOnListing,
        to: VoteCastV2,
        description:
          'v1 did not say which launch week the vote was for. Lifted with `launch_week: null` (one vote per person per listing, as the rule then was); nothing is rewritten in the log.',
        upcast: (v1) => ({ ...v1, launch_week: null }),
      }),
      upcaster({
        from: 2,
        data: VoteCastV2,
        to: VoteCastV3,
        description:
          'v2 recorded no facts about the voter and no weight: every vote counted 1 (ranking rules 1). Lifted with nothing known of the voter, weight 1, no reason, rules version 1; nothing is rewritten in the log.',
        upcast: (v2) => ({
          ...v2,
          voter: { account_created_at: null, email_disposable: false, suspended: false, network: null },
          weight: 1,
          reason: null,
          rules_version: 1,
        }),
      }),
    ],
  }),
  event('VoteDiscounted', {
    stream: 'engagement',
    description:
      "A standing vote was discounted after it was cast: later votes made it part of a burst, or the operators suspended the voter's account. It stays in the ledger with the change.",
    data: data({
      listing_id: ListingId,
      account_id: AccountId,
      weight: Type.Number({ minimum: 0, maximum: 1, description: 'what the vote counts for from now on' }),
      reason: Type.Enum([...VOTE_INTEGRITY_REASONS]),
      rules_version: RulesVersion,
      at: At,
    }),
  }),
  event('VoteWithdrawn', {
    stream: 'engagement',
    description: 'A person took back their vote.',
    data: PersonOnListing,
  }),
  event('ListingFollowed', {
    stream: 'engagement',
    description: 'A person followed a listing.',
    data: PersonOnListing,
  }),
  event('ListingUnfollowed', {
    stream: 'engagement',
    description: 'A person stopped following a listing.',
    data: PersonOnListing,
  }),
  event('ReviewSubmitted', {
    stream: 'engagement',
    description: "A person reviewed a live listing; a later review replaces the person's earlier one.",
    data: data({
      listing_id: ListingId,
      account_id: AccountId,
      rating: Type.Integer({ description: 'stars, 1 to 5' }),
      body: Type.String(),
      at: At,
    }),
  }),
  event('ReviewReplied', {
    stream: 'engagement',
    description: "An owner of the listing replied to a person's review; a later reply replaces it.",
    data: data({
      listing_id: ListingId,
      account_id: Type.String({ description: "the review's author (the stream's person)" }),
      by: Type.String({ description: 'the owner who replied' }),
      body: Type.String(),
      at: At,
    }),
  }),
  event('ReviewReported', {
    stream: 'engagement',
    description: 'A signed-in person reported a review to the moderators (once per reporter).',
    data: data({
      listing_id: ListingId,
      account_id: Type.String({ description: "the review's author" }),
      reported_by: Type.String({
        description:
          'the account that reported; reports stored before anonymous reports were refused may say `visitor:<id>`',
      }),
      reason: Type.String(),
      at: At,
    }),
  }),
  event('ReviewRemoved', {
    stream: 'engagement',
    description: 'An operator took a review down: it no longer counts or shows.',
    data: data({
      listing_id: ListingId,
      account_id: Type.String({ description: "the review's author" }),
      by: Type.String({ description: 'who moderated (e.g. `operator`)' }),
      reason: Type.String(),
      at: At,
    }),
  }),
  event('ReviewRestored', {
    stream: 'engagement',
    version: 2,
    description: 'An operator put a review taken down back up.',
    data: ReviewRestoredV2,
    upcasters: [
      upcaster({
        from: 1,
        data: ReviewRestoredV1,
        to: ReviewRestoredV2,
        description:
          'v1 carried no reason (the CLI\'s `reviews restore` asked for none). Lifted with `reason: ""`; nothing is rewritten in the log.',
        upcast: (v1) => ({ ...v1, reason: '' }),
      }),
    ],
  }),
  event('DailyQuotaUsed', {
    stream: 'daily',
    description:
      "One more review report counted against the account's allowance for the UTC day (REPORTS_PER_ACCOUNT_PER_DAY); the same review counts once.",
    data: data({
      account_id: AccountId,
      day: Type.String({ description: 'the UTC day, yyyy-mm-dd' }),
      key: Type.String({ description: "what was counted: the review (`<listing_id>_<author's account id>`)" }),
      at: At,
    }),
  }),
  event('ListingViewed', {
    stream: 'views',
    version: 3,
    description: 'Page views of a listing were counted.',
    data: ListingViewedV3,
    upcasters: [
      upcaster({
        from: 1,
        data: ListingViewedV1,
        to: ListingViewedV2,
        description:
          'v1 did not say whose view it was (its stream named the visitor). Lifted with `visitor: null`; nothing is rewritten in the log.',
        upcast: (v1) => ({ ...v1, visitor: null }),
      }),
      upcaster({
        from: 2,
        data: ListingViewedV2,
        to: ListingViewedV3,
        description:
          'v2 did not say where the visitor came from. Lifted with `referrer: null` (unknown, not `direct`); nothing is rewritten in the log.',
        upcast: (v2) => ({ ...v2, referrer: null }),
      }),
    ],
  }),
  event('OutboundClicked', {
    stream: 'clicks',
    description:
      "A visitor followed a listing's outbound link (`/go/{slug}`) to its site: once per visitor per listing per UTC day, known bots left out.",
    data: data({ listing_id: ListingId, at: At }),
  }),
] as const;
