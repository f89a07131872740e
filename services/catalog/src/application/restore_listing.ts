import { moderateListing } from './listing-moderation.ts';
import type { CatalogHandler } from './operation-context.ts';

/** restore_listing (operators): a hidden listing shows where its status says again. */
export const restoreListing: CatalogHandler<'restore_listing'> = (call, context) =>
  moderateListing(call, context, 'RestoreListing');
