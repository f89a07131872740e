import Type from 'typebox';
import { catalogEngagementEvents } from './catalog-engagement.ts';
import { ACCOUNT_MODERATION_STREAM, catalogModerationEvents } from './catalog-moderation.ts';
import { catalogContentEvents, catalogSiteEvents } from './catalog-site.ts';
import { catalogWebhookEvents, WEBHOOK_INDEX_STREAM, WEBHOOKS_STREAM } from './catalog-webhooks.ts';
import { event, serviceEvents, upcaster } from './event-schema.ts';
import { AccountId, At, Cents, data, IsoDay, ListingId, WeekStart } from './fields.ts';

const ListingStatus = Type.Enum(['draft', 'awaiting_badge', 'scheduled', 'live', 'rejected', 'archived'], {
  description: 'the listing status (docs/api-decisions.md)',
});
const Milestone = data({
  id: Type.Integer({ description: 'the milestone id within the listing, never reused' }),
  date: IsoDay,
  title: Type.String(),
  description: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
});
const ListingFeaturedV1 = data({ listing_id: ListingId, at: At });
const ListingFeaturedV2 = data({
  listing_id: ListingId,
  operator: Type.Union([AccountId, Type.Null()], {
    description: 'the operator who featured it; null: the site itself (the demo)',
  }),
  reason: Type.String({ description: "the operator's reason (empty: none given)" }),
  at: At,
});
/** Catalog: listings, categories, launches, engagement, blog, awards and site settings. */
export const catalogEvents = serviceEvents({
  service: 'catalog',
  description: 'Listings and their launches, categories, votes, follows, reviews, views, blog posts, awards.',
  streams: [
    {
      category: 'listing',
      pattern: 'listing-<listing_id>',
      description: 'one listing: its profile, plan, launch, status',
    },
    {
      category: 'listingslug',
      pattern: 'listingslug-<slug>',
      description: 'holds a slug for one listing: created with no_stream, so a slug is taken once',
    },
    {
      category: 'draftlisting',
      pattern: 'draftlisting-<draft_id>',
      description:
        'which listing a draft made: claimed with no_stream before the listing is created, so a draft makes one listing',
    },
    { category: 'category', pattern: 'category-<slug>', description: 'one category of the directory' },
    { category: 'blogpost', pattern: 'blogpost-<slug>', description: 'one blog post' },
    {
      category: 'engagement',
      pattern: 'engagement-<listing_id>_<account_id>',
      description:
        "one person's vote, follow and review of one listing (account id URI-encoded), with the review's replies, reports and moderation",
    },
    {
      category: 'views',
      pattern: 'views-<listing_id>_<day>_net-<network hash>',
      description:
        'the visitors of one listing on one UTC day from one network (IPv4 /24, IPv6 /64): one ListingViewed per visitor, at most VIEWERS_PER_NETWORK_PER_DAY; `views-<listing_id>` holds bulk counts (the demo); `views-<listing_id>_<day>_<visitor hash>` (one visitor, one view) were written before the network rule',
    },
    {
      category: 'clicks',
      pattern: 'clicks-<listing_id>_<day>_<visitor hash>',
      description:
        "one visitor's clicks on one listing's outbound link on one UTC day: at most one OutboundClicked (the visitor hash is a keyed HMAC, no address)",
    },
    {
      category: 'daily',
      pattern: 'daily-reports-<account_id>-<yyyy-mm-dd>',
      description: "one account's review reports of one UTC day: the rule REPORTS_PER_ACCOUNT_PER_DAY",
    },
    { category: 'interview', pattern: 'interview-<account_id>', description: "one founder's interview answers" },
    {
      category: 'report',
      pattern: 'report-<listing_id>_<review author or "listing">_<reporter account_id>',
      description:
        "one person's report of one listing or review (account ids URI-encoded): so a second report is refused",
    },
    { category: 'weekawards', pattern: 'weekawards-<week_start>', description: 'Launch of the Week awards' },
    {
      category: 'rankingrules',
      pattern: 'rankingrules-published',
      description: 'the versions of the published ranking rules, each as it took effect',
    },
    { category: 'settings', pattern: 'settings-site', description: 'the site settings, one stream' },
    WEBHOOKS_STREAM,
    WEBHOOK_INDEX_STREAM,
    ACCOUNT_MODERATION_STREAM,
  ],
  events: [
    event('ListingCreated', {
      stream: 'listing',
      description: 'A listing was created from a submitted draft (status draft until a plan is chosen).',
      data: data({
        listing_id: ListingId,
        slug: Type.String({ description: 'the slug reserved for it (listingslug stream)' }),
        draft_id: Type.String({ description: 'the drafting service draft it came from' }),
        owners: Type.Array(AccountId, { description: 'accounts that own the listing' }),
        status: Type.Literal('draft', { description: 'always draft: a new listing waits for a plan' }),
        at: At,
      }),
    }),
    event('ListingProfileSaved', {
      stream: 'listing',
      description: "The draft's profile was saved into the listing (on submit and on every later draft save).",
      data: data({
        listing_id: ListingId,
        profile: Type.Object(
          {},
          {
            additionalProperties: true,
            description:
              'the profile as the draft held it (fields and sections of the listing draft profile: name, tagline, socials, faqs, founders, milestones, ...)',
          },
        ),
        categories: Type.Array(Type.String(), { description: 'category slugs, the primary one first' }),
        at: At,
      }),
    }),
    event('LaunchScheduled', {
      stream: 'listing',
      description: 'The listing got a launch week, free (queued) or paid.',
      data: data({
        listing_id: ListingId,
        launch_week: WeekStart,
        plan: Type.Enum(['none', 'free', 'paid'], {
          description: 'free: queued weeks out, live once the badge is found; paid: bought through commerce',
        }),
        at: At,
      }),
    }),
    event('ListingStatusChanged', {
      stream: 'listing',
      description: 'The listing moved to another status.',
      data: data({ listing_id: ListingId, status: ListingStatus, at: At }),
    }),
    event('PaidSectionsUnlocked', {
      stream: 'listing',
      description: 'A paid launch unlocked the paid profile sections.',
      data: data({ listing_id: ListingId, at: At }),
    }),
    event('ExtraCategoriesChosen', {
      stream: 'listing',
      description: 'The extra categories bought with a paid launch; they replace the draft extras for good.',
      data: data({
        listing_id: ListingId,
        categories: Type.Array(Type.String(), { description: 'extra category slugs, after the primary one' }),
        at: At,
      }),
    }),
    event('ListingUpdatePosted', {
      stream: 'listing',
      description: 'An owner posted an update (news) on the listing; followers are notified.',
      data: data({ listing_id: ListingId, title: Type.String(), body: Type.String(), at: At }),
    }),
    event('DomainRatingRecorded', {
      stream: 'listing',
      description: "The website's domain rating on a day.",
      data: data({
        listing_id: ListingId,
        value: Type.Number({ description: 'domain rating, 0 to 100' }),
        date: IsoDay,
      }),
    }),
    event('RevenueRecorded', {
      stream: 'listing',
      description: 'Monthly recurring revenue reported for the listing on a day.',
      data: data({ listing_id: ListingId, mrr_cents: Cents, date: IsoDay }),
    }),
    event('PaidLaunchRecorded', {
      stream: 'listing',
      description:
        "A paid order bought the listing's launch (events.commerce.order_paid); the listing is published on the paid plan for that order. The same order again changes nothing.",
      data: data({
        listing_id: ListingId,
        order_number: Type.String({ description: 'the commerce order that paid' }),
        launch_week: Type.Union([WeekStart, Type.Null()], { description: 'the chosen week, or null: live at once' }),
        at: At,
      }),
    }),
    event('PaidLaunchRefused', {
      stream: 'listing',
      description:
        "The catalog could not carry out a paid order's launch (e.g. the listing was archived or is already live on the free plan); commerce records the line as needing a refund.",
      data: data({
        listing_id: ListingId,
        order_number: Type.String({ description: 'the commerce order that paid' }),
        reason: Type.String({ description: 'why, in words for the buyer' }),
        at: At,
      }),
    }),
    event('BillboardContributed', {
      stream: 'listing',
      description: 'A paid billboard order contributed to the listing.',
      data: data({
        listing_id: ListingId,
        order_number: Type.String({ description: 'the commerce order number' }),
        amount_cents: Cents,
        at: At,
      }),
    }),
    event('ListingVerified', {
      stream: 'listing',
      description:
        'A verified claim made the claimant an owner of the listing (its only owner when they were not one: ListingOwnersReplaced follows).',
      data: data({ listing_id: ListingId, account_id: AccountId, at: At }),
    }),
    event('ListingOwnersReplaced', {
      stream: 'listing',
      description:
        "Ownership followed a verified claim: the claimant was not an owner, so the listing's owners are now the claimant alone and every earlier owner lost its rights (owned-listing operations, the draft that made the listing no longer publishes to it, orders for it). Appended with the ListingVerified it follows. Removed owners are mailed once (catalog-ownership-mail).",
      data: data({
        listing_id: ListingId,
        owners: Type.Array(AccountId, { description: 'the owners from now on: the verified claimant' }),
        removed: Type.Array(AccountId, { description: 'the owners before, who are owners no more' }),
        at: At,
      }),
    }),
    event('ListingFeatured', {
      stream: 'listing',
      version: 2,
      description: 'The site team featured the listing (an operator, with a reason, from the console or the API).',
      data: ListingFeaturedV2,
      upcasters: [
        upcaster({
          from: 1,
          data: ListingFeaturedV1,
          to: ListingFeaturedV2,
          description:
            'v1 said nobody and no reason (the demo catalog featured listings). Lifted with `operator: null`, `reason: ""`; nothing is rewritten in the log.',
          upcast: (v1) => ({ ...v1, operator: null, reason: '' }),
        }),
      ],
    }),
    event('AlternativeApproved', {
      stream: 'listing',
      description: 'Another listing was approved as an alternative to this one.',
      data: data({ listing_id: ListingId, alternative_id: ListingId, at: At }),
    }),
    event('ListingEdited', {
      stream: 'listing',
      description: 'An owner edited the listing (update_my_listing); only the keys that changed.',
      data: data({
        listing_id: ListingId,
        account_id: AccountId,
        version: Type.Integer({ description: "the listing's edit version after this edit (optimistic concurrency)" }),
        before: Type.Record(Type.String(), Type.Unknown(), { description: 'changed keys: their values before' }),
        after: Type.Record(Type.String(), Type.Unknown(), { description: 'changed keys: their new values' }),
        at: At,
      }),
    }),
    event('FollowerNotified', {
      stream: 'listing',
      description: 'A follower was told about a listing update.',
      data: data({
        listing_id: ListingId,
        account_id: AccountId,
        update_title: Type.String({ description: 'the title of the update they were told about' }),
        at: At,
      }),
    }),
    event('MilestoneAdded', {
      stream: 'listing',
      description: 'An owner added a milestone.',
      data: data({ listing_id: ListingId, milestone: Milestone, at: At }),
    }),
    event('MilestoneDeleted', {
      stream: 'listing',
      description: 'An owner deleted a milestone.',
      data: data({
        listing_id: ListingId,
        milestone_id: Type.Integer({ description: 'the id MilestoneAdded gave it' }),
        at: At,
      }),
    }),
    event('FounderStorySet', {
      stream: 'listing',
      description: "An owner set the listing's founder story.",
      data: data({
        listing_id: ListingId,
        story: Type.Record(Type.String(), Type.String(), { description: 'story section -> text' }),
        at: At,
      }),
    }),
    event('BadgeFound', {
      stream: 'listing',
      description: "The badge check found the site's badge on the listing's website (free plan).",
      data: data({ listing_id: ListingId, at: At }),
    }),
    event('ListingSlugReserved', {
      stream: 'listingslug',
      description: 'A slug was taken for a listing (appended with the expected revision: one holder at a time).',
      data: data({
        slug: Type.String({ description: 'the slug taken (its stream id)' }),
        listing_id: ListingId,
        reservation_id: Type.Optional(
          Type.String({ description: "the reserving writer's own id (absent on reservations never released)" }),
        ),
      }),
    }),
    event('ListingSlugReleased', {
      stream: 'listingslug',
      description:
        'A reservation was given back: the listing id it was for was taken by another catalog replica first.',
      data: data({
        slug: Type.String({ description: 'the slug (its stream id)' }),
        listing_id: ListingId,
        reservation_id: Type.Optional(Type.String({ description: 'the reservation released' })),
      }),
    }),
    event('DraftListingClaimed', {
      stream: 'draftlisting',
      description:
        "A listing id was claimed for a draft's listing, before `listing-<id>` is created (appended with the expected revision: of two creates for one draft only one claims). The last claim names the draft's listing; a claim whose listing was never created is taken over by the next create for the draft.",
      data: data({
        draft_id: Type.String({ description: 'the drafting service draft (its stream id)' }),
        listing_id: ListingId,
        reservation_id: Type.String({
          description: "the slug reservation id every writer creating this listing uses (ListingSlugReserved's)",
        }),
        replaces_listing_id: Type.Optional(
          Type.Integer({
            minimum: 1,
            description:
              "the id claimed before, which another draft's listing took first (two replicas gave it out at once)",
          }),
        ),
      }),
    }),
    ...catalogContentEvents,
    ...catalogEngagementEvents,
    ...catalogSiteEvents,
    ...catalogWebhookEvents,
    ...catalogModerationEvents,
  ],
});
