import type { CatalogHandler } from './operation-context.ts';
import { moderateReview } from './review-moderation.ts';

/** remove_review (operators): the review no longer shows or counts in the rating. */
export const removeReview: CatalogHandler<'remove_review'> = (call, context) => moderateReview(call, context, true);
