import type { CatalogHandler } from './operation-context.ts';
import { moderateReview } from './review-moderation.ts';

/** restore_review (operators): a removed review shows and counts again. */
export const restoreReview: CatalogHandler<'restore_review'> = (call, context) => moderateReview(call, context, false);
