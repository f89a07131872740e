import Type, { type Static, type TObject, type TSchema } from 'typebox';
import { BADGE_MODES, BADGE_SHAPES, BADGE_SIZES, ListingStatus } from '../catalog.ts';
import { EXTRA_CATEGORIES_MAX, ORDER_ITEMS_MAX } from '../commerce.ts';
import { IsoDate, PositiveId, Slug, Uuid } from '../common.ts';
import { DRAFT_FIELD_KEYS, DraftFields, DraftPatch, submitListing } from '../drafting.ts';
import { getListingForClaim, recordVerifiedClaim } from './catalog-claims.ts';
import { recordOutboundClick } from './catalog-clicks.ts';
import { NETWORK_MAX_LENGTH, suspensionOperations, VOTE_RATE_LIMITS, VoterFacts } from './catalog-votes.ts';
import {
  DIRECT_REFERRER,
  REFERRER_HOST_MAX_LENGTH,
  ReferrerHost,
  USER_AGENT_MAX_LENGTH,
  VISITOR_MAX_LENGTH,
} from './visitor-limits.ts';

/**
 * Catalog's internal operations: not REST routes or MCP tools. Other services (drafting, commerce,
 * claims) and the website call them over the bus on `catalog.internal.<name>`. Votes, views,
 * follows and reviews come only from people on the site, so they exist only here.
 *
 * The request is the JSON object below (no envelope); the reply is `{ status, body }` or
 * `{ status, problem }` exactly like an operation reply (`OperationReply`).
 */
export interface InternalOperation<Req extends TObject = TObject, Rep extends TSchema = TSchema> {
  readonly name: string;
  /** `catalog.internal.<name>` */
  readonly subject: string;
  readonly description: string;
  readonly request: Req;
  readonly reply: Rep;
}

const defineInternal = <Req extends TObject, Rep extends TSchema>(input: {
  name: string;
  description: string;
  request: Req;
  reply: Rep;
}): InternalOperation<Req, Rep> => ({ ...input, subject: `catalog.internal.${input.name}` });

/** A person on the site (an account id from identity). */
const AccountId = Type.String({ minLength: 1, maxLength: 200 });

/** Sections of a draft besides `fields` that can be "not found on the website". */
export const PROFILE_SECTION_KEYS = [
  'faqs',
  'founders',
  'company_socials',
  'founder_socials',
  'story',
  'milestones',
  'competitor_url',
  'seo',
] as const;
export const NOT_FOUND_KEYS = [...DRAFT_FIELD_KEYS, ...PROFILE_SECTION_KEYS];

/**
 * A draft's profile values as the drafting service hands them over on submit. Every piece reuses
 * the draft's own schema (and so its limits); `url` is the draft's submitted url. `categories` are category NAMES as list_categories
 * shows them, the first being the primary one.
 */
export const ListingDraftProfile = Type.Object(
  {
    /** the product's website: the draft's submitted url */
    url: Type.Unsafe<string>((submitListing.body as TObject).properties.url as TSchema),
    ...DraftFields.properties,
    faqs: DraftPatch.properties.faqs,
    founders: DraftPatch.properties.founders,
    company_socials: DraftPatch.properties.company_socials,
    founder_socials: DraftPatch.properties.founder_socials,
    story: DraftPatch.properties.story,
    milestones: DraftPatch.properties.milestones,
    competitor_url: DraftPatch.properties.competitor_url,
    seo: DraftPatch.properties.seo,
    not_found_on_website: Type.Optional(
      Type.Array(Type.Enum([...NOT_FOUND_KEYS]), { maxItems: NOT_FOUND_KEYS.length, uniqueItems: true }),
    ),
  },
  { additionalProperties: false },
);
export type ListingDraftProfile = Static<typeof ListingDraftProfile>;

export const saveListingFromDraft = defineInternal({
  name: 'save_listing_from_draft',
  description:
    'Creates (listing_id null) or updates (listing_id set) the listing of a submitted draft. A new listing has status `draft`: saved, not published. Updating keeps the status. 404 for an unknown listing_id, 409 when the draft does not match the listing.',
  request: Type.Object(
    {
      listing_id: Type.Union([PositiveId, Type.Null()]),
      draft_id: Uuid,
      owner_account_ids: Type.Array(AccountId, { minItems: 1, maxItems: 20 }),
      profile: ListingDraftProfile,
    },
    { additionalProperties: false },
  ),
  reply: Type.Object({ listing_id: PositiveId, slug: Slug, status: ListingStatus }),
});

