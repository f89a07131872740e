import { type ListingDraftProfile, NOTIFICATIONS_MAX, type PageView } from '@listings/contracts';
import { NotFoundError } from '@listings/platform/errors';
import type { LogoServer } from '@listings/platform/images';
import type { OperationCall, OperationHandlers } from '@listings/platform/service-host';
import { addMilestone } from '../application/add_milestone.ts';
import { answerInterview } from '../application/answer_interview.ts';
import { getBadgeSvg } from '../application/badge-svg.ts';
import { chooseFreeListing } from '../application/choose_free_listing.ts';
import type { CatalogCommands } from '../application/commands.ts';
import { compareListings } from '../application/compare_listings.ts';
import { deleteMilestone } from '../application/delete_milestone.ts';
import { getAlternatives } from '../application/get_alternatives.ts';
import { getBadges } from '../application/get_badges.ts';
import { getBlogPost } from '../application/get_blog_post.ts';
import { getCategory } from '../application/get_category.ts';
import { getFounder } from '../application/get_founder.ts';
import { getLaunchWeek } from '../application/get_launch_week.ts';
import { getLeaderboard } from '../application/get_leaderboard.ts';
import { getListing } from '../application/get_listing.ts';
import { getMyListing } from '../application/get_my_listing.ts';
import { getSiteInfo } from '../application/get_site_info.ts';
import { listAwards } from '../application/list_awards.ts';
import { listBlogPosts } from '../application/list_blog_posts.ts';
import { listCategories } from '../application/list_categories.ts';
import { listFounders } from '../application/list_founders.ts';
import { listInterviewQuestions } from '../application/list_interview_questions.ts';
import { listLaunches } from '../application/list_launches.ts';
import { listMyListings } from '../application/list_my_listings.ts';
import type { CatalogContext, CatalogHandlers } from '../application/operation-context.ts';
import { postListingUpdate } from '../application/post_listing_update.ts';
import { ratingOf, summaryOf, voteCount } from '../application/presenters.ts';
import { searchListings } from '../application/search_listings.ts';
import { setFounderStory } from '../application/set_founder_story.ts';
import { updateMyListing } from '../application/update_my_listing.ts';
import { L } from '../projections/catalog/query-keys.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import type { InternalHandler } from './internal-operations.ts';

