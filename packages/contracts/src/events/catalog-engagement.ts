import Type from 'typebox';
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
    version: 2,
    description: 'A person voted for a listing, for its launch week.',
    data: VoteCastV2,
    upcasters: [
      upcaster({
        from: 1,
        data: PersonOnListing,
        to: VoteCastV2,
        description:
          'v1 did not say which launch week the vote was for. Lifted with `launch_week: null` (one vote per person per listing, as the rule then was); nothing is rewritten in the log.',
        upcast: (v1) => ({ ...v1, launch_week: null }),
      }),
    ],
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
    description: 'An operator put a review taken down back up.',
    data: data({
      listing_id: ListingId,
      account_id: Type.String({ description: "the review's author" }),
      by: Type.String({ description: 'who moderated' }),
      at: At,
    }),
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