const PersonOnListing = Type.Object({ slug: Slug, account_id: AccountId }, { additionalProperties: false });
/**
 * Whether the person's email is confirmed, as identity told the web edge (`lookup_session`):
 * catalog refuses votes and reviews without it (403).
 */
const EmailConfirmed = Type.Boolean();

export const castVote = defineInternal({
  name: 'cast_vote',
  description:
    'A signed-in person with a confirmed email upvotes a live or scheduled listing that is not theirs: one vote per person per listing per launch week (again = no-op). 403 without a confirmed email or for an own listing. The rule is in docs/catalog.md.',
  request: Type.Object(
    { slug: Slug, account_id: AccountId, email_confirmed: EmailConfirmed, ...VoterFacts },
    { additionalProperties: false },
  ),
  reply: Type.Object({ slug: Slug, voted: Type.Boolean(), votes: Type.Integer({ minimum: 0 }) }),
});

export const withdrawVote = defineInternal({
  name: 'withdraw_vote',
  description:
    'Takes a person’s vote back while the launch week it was cast for runs (no vote = no-op); 409 once that week is over (its votes are final).',
  request: PersonOnListing,
  reply: castVote.reply,
});

export const followListing = defineInternal({
  name: 'follow_listing',
  description: 'A signed-in person follows a listing; once per person (again = no-op).',
  request: PersonOnListing,
  reply: Type.Object({ slug: Slug, following: Type.Boolean(), followers: Type.Integer({ minimum: 0 }) }),
});

export const unfollowListing = defineInternal({
  name: 'unfollow_listing',
  description: 'Stops following a listing (not following = no-op).',
  request: PersonOnListing,
  reply: followListing.reply,
});

export {
  DIRECT_REFERRER,
  NETWORK_MAX_LENGTH,
  REFERRER_HOST_MAX_LENGTH,
  USER_AGENT_MAX_LENGTH,
  VISITOR_MAX_LENGTH,
  VOTE_RATE_LIMITS,
};

/** the most page views one `record_views` request carries */
export const VIEWS_BATCH_MAX = 100;

/**
 * Bursts from one network are discounted: of the visitors of one listing on one UTC day who come
 * from one network (an IPv4 /24 or an IPv6 /64), at most this many are counted (docs/catalog.md).
 */
export const VIEWERS_PER_NETWORK_PER_DAY = 5;

export const PageView = Type.Object(
  {
    slug: Slug,
    /**
     * who is looking: `account:<id>` for someone signed in, else `cookie:<id>`, the random id of the
     * web edge's visitor cookie (set on a first visit)
     */
    visitor: Type.String({ minLength: 1, maxLength: VISITOR_MAX_LENGTH }),
    /** the client's network as the web edge sees it: `203.0.113.0/24`, `2001:db8:1:2::/64` */
    network: Type.String({ minLength: 1, maxLength: NETWORK_MAX_LENGTH }),
    user_agent: Type.Union([Type.String({ maxLength: USER_AGENT_MAX_LENGTH }), Type.Null()]),
    /** absent: not known */
    referrer: Type.Optional(ReferrerHost),
  },
  { additionalProperties: false },
);

export const recordViews = defineInternal({
  name: 'record_views',
  description:
    'Page views of listings by anyone (signed in or not), gathered by the web edge for a moment and sent together: each counted once per visitor per listing per UTC day, and of one network (IPv4 /24, IPv6 /64) at most VIEWERS_PER_NETWORK_PER_DAY visitors per listing per UTC day; known bots (by user agent), requests without a user agent and unknown slugs are not counted. `visitor` is the signed-in account or the random id of the visitor cookie; catalog hashes it and the network again before it names a stream. The reply has one item per view, in order.',
  request: Type.Object(
    { views: Type.Array(PageView, { minItems: 1, maxItems: VIEWS_BATCH_MAX }) },
    { additionalProperties: false },
  ),
  reply: Type.Object({
    items: Type.Array(Type.Object({ slug: Slug, counted: Type.Boolean(), views: Type.Integer({ minimum: 0 }) })),
  }),
});

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_BODY_MAX = 3000;
export const REVIEW_REPLY_MAX = 3000;
export const REVIEW_REPORT_REASON_MAX = 500;

