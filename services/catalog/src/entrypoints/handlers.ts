import type { catalogPublicOperations, ListingDraftProfile, ownedListingOperations } from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import { type OperationHandlers, typedHandlers } from '@listings/platform/service-host';
import type { CatalogCommands } from '../application/commands.ts';
import { ownedListingHandlers } from '../application/owned-listings.ts';
import { ratingOf, voteCount } from '../application/presenters.ts';
import { getBadgeSvg, getBadges } from '../application/queries/badges.ts';
import { getBlogPost, listBlogPosts, listInterviewQuestions } from '../application/queries/blog.ts';
import { getCategory, listCategories } from '../application/queries/categories.ts';
import { getFounder, listFounders } from '../application/queries/founders.ts';
import { getLaunchWeek, getLeaderboard, listAwards, listLaunches } from '../application/queries/launches.ts';
import { compareListings, getAlternatives, getListing, searchListings } from '../application/queries/listings.ts';
import { getSiteInfo } from '../application/queries/site.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import type { InternalHandler } from './internal-operations.ts';

/** The 17 public catalog operations and the 9 owned-listing ones (signed in, your own only). */
export const publicHandlers = (deps: {
  view: CatalogView;
  clock: Clock;
  publicUrl: string;
  commands: CatalogCommands;
}): OperationHandlers => {
  const { view, clock } = deps;
  // one handler per catalog operation, typed from its contract (a missing one does not compile)
  return typedHandlers<(typeof catalogPublicOperations)[number] | (typeof ownedListingOperations)[number]>({
    ...ownedListingHandlers({ view, commands: deps.commands }),
    get_site_info: getSiteInfo({ publicUrl: deps.publicUrl, view }),
    search_listings: searchListings(view),
    get_listing: getListing(view),
    get_alternatives: getAlternatives(view),
    compare_listings: compareListings(view),
    list_categories: listCategories(view),
    get_category: getCategory(view),
    get_launch_week: getLaunchWeek(view, clock),
    list_launches: listLaunches(view, clock),
    get_leaderboard: getLeaderboard(view, clock),
    list_founders: listFounders(view),
    get_founder: getFounder(view),
    list_blog_posts: listBlogPosts(view),
    get_blog_post: getBlogPost(view),
    list_awards: listAwards(view),
    get_badges: getBadges(view, deps.publicUrl),
    list_interview_questions: listInterviewQuestions(view),
  });
};

type Person = { slug: string; account_id: string };

export const internalHandlers = (deps: {
  view: CatalogView;
  commands: CatalogCommands;
}): Record<string, InternalHandler> => {
  const { view, commands } = deps;
  const votes = (slug: string, accountId: string) => {
    const doc = view.listingBySlug(slug);
    return { slug, voted: doc ? accountId in doc.votes : false, votes: doc ? voteCount(doc) : 0 };
  };
  const follows = (slug: string, following: boolean) => ({
    slug,
    following,
    followers: view.listingBySlug(slug)?.followers ?? 0,
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
    cast_vote: async (r: Person) => {
      await commands.castVote(r.slug, r.account_id);
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
    record_view: async (r: { slug: string }) => {
      await commands.recordViews(r.slug, 1);
      return { slug: r.slug, views: view.listingBySlug(r.slug)?.views ?? 0 };
    },
    submit_review: async (r: Person & { rating: number; body?: string }) => {
      await commands.submitReview(r.slug, r.account_id, r.rating, r.body ?? '');
      const doc = view.listingBySlug(r.slug);
      return { slug: r.slug, rating: doc ? ratingOf(doc) : { average: null, count: 0 } };
    },
    mark_listing_verified: async (r: { listing_id: number; account_id: string }) => {
      await commands.listing(r.listing_id, { type: 'MarkVerified', data: { account_id: r.account_id } });
      return { listing_id: r.listing_id, verified: true };
    },
    get_badge_svg: getBadgeSvg(view),
  };
  return handlers as unknown as Record<string, InternalHandler>;
};
