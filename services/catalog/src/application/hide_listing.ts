import { moderateListing } from './listing-moderation.ts';
import type { CatalogHandler } from './operation-context.ts';

/** hide_listing (operators): the listing shows nowhere public; its owners see why. */
export const hideListing: CatalogHandler<'hide_listing'> = (call, context) =>
  moderateListing(call, context, 'HideListing');