const RatingSummary = Type.Object({
  average: Type.Union([Type.Number(), Type.Null()]),
  count: Type.Integer({ minimum: 0 }),
});

export const submitReview = defineInternal({
  name: 'submit_review',
  description:
    'A genuine review: by a signed-in person with a confirmed email who is not an owner of the listing, one per person (sending again edits that person’s review). 403 for owners or without a confirmed email; 409 when a moderator took the review down.',
  request: Type.Object(
    {
      slug: Slug,
      account_id: AccountId,
      email_confirmed: EmailConfirmed,
      rating: Type.Integer({ minimum: REVIEW_RATING_MIN, maximum: REVIEW_RATING_MAX }),
      body: Type.Optional(Type.String({ maxLength: REVIEW_BODY_MAX })),
    },
    { additionalProperties: false },
  ),
  reply: Type.Object({ slug: Slug, rating: RatingSummary }),
});

export const replyToReview = defineInternal({
  name: 'reply_to_review',
  description:
    'An owner of the listing replies to a review (replying again replaces the reply). 403 for anyone else; 404 when there is no such review.',
  request: Type.Object(
    {
      slug: Slug,
      /** the review's author */
      reviewer_id: AccountId,
      account_id: AccountId,
      body: Type.String({ minLength: 1, maxLength: REVIEW_REPLY_MAX }),
    },
    { additionalProperties: false },
  ),
  reply: Type.Object({ slug: Slug, reviewer_id: AccountId, replied: Type.Literal(true) }),
});

export const reportReview = defineInternal({
  name: 'report_review',
  description:
    'A signed-in person (the web edge asks anyone else to sign in) reports a review for the moderators: once per account per review (again = no-op, `reported: false`), at most REPORTS_PER_ACCOUNT_PER_DAY reviews per account per UTC day (429 past it). 404 when there is no such review.',
  request: Type.Object(
    {
      slug: Slug,
      reviewer_id: AccountId,
      /** the signed-in account that reports */
      reported_by: AccountId,
      reason: Type.String({ minLength: 1, maxLength: REVIEW_REPORT_REASON_MAX }),
    },
    { additionalProperties: false },
  ),
  reply: Type.Object({
    slug: Slug,
    reviewer_id: AccountId,
    /** true: recorded now; false: this account had reported the review already */
    reported: Type.Boolean(),
  }),
});

export const ReviewView = Type.Object({
  reviewer_id: AccountId,
  rating: Type.Integer(),
  body: Type.String(),
  at: Type.String(),
  reply: Type.Union([Type.Object({ body: Type.String(), at: Type.String() }), Type.Null()]),
});

export const listReviews = defineInternal({
  name: 'list_reviews',
  description:
    'The reviews of a listing that stand (not taken down), newest first, with the owner’s replies and the community rating computed from them. 404 for an unknown listing.',
  request: Type.Object({ slug: Slug }, { additionalProperties: false }),
  reply: Type.Object({ slug: Slug, rating: RatingSummary, reviews: Type.Array(ReviewView) }),
});

export const getEngagement = defineInternal({
  name: 'get_engagement',
  description:
    'What one person has done with a listing, for the buttons of its page: voted (for its current launch week), following, their review. 404 for an unknown listing.',
  request: PersonOnListing,
  reply: Type.Object({
    slug: Slug,
    voted: Type.Boolean(),
    votes: Type.Integer({ minimum: 0 }),
    following: Type.Boolean(),
    followers: Type.Integer({ minimum: 0 }),
    owner: Type.Boolean(),
    review: Type.Union([Type.Object({ rating: Type.Integer(), body: Type.String() }), Type.Null()]),
  }),
});

export const NOTIFICATIONS_MAX = 100;

