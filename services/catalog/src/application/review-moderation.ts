import type { removeReview } from '@listings/contracts';
import { NotFoundError } from '@listings/platform/errors';
import { type CallOf, callerAccount } from '@listings/platform/service-host';
import type { CatalogContext } from './operation-context.ts';

/**
 * remove_review and restore_review: an operator's RemoveReview or RestoreReview on the review's
 * engagement stream, the operator and the reason in the event (a repeat changes nothing).
 */
export const moderateReview = async (
  call: CallOf<typeof removeReview>,
  { view, commands }: CatalogContext,
  remove: boolean,
) => {
  const operator = callerAccount(call, 'moderate reviews');
  const { listing_id, reviewer_id } = call.params;
  const listing = await view.listing(listing_id);
  if (!listing?.reviews[reviewer_id]) throw new NotFoundError(`no review by ${reviewer_id} of listing ${listing_id}`);
  const reason = call.body.reason.trim();
  await (remove ? commands.removeReview : commands.restoreReview)(listing.slug, reviewer_id, operator, reason);
  const review = (await view.listing(listing_id))?.reviews[reviewer_id];
  return { listing_id, slug: listing.slug, review_by: reviewer_id, removed: review?.removed === true, reason };
};
