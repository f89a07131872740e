import {
  type catalogPublicOperations,
  type ListingDraftProfile,
  NOTIFICATIONS_MAX,
  type ownedListingOperations,
  type PageView,
} from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import { NotFoundError } from '@listings/platform/errors';
import type { ImageIntake, LogoServer } from '@listings/platform/images';
import { type OperationHandlers, typedHandlers } from '@listings/platform/service-host';
import type { CatalogCommands } from '../application/commands.ts';
import { ownedListingHandlers } from '../application/owned-listings.ts';
import { ratingOf, summaryOf, voteCount } from '../application/presenters.ts';
import { getBadgeSvg, getBadges } from '../application/queries/badges.ts';
import { getBlogPost, listBlogPosts, listInterviewQuestions } from '../application/queries/blog.ts';
import { getCategory, listCategories } from '../application/queries/categories.ts';
import { getFounder, listFounders } from '../application/queries/founders.ts';
import { getLaunchWeek, getLeaderboard, listAwards, listLaunches } from '../application/queries/launches.ts';
import { compareListings, getAlternatives, getListing, searchListings } from '../application/queries/listings.ts';
import { getSiteInfo } from '../application/queries/site.ts';
import { L } from '../projections/catalog/query-keys.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import type { InternalHandler } from './internal-operations.ts';

/** The 17 public catalog operations and the 9 owned-listing ones (signed in, your own only). */
export const publicHandlers = (deps: {
  view: CatalogView;
  clock: Clock;
  publicUrl: string;
  commands: CatalogCommands;
  images?: ImageIntake;
}): OperationHandlers => {
  const { view, clock } = deps;
  // one handler per catalog operation, typed from its contract (a missing one does not compile)
  return typedHandlers<(typeof catalogPublicOperations)[number] | (typeof ownedListingOperations)[number]>({
    ...ownedListingHandlers({ view, commands: deps.commands, ...(deps.images ? { images: deps.images } : {}) }),
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