export const listNotifications = defineInternal({
  name: 'list_notifications',
  description:
    'The updates of listings a person follows that they were told about (newest first, at most NOTIFICATIONS_MAX).',
  request: Type.Object({ account_id: AccountId }, { additionalProperties: false }),
  reply: Type.Object({
    notifications: Type.Array(
      Type.Object({
        slug: Slug,
        listing_name: Type.String(),
        update_title: Type.String(),
        at: Type.String(),
      }),
    ),
  }),
});

export const BILLBOARD_AMOUNT_MAX = 100_000_000;

export const markListingVerified = defineInternal({
  name: 'mark_listing_verified',
  description: 'The claims service verified an ownership claim: the listing earns the Verified badge.',
  request: Type.Object({ listing_id: PositiveId, account_id: AccountId }, { additionalProperties: false }),
  reply: Type.Object({ listing_id: PositiveId, verified: Type.Boolean() }),
});

export const getBadgeSvg = defineInternal({
  name: 'get_badge_svg',
  description:
    'The SVG image of one badge of a listing (served by the gateway at /badges/{slug}/{kind}.svg?shape=&mode=&size=). 404 when the listing is unknown or has not earned that badge.',
  request: Type.Object(
    {
      slug: Slug,
      kind: Slug,
      shape: Type.Optional(Type.Enum([...BADGE_SHAPES], { default: 'standard' })),
      mode: Type.Optional(Type.Enum([...BADGE_MODES], { default: 'auto' })),
      size: Type.Optional(Type.Enum([...BADGE_SIZES], { default: 'm' })),
    },
    { additionalProperties: false },
  ),
  reply: Type.Object({ svg: Type.String(), etag: Type.String() }),
});

export const getImage = defineInternal({
  name: 'get_image',
  description:
    "A listing logo from the images bucket, as the web edge serves it at /images/<digest>.png (as stored) or /images/<digest>/<size>.png (one of LOGO_SIZES): the PNG's bytes in base64. 404 when there is no such image or size.",
  request: Type.Object(
    {
      digest: Type.String({ pattern: '^[0-9a-f]{64}$', description: "the stored PNG's SHA-256, lowercase hex" }),
      size: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 4096, description: 'one of LOGO_SIZES; absent: as stored' }),
      ),
    },
    { additionalProperties: false },
  ),
  reply: Type.Object({ png_base64: Type.String(), etag: Type.String() }),
});

/** Commerce asks before it quotes or builds an order for a listing (added for the commerce service). */
export const describeListingForOrder = defineInternal({
  name: 'describe_listing_for_order',
  description:
    'The facts commerce needs about one listing of a buyer: its status, plan, launch week and primary category, and which of the `categories` asked about are not in the category tree. 404 when the listing is unknown OR not owned by `account_id` (the same answer, so ownership never leaks).',
  request: Type.Object(
    {
      listing_id: PositiveId,
      account_id: AccountId,
      /** category slugs an order would add to the listing: the reply names the unknown ones */
      categories: Type.Optional(Type.Array(Slug, { maxItems: ORDER_ITEMS_MAX * EXTRA_CATEGORIES_MAX })),
    },
    { additionalProperties: false },
  ),
  reply: Type.Object({
    listing_id: PositiveId,
    slug: Slug,
    status: ListingStatus,
    plan: Type.String(),
    launch_week: Type.Union([IsoDate, Type.Null()]),
    primary_category: Type.Union([Slug, Type.Null()]),
    unknown_categories: Type.Array(Slug),
  }),
});
export type DescribeListingForOrderReply = Static<typeof describeListingForOrder.reply>;

export const catalogInternalOperations = [
  getListingForClaim,
  recordVerifiedClaim,
  saveListingFromDraft,
  castVote,
  withdrawVote,
  ...suspensionOperations,
  followListing,
  unfollowListing,
  recordViews,
  recordOutboundClick,
  submitReview,
  replyToReview,
  reportReview,
  listReviews,
  getEngagement,
  listNotifications,
  markListingVerified,
  getBadgeSvg,
  getImage,
  describeListingForOrder,
] as const;

export type PageView = Static<typeof PageView>;
export type SaveListingFromDraftRequest = Static<typeof saveListingFromDraft.request>;
export type SaveListingFromDraftReply = Static<typeof saveListingFromDraft.reply>;
