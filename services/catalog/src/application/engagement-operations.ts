import { NOTIFICATIONS_MAX, type PageView } from '@listings/contracts';
import { NotFoundError } from '@listings/platform/errors';
import { L } from '../projections/catalog/query-keys.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import type { ListingDoc } from '../projections/listings/listing.ts';
import type { InternalOperationHandler } from './internal-context.ts';
import { ratingOf, summaryOf, voteCount } from './presenters.ts';

/**
 * The web edge's internal operations on what people do with a listing: votes, follows, reviews,
 * page views and notifications (the signed-in person is the request's `account_id`).
 */
type Person = { slug: string; account_id: string };

const votes = async (view: CatalogView, slug: string, accountId: string) => {
  const doc = await view.listingBySlug(slug);
  return { slug, voted: doc ? hasVoted(doc, accountId) : false, votes: doc ? voteCount(doc) : 0 };
};
const follows = async (view: CatalogView, slug: string, following: boolean) => ({
  slug,
  following,
  followers: (await view.listingBySlug(slug))?.followers ?? 0,
});
/** a standing vote, counted or discounted (the person sees their vote either way) */
const hasVoted = (doc: ListingDoc, accountId: string) =>
  accountId in doc.votes || accountId in (doc.discounted_votes ?? {});
const newestFirst = (a: { at: string }, b: { at: string }) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0);

type VoteRequest = Person & {
  email_confirmed: boolean;
  account_created_at?: string;
  email_disposable?: boolean;
  suspended?: boolean;
  network?: string;
};

export const castVote: InternalOperationHandler<VoteRequest> = async (r, { view, commands }) => {
  await commands.castVote(r.slug, r.account_id, r.email_confirmed, {
    account_created_at: r.account_created_at ?? null,
    email_disposable: r.email_disposable ?? false,
    suspended: r.suspended ?? false,
    network: r.network ?? null,
  });
  return votes(view, r.slug, r.account_id);
};

/** the operator console: a suspended account's standing votes on weeks not over count 0 from now on */
export const discountVotesOfSuspended: InternalOperationHandler<{ account_id: string }> = async (r, { commands }) => ({
  discounted: await commands.discountVotesOfSuspended(r.account_id),
});

/** the operator console suspended or restored an account (identity's store changed): recorded for the audit */
export const recordAccountModeration: InternalOperationHandler<{
  account_id: string;
  action: 'suspended' | 'restored';
  operator: string;
  reason: string;
}> = async (r, { commands }) => {
  await commands.recordAccountModeration(r);
  return {};
};

export const withdrawVote: InternalOperationHandler<Person> = async (r, { view, commands }) => {
  await commands.withdrawVote(r.slug, r.account_id);
  return votes(view, r.slug, r.account_id);
};

export const followListing: InternalOperationHandler<Person> = async (r, { view, commands }) => {
  await commands.follow(r.slug, r.account_id);
  return follows(view, r.slug, true);
};

export const unfollowListing: InternalOperationHandler<Person> = async (r, { view, commands }) => {
  await commands.unfollow(r.slug, r.account_id);
  return follows(view, r.slug, false);
};

export const recordViews: InternalOperationHandler<{ views: PageView[] }> = async (r, { view, commands }) => {
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
};

export const submitReview: InternalOperationHandler<
  Person & { rating: number; body?: string; email_confirmed: boolean }
> = async (r, { view, commands }) => {
  await commands.submitReview(r.slug, r.account_id, r.rating, r.body ?? '', r.email_confirmed);
  const doc = await view.listingBySlug(r.slug);
  return { slug: r.slug, rating: doc ? ratingOf(doc) : { average: null, count: 0 } };
};

export const replyToReview: InternalOperationHandler<Person & { reviewer_id: string; body: string }> = async (
  r,
  { commands },
) => {
  await commands.replyToReview(r.slug, r.reviewer_id, r.account_id, r.body);
  return { slug: r.slug, reviewer_id: r.reviewer_id, replied: true };
};

export const reportReview: InternalOperationHandler<{
  slug: string;
  reviewer_id: string;
  reported_by: string;
  reason: string;
}> = async (r, { commands }) => {
  const reported = await commands.reportReview(r.slug, r.reviewer_id, r.reported_by, r.reason);
  return { slug: r.slug, reviewer_id: r.reviewer_id, reported };
};

export const listReviews: InternalOperationHandler<{ slug: string }> = async (r, { view }) => {
  const doc = await view.listingBySlug(r.slug);
  // a listing the operators hid shows nowhere public, its reviews neither
  if (!doc || doc.status === 'hidden') throw new NotFoundError(`no listing ${r.slug}`);
  const reviews = Object.entries(doc.reviews)
    .filter(([, review]) => !review.removed)
    .map(([reviewer_id, review]) => ({
      reviewer_id,
      rating: review.rating,
      body: review.body,
      at: review.at,
      reply: review.reply ?? null,
    }))
    .sort(newestFirst);
  return { slug: r.slug, rating: ratingOf(doc), reviews };
};

export const getEngagement: InternalOperationHandler<Person> = async (r, { view }) => {
  const doc = await view.listingBySlug(r.slug);
  if (!doc) throw new NotFoundError(`no listing ${r.slug}`);
  const review = doc.reviews[r.account_id];
  return {
    slug: r.slug,
    voted: hasVoted(doc, r.account_id),
    votes: voteCount(doc),
    following: (doc.follower_ids ?? []).includes(r.account_id),
    followers: doc.followers,
    owner: doc.owners.includes(r.account_id),
    review: review ? { rating: review.rating, body: review.body } : null,
  };
};

export const listNotifications: InternalOperationHandler<{ account_id: string }> = async (r, { view }) => {
  // the listings that told this account of an update (an indexed key), not every listing
  const found: { slug: string; listing_name: string; update_title: string; at: string }[] = [];
  for (const doc of await view.findListings({ where: { [L.notified]: { eq: r.account_id } } }))
    for (const n of doc.notifications ?? [])
      if (n.account_id === r.account_id)
        found.push({ slug: doc.slug, listing_name: summaryOf(doc).name, update_title: n.update_title, at: n.at });
  found.sort(newestFirst);
  return { notifications: found.slice(0, NOTIFICATIONS_MAX) };
};
