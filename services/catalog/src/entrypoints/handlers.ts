import type { OperationCall, OperationHandlers } from '@listings/platform/service-host';
import { addCategory } from '../application/add_category.ts';
import { addMilestone } from '../application/add_milestone.ts';
import { answerInterview } from '../application/answer_interview.ts';
import { getBadgeSvg } from '../application/badge-svg.ts';
import { chooseFreeListing } from '../application/choose_free_listing.ts';
import { getListingForClaim, recordVerifiedClaim } from '../application/claims-operations.ts';
import { describeListingForOrder } from '../application/commerce-operations.ts';
import { compareListings } from '../application/compare_listings.ts';
import { createWebhook } from '../application/create_webhook.ts';
import { deleteMilestone } from '../application/delete_milestone.ts';
import { deleteWebhook } from '../application/delete_webhook.ts';
import { editCategory } from '../application/edit_category.ts';
import {
  castVote,
  discountVotesOfSuspended,
  followListing,
  getEngagement,
  listNotifications,
  listReviews,
  recordAccountModeration,
  recordViews,
  replyToReview,
  reportReview,
  submitReview,
  unfollowListing,
  withdrawVote,
} from '../application/engagement-operations.ts';
import { featureListing } from '../application/feature_listing.ts';
import { fileReport } from '../application/file_report.ts';
import { getAlternatives } from '../application/get_alternatives.ts';
import { getBadges } from '../application/get_badges.ts';
import { getBlogPost } from '../application/get_blog_post.ts';
import { getCategory } from '../application/get_category.ts';
import { getFounder } from '../application/get_founder.ts';
import { getLaunchWeek } from '../application/get_launch_week.ts';
import { getLeaderboard } from '../application/get_leaderboard.ts';
import { getListing } from '../application/get_listing.ts';
import { getListingAnalytics } from '../application/get_listing_analytics.ts';
import { getModerationQueue } from '../application/get_moderation_queue.ts';
import { getMyListing } from '../application/get_my_listing.ts';
import { getRankingRules } from '../application/get_ranking_rules.ts';
import { getSiteInfo } from '../application/get_site_info.ts';
import { getVoteLedger } from '../application/get_vote_ledger.ts';
import { hideListing } from '../application/hide_listing.ts';
import type { InternalContext, InternalOperationHandler } from '../application/internal-context.ts';
import { listAwards } from '../application/list_awards.ts';
import { listBlogPosts } from '../application/list_blog_posts.ts';
import { listCategories } from '../application/list_categories.ts';
import { listFounders } from '../application/list_founders.ts';
import { listInterviewQuestions } from '../application/list_interview_questions.ts';
import { listLaunches } from '../application/list_launches.ts';
import { listMyListings } from '../application/list_my_listings.ts';
import { listOperatorActions } from '../application/list_operator_actions.ts';
import { listWebhooks } from '../application/list_webhooks.ts';
import { getImage, markListingVerified, saveListingFromDraft } from '../application/listing-operations.ts';
import { moveListing } from '../application/move_listing.ts';
import type { CatalogContext, CatalogHandlers } from '../application/operation-context.ts';
import { recordOutboundClick } from '../application/outbound-clicks.ts';
import { postListingUpdate } from '../application/post_listing_update.ts';
import { redeliverWebhook } from '../application/redeliver_webhook.ts';
import { removeReview } from '../application/remove_review.ts';
import { restoreListing } from '../application/restore_listing.ts';
import { restoreReview } from '../application/restore_review.ts';
import { rotateWebhookSecret } from '../application/rotate_webhook_secret.ts';
import { searchListings } from '../application/search_listings.ts';
import { sendTestWebhook } from '../application/send_test_webhook.ts';
import { setFounderStory } from '../application/set_founder_story.ts';
import { unfeatureListing } from '../application/unfeature_listing.ts';
import { updateMyListing } from '../application/update_my_listing.ts';
import type { InternalHandler } from './internal-operations.ts';

