import { QUEUE_SUBMISSIONS_MAX } from '@listings/contracts';
import { L } from '../projections/listings/listing-keys.ts';
import { moderationItems, shownProfileName } from './moderation-items.ts';
import type { CatalogHandler } from './operation-context.ts';

/** the reviews whose last operator action removed them (restore_review puts them back), newest first */
const removedReviews = (items: Awaited<ReturnType<typeof moderationItems>>) =>
  items
    .flatMap(({ doc, slug }) => {
      const last = doc.actions.at(-1);
      if (doc.review_by === null || last?.action !== 'review_removed') return [];
      return [{ listing_id: doc.listing_id, slug, review_by: doc.review_by, reason: last.reason, removed_at: last.at }];
    })
    .sort((a, b) => b.removed_at.localeCompare(a.removed_at));

/**
 * get_moderation_queue (operators): the newest submissions, and the open reports (filed since the
 * last operator action on their item), oldest first, and the removed reviews.
 */
export const getModerationQueue: CatalogHandler<'get_moderation_queue'> = async (_call, { view }) => {
  const newest = await view.findListings({ sort: [[L.id, -1]], limit: QUEUE_SUBMISSIONS_MAX });
  const items = await moderationItems(view);
  const reports = items
    .flatMap(({ doc, slug }) =>
      doc.reports.slice(doc.open_from).map((report) => ({
        id: report.id,
        listing_id: doc.listing_id,
        slug,
        review_by: doc.review_by,
        reason: report.reason,
        text: report.text,
        reported_by: report.reported_by,
        filed_at: report.filed_at,
      })),
    )
    .sort((a, b) => a.filed_at.localeCompare(b.filed_at));
  return {
    submissions: newest.map((doc) => ({
      listing_id: doc.id,
      slug: doc.slug,
      name: shownProfileName(doc),
      status: doc.status,
      created_at: doc.created_at,
      hidden: doc.hidden !== undefined,
      featured: doc.featured === true,
    })),
    reports,
    removed_reviews: removedReviews(items),
  };
};
