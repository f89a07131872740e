import Type from 'typebox';
import { IsoDateTime, Page, PageQuery, PositiveId, Slug } from './common.ts';
import { defineOperation } from './operation.ts';

/** Why a person reports a listing or a review: a short list, the details go in `text`. */
export const REPORT_REASONS = ['spam', 'scam', 'offensive', 'misleading', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** what a person may add to a report */
export const REPORT_TEXT_MAX = 1000;
/** an operator's reason for an action (shown to the owner and in the audit) */
export const OPERATOR_REASON_MIN = 3;
export const OPERATOR_REASON_MAX = 500;
/** the newest submissions the moderation queue shows */
export const QUEUE_SUBMISSIONS_MAX = 50;

const ReviewAuthor = Type.String({
  minLength: 1,
  maxLength: 200,
  description: "the review's author (its `reviewer_id`); absent: the report is about the listing itself",
});
const OperatorReason = Type.String({
  minLength: OPERATOR_REASON_MIN,
  maxLength: OPERATOR_REASON_MAX,
  description: 'why: shown to the listing owner and in the audit',
});

/** One report as operators see it. */
export const Report = Type.Object({
  id: Type.String(),
  listing_id: PositiveId,
  slug: Slug,
  review_by: Type.Union([Type.String(), Type.Null()], { description: "the review's author; null: the listing" }),
  reason: Type.Enum([...REPORT_REASONS]),
  text: Type.String(),
  reported_by: Type.String({ description: 'the account that reported' }),
  filed_at: IsoDateTime,
});

/** One operator action, as the audit lists it. */
export const OperatorAction = Type.Object({
  action: Type.Enum([
    'listing_hidden',
    'listing_restored',
    'listing_featured',
    'listing_unfeatured',
    'listing_moved',
    'review_removed',
    'review_restored',
    'category_added',
    'category_edited',
    'order_refunded',
    'account_suspended',
    'account_restored',
  ]),
  listing_id: Type.Union([PositiveId, Type.Null()], {
    description: 'the listing acted on; null: a category, account or order action',
  }),
  slug: Type.Union([Slug, Type.Null()], {
    description: "the listing's slug; null: a category, account or order action",
  }),
  review_by: Type.Union([Type.String(), Type.Null()]),
  category: Type.Union([Slug, Type.Null()], {
    description: 'the category added or edited, or the one a listing was moved to; else null',
  }),
  order: Type.Union([Type.String(), Type.Null()], { description: 'the order refunded (commerce); else null' }),
  account_id: Type.Union([Type.String(), Type.Null()], {
    description: 'the account suspended or restored (identity); else null',
  }),
  operator: Type.String({ description: 'the operator account that acted' }),
  reason: Type.String(),
  at: IsoDateTime,
});

/** What the owner of a listing an operator hid is told (get_my_listing, their /me pages). */
export const OperatorNotice = Type.Union(
  [
    Type.Object({
      action: Type.Literal('hidden'),
      reason: Type.String(),
      at: IsoDateTime,
    }),
    Type.Null(),
  ],
  { description: 'null, or why an operator hid the listing (it shows nowhere public until restored)' },
);

export const fileReport = defineOperation({
  operationId: 'file_report',
  method: 'POST',
  path: '/reports',
  service: 'catalog',
  scope: 'listings:write',
  successStatus: 201,
  summary: 'Report a listing or a review',
  description: `Tells the operators about a listing (or, with \`review_by\`, one of its reviews) that breaks the rules: a reason from ${REPORT_REASONS.join(', ')} and up to ${REPORT_TEXT_MAX} characters of detail. Once per item per person: a second report of the same item is 409.`,
  extraProblemStatuses: [409],
  body: Type.Object(
    {
      listing: Slug,
      review_by: Type.Optional(ReviewAuthor),
      reason: Type.Enum([...REPORT_REASONS]),
      text: Type.String({ maxLength: REPORT_TEXT_MAX }),
    },
    { additionalProperties: false },
  ),
  response: Type.Object({
    id: Type.String(),
    listing: Slug,
    review_by: Type.Union([Type.String(), Type.Null()]),
    reason: Type.Enum([...REPORT_REASONS]),
    filed_at: IsoDateTime,
    message: Type.String({ description: 'what the person is told: the report was received' }),
  }),
});

export const getModerationQueue = defineOperation({
  operationId: 'get_moderation_queue',
  method: 'GET',
  path: '/admin/queue',
  service: 'catalog',
  scope: 'account:read',
  role: 'operator',
  summary: 'The moderation queue (operators)',
  description: `The newest submissions (up to ${QUEUE_SUBMISSIONS_MAX} listings, newest first, hidden and featured ones marked), the open reports (those filed since the last operator action on their item, oldest first) and the removed reviews (to restore). Operators only (403 for anyone else).`,
  response: Type.Object({
    submissions: Type.Array(
      Type.Object({
        listing_id: PositiveId,
        slug: Slug,
        name: Type.String(),
        status: Type.String(),
        created_at: IsoDateTime,
        hidden: Type.Boolean(),
        featured: Type.Boolean(),
      }),
    ),
    reports: Type.Array(Report),
    removed_reviews: Type.Array(
      Type.Object({
        listing_id: PositiveId,
        slug: Slug,
        review_by: Type.String({ description: "the review's author" }),
        reason: Type.String({ description: "the operator's reason to remove it" }),
        removed_at: IsoDateTime,
      }),
      { description: 'reviews an operator removed and nobody restored since, newest first (restore_review)' },
    ),
  }),
});

const moderatedListing = Type.Object({
  listing_id: PositiveId,
  slug: Slug,
  hidden: Type.Boolean(),
  reason: Type.String(),
});
const listingParams = Type.Object({ listing_id: PositiveId }, { additionalProperties: false });

export const hideListing = defineOperation({
  operationId: 'hide_listing',
  method: 'POST',
  path: '/admin/listings/{listing_id}/hide',
  service: 'catalog',
  scope: 'listings:write',
  role: 'operator',
  summary: 'Hide a listing (operators)',
  description:
    'Takes a listing down: it disappears from its page, search, boards and feeds, and its owners are told the reason. Hiding a hidden listing changes nothing. Operators only.',
  params: listingParams,
  body: Type.Object({ reason: OperatorReason }, { additionalProperties: false }),
  response: moderatedListing,
});

export const featureListing = defineOperation({
  operationId: 'feature_listing',
  method: 'POST',
  path: '/admin/listings/{listing_id}/feature',
  service: 'catalog',
  scope: 'listings:write',
  role: 'operator',
  summary: 'Feature a listing (operators)',
  description:
    'Marks a listing Featured (its badge on the listing page and in summaries). Featuring a featured listing changes nothing. Operators only.',
  params: listingParams,
  body: Type.Object({ reason: OperatorReason }, { additionalProperties: false }),
  response: Type.Object({ listing_id: PositiveId, slug: Slug, featured: Type.Boolean(), reason: Type.String() }),
});

export const unfeatureListing = defineOperation({
  operationId: 'unfeature_listing',
  method: 'POST',
  path: '/admin/listings/{listing_id}/unfeature',
  service: 'catalog',
  scope: 'listings:write',
  role: 'operator',
  summary: 'Unfeature a listing (operators)',
  description:
    'Takes the Featured mark off a listing. Unfeaturing a listing that is not featured changes nothing. Operators only.',
  params: listingParams,
  body: Type.Object({ reason: OperatorReason }, { additionalProperties: false }),
  response: Type.Object({ listing_id: PositiveId, slug: Slug, featured: Type.Boolean(), reason: Type.String() }),
});

export const restoreListing = defineOperation({
  operationId: 'restore_listing',
  method: 'POST',
  path: '/admin/listings/{listing_id}/restore',
  service: 'catalog',
  scope: 'listings:write',
  role: 'operator',
  summary: 'Restore a hidden listing (operators)',
  description: 'Puts a hidden listing back where its status shows it. Operators only.',
  params: listingParams,
  body: Type.Object({ reason: OperatorReason }, { additionalProperties: false }),
  response: moderatedListing,
});

const reviewParams = Type.Object(
  {
    listing_id: PositiveId,
    reviewer_id: Type.String({ minLength: 1, maxLength: 200, description: "the review's author" }),
  },
  { additionalProperties: false },
);
const moderatedReview = Type.Object({
  listing_id: PositiveId,
  slug: Slug,
  review_by: Type.String(),
  removed: Type.Boolean(),
  reason: Type.String(),
});

export const removeReview = defineOperation({
  operationId: 'remove_review',
  method: 'POST',
  path: '/admin/listings/{listing_id}/reviews/{reviewer_id}/remove',
  service: 'catalog',
  scope: 'listings:write',
  role: 'operator',
  summary: 'Remove a review (operators)',
  description:
    'Takes a review down: it no longer shows or counts in the rating. Removing a removed review changes nothing. Operators only.',
  params: reviewParams,
  body: Type.Object({ reason: OperatorReason }, { additionalProperties: false }),
  response: moderatedReview,
});

export const restoreReview = defineOperation({
  operationId: 'restore_review',
  method: 'POST',
  path: '/admin/listings/{listing_id}/reviews/{reviewer_id}/restore',
  service: 'catalog',
  scope: 'listings:write',
  role: 'operator',
  summary: 'Restore a removed review (operators)',
  description: 'Puts a review taken down back up. Operators only.',
  params: reviewParams,
  body: Type.Object({ reason: OperatorReason }, { additionalProperties: false }),
  response: moderatedReview,
});

export const listOperatorActions = defineOperation({
  operationId: 'list_operator_actions',
  method: 'GET',
  path: '/admin/actions',
  service: 'catalog',
  scope: 'account:read',
  role: 'operator',
  summary: 'The audit of operator actions (operators)',
  description:
    'Every operator action (hiding, restoring, featuring, unfeaturing and moving listings, removing and restoring reviews, adding and editing categories, suspending and restoring accounts, refunding orders: asked of commerce, left out while it does not answer), newest first, with the operator and the reason. Operators only.',
  query: Type.Object({ ...PageQuery }, { additionalProperties: false }),
  response: Page(OperatorAction),
});

export const moderationOperations = [
  fileReport,
  getModerationQueue,
  hideListing,
  restoreListing,
  featureListing,
  unfeatureListing,
  removeReview,
  restoreReview,
  listOperatorActions,
];