/**
 * The catalog's operations, contract (operation id) to handler: the public ones, the
 * owned-listing and webhook ones (signed in, your own only) and the 8 of moderation. Each handler is application/<operation_id>.ts.
 */
export const catalogHandlers: CatalogHandlers = {
  get_site_info: getSiteInfo,
  search_listings: searchListings,
  get_listing: getListing,
  get_alternatives: getAlternatives,
  compare_listings: compareListings,
  list_categories: listCategories,
  get_category: getCategory,
  get_launch_week: getLaunchWeek,
  list_launches: listLaunches,
  get_leaderboard: getLeaderboard,
  list_founders: listFounders,
  get_founder: getFounder,
  list_blog_posts: listBlogPosts,
  get_blog_post: getBlogPost,
  list_awards: listAwards,
  get_badges: getBadges,
  list_interview_questions: listInterviewQuestions,
  get_ranking_rules: getRankingRules,
  get_vote_ledger: getVoteLedger,
  list_my_listings: listMyListings,
  get_my_listing: getMyListing,
  update_my_listing: updateMyListing,
  post_listing_update: postListingUpdate,
  add_milestone: addMilestone,
  delete_milestone: deleteMilestone,
  set_founder_story: setFounderStory,
  answer_interview: answerInterview,
  choose_free_listing: chooseFreeListing,
  create_webhook: createWebhook,
  list_webhooks: listWebhooks,
  delete_webhook: deleteWebhook,
  send_test_webhook: sendTestWebhook,
  rotate_webhook_secret: rotateWebhookSecret,
  redeliver_webhook: redeliverWebhook,
  file_report: fileReport,
  get_moderation_queue: getModerationQueue,
  hide_listing: hideListing,
  restore_listing: restoreListing,
  feature_listing: featureListing,
  unfeature_listing: unfeatureListing,
  add_category: addCategory,
  edit_category: editCategory,
  move_listing: moveListing,
  remove_review: removeReview,
  restore_review: restoreReview,
  list_operator_actions: listOperatorActions,
  get_listing_analytics: getListingAnalytics,
};

/** The table's handlers as the service host serves them, each given `context`. */
export const publicHandlers = (context: CatalogContext): OperationHandlers =>
  Object.fromEntries(
    Object.entries(catalogHandlers).map(([id, handler]) => [
      id,
      (call: OperationCall) =>
        (handler as (call: OperationCall, context: CatalogContext) => Promise<unknown>)(call, context),
    ]),
  );

/**
 * The catalog's internal (service-to-service) operations, name to handler: the web edge's
 * engagement, drafting's save, commerce's and claims' look-ups (application/*-operations.ts).
 */
export const catalogInternalHandlers: Readonly<Record<string, InternalOperationHandler>> = {
  save_listing_from_draft: saveListingFromDraft,
  cast_vote: castVote,
  withdraw_vote: withdrawVote,
  discount_votes_of_suspended: discountVotesOfSuspended,
  record_account_moderation: recordAccountModeration,
  follow_listing: followListing,
  unfollow_listing: unfollowListing,
  record_views: recordViews,
  record_outbound_click: recordOutboundClick,
  submit_review: submitReview,
  reply_to_review: replyToReview,
  report_review: reportReview,
  list_reviews: listReviews,
  get_engagement: getEngagement,
  list_notifications: listNotifications,
  mark_listing_verified: markListingVerified,
  get_badge_svg: getBadgeSvg,
  get_image: getImage,
  describe_listing_for_order: describeListingForOrder,
  get_listing_for_claim: getListingForClaim,
  record_verified_claim: recordVerifiedClaim,
};

/** The internal table's handlers as the bus serves them, each given `context`. */
export const internalHandlers = (context: InternalContext): Record<string, InternalHandler> =>
  Object.fromEntries(
    Object.entries(catalogInternalHandlers).map(([name, handler]) => [
      name,
      (request: never) => handler(request, context),
    ]),
  );