/**
 * The catalog's operations, contract (operation id) to handler: the 17 public ones and the 9
 * owned-listing ones (signed in, your own only). Each handler is application/<operation_id>.ts.
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
  list_my_listings: listMyListings,
  get_my_listing: getMyListing,
  update_my_listing: updateMyListing,
  post_listing_update: postListingUpdate,
  add_milestone: addMilestone,
  delete_milestone: deleteMilestone,
  set_founder_story: setFounderStory,
  answer_interview: answerInterview,
  choose_free_listing: chooseFreeListing,
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

type Person = { slug: string; account_id: string };

export const internalHandlers = (deps: {
  view: CatalogView;
  commands: CatalogCommands;
  /** the images bucket as the web edge serves it (get_image) */
  logos?: LogoServer;
}): Record<string, InternalHandler> => {
  const { view, commands } = deps;
  const votes = async (slug: string, accountId: string) => {
    const doc = await view.listingBySlug(slug);
    return { slug, voted: doc ? accountId in doc.votes : false, votes: doc ? voteCount(doc) : 0 };
  };
  const follows = async (slug: string, following: boolean) => ({
    slug,
    following,
    followers: (await view.listingBySlug(slug))?.followers ?? 0,
  });
  const handlers = {
    save_listing_from_draft: async (r: {
      listing_id: number | null;
      draft_id: string;
      owner_account_ids: string[];
      profile: ListingDraftProfile;
    }) => {
      const doc = await commands.saveListingFromDraft(r);
      return { listing_id: doc.id, slug: doc.slug, status: doc.status };
    },
    cast_vote: async (r: Person & { email_confirmed: boolean }) => {
      await commands.castVote(r.slug, r.account_id, r.email_confirmed);
      return votes(r.slug, r.account_id);
    },
    withdraw_vote: async (r: Person) => {
      await commands.withdrawVote(r.slug, r.account_id);
      return votes(r.slug, r.account_id);
    },
    follow_listing: async (r: Person) => {
      await commands.follow(r.slug, r.account_id);
      return follows(r.slug, true);
    },
    unfollow_listing: async (r: Person) => {
      await commands.unfollow(r.slug, r.account_id);
      return follows(r.slug, false);
    },
    record_views: async (r: { views: PageView[] }) => {
      const counted = await commands.recordVisits(r.views);
      return {
        items: await Promise.all(
          r.views.map(async (v, i) => ({
            slug: v.slug,
            counted: counted[i] as boolean,
            views: (await view.listingBySlug(v.slug))?.views ?? 0,
          })),
        ),
      };
    },
    submit_review: async (r: Person & { rating: number; body?: string; email_confirmed: boolean }) => {
      await commands.submitReview(r.slug, r.account_id, r.rating, r.body ?? '', r.email_confirmed);
      const doc = await view.listingBySlug(r.slug);
      return { slug: r.slug, rating: doc ? ratingOf(doc) : { average: null, count: 0 } };
    },
    reply_to_review: async (r: Person & { reviewer_id: string; body: string }) => {
      await commands.replyToReview(r.slug, r.reviewer_id, r.account_id, r.body);
      return { slug: r.slug, reviewer_id: r.reviewer_id, replied: true };
    },
    report_review: async (r: { slug: string; reviewer_id: string; reported_by: string; reason: string }) => {
      const reported = await commands.reportReview(r.slug, r.reviewer_id, r.reported_by, r.reason);
      return { slug: r.slug, reviewer_id: r.reviewer_id, reported };
    },
    list_reviews: async (r: { slug: string }) => {
      const doc = await view.listingBySlug(r.slug);
      if (!doc) throw new NotFoundError(`no listing ${r.slug}`);
      const reviews = Object.entries(doc.reviews)
        .filter(([, review]) => !review.removed)
        .map(([reviewer_id, review]) => ({
          reviewer_id,
          rating: review.rating,
          body: review.body,
          at: review.at,
          reply: review.reply ?? null,
        }))
        .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
      return { slug: r.slug, rating: ratingOf(doc), reviews };
    },
    get_engagement: async (r: Person) => {
      const doc = await view.listingBySlug(r.slug);
      if (!doc) throw new NotFoundError(`no listing ${r.slug}`);
      const review = doc.reviews[r.account_id];
      return {
        slug: r.slug,
        voted: r.account_id in doc.votes,
        votes: voteCount(doc),
        following: (doc.follower_ids ?? []).includes(r.account_id),
        followers: doc.followers,
        owner: doc.owners.includes(r.account_id),
        review: review ? { rating: review.rating, body: review.body } : null,
      };
    },
    list_notifications: async (r: { account_id: string }) => {
      // the listings that told this account of an update (an indexed key), not every listing
      const found: { slug: string; listing_name: string; update_title: string; at: string }[] = [];
      for (const doc of await view.findListings({ where: { [L.notified]: { eq: r.account_id } } }))
        for (const n of doc.notifications ?? [])
          if (n.account_id === r.account_id)
            found.push({ slug: doc.slug, listing_name: summaryOf(doc).name, update_title: n.update_title, at: n.at });
      found.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
      return { notifications: found.slice(0, NOTIFICATIONS_MAX) };
    },
    mark_listing_verified: async (r: { listing_id: number; account_id: string }) => {
      await commands.listing(r.listing_id, { type: 'MarkVerified', data: { account_id: r.account_id } });
      return { listing_id: r.listing_id, verified: true };
    },
    get_badge_svg: getBadgeSvg(view),
    get_image: async (r: { digest: string; size?: number }) => {
      const served = deps.logos ? await deps.logos.get(r.digest, r.size) : null;
      if (!served) throw new NotFoundError(`no image ${r.digest}${r.size ? ` at ${r.size} px` : ''}`);
      return { png_base64: Buffer.from(served.bytes).toString('base64'), etag: served.etag };
    },
  };
  return handlers as unknown as Record<string, InternalHandler>;
};
