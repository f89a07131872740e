import Type, { type Static, type TObject, type TSchema } from 'typebox';
import { BADGE_MODES, BADGE_SHAPES, BADGE_SIZES, ListingStatus } from '../catalog.ts';
import { EXTRA_CATEGORIES_MAX, ORDER_ITEMS_MAX } from '../commerce.ts';
import { IsoDate, PositiveId, Slug, Uuid } from '../common.ts';
import { DRAFT_FIELD_KEYS, DraftFields, DraftPatch, submitListing } from '../drafting.ts';
import { getListingForClaim, recordVerifiedClaim } from './catalog-claims.ts';

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

export const castVote = defineInternal({
  name: 'cast_vote',
  description:
    'A signed-in person upvotes a live or scheduled listing; one vote per person per listing (again = no-op).',
  request: PersonOnListing,
  reply: Type.Object({ slug: Slug, voted: Type.Boolean(), votes: Type.Integer({ minimum: 0 }) }),
});

export const withdrawVote = defineInternal({
  name: 'withdraw_vote',
  description: 'Takes a person’s vote back (no vote = no-op).',
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

export const recordView = defineInternal({
  name: 'record_view',
  description: 'A page view of a listing by anyone (signed in or not).',
  request: Type.Object({ slug: Slug }, { additionalProperties: false }),
  reply: Type.Object({ slug: Slug, views: Type.Integer({ minimum: 0 }) }),
});

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_BODY_MAX = 3000;

export const submitReview = defineInternal({
  name: 'submit_review',
  description:
    'A genuine review: by a signed-in person who is not an owner of the listing, one per person (sending again replaces that person’s review). Owners get 403.',
  request: Type.Object(
    {
      slug: Slug,
      account_id: AccountId,
      rating: Type.Integer({ minimum: REVIEW_RATING_MIN, maximum: REVIEW_RATING_MAX }),
      body: Type.Optional(Type.String({ maxLength: REVIEW_BODY_MAX })),
    },
    { additionalProperties: false },
  ),
  reply: Type.Object({
    slug: Slug,
    rating: Type.Object({ average: Type.Union([Type.Number(), Type.Null()]), count: Type.Integer({ minimum: 0 }) }),
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
  followListing,
  unfollowListing,
  recordView,
  submitReview,
  markListingVerified,
  getBadgeSvg,
  describeListingForOrder,
] as const;

export type SaveListingFromDraftRequest = Static<typeof saveListingFromDraft.request>;
export type SaveListingFromDraftReply = Static<typeof saveListingFromDraft.reply>;
