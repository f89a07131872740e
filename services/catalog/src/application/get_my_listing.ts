import type { CatalogHandler } from './operation-context.ts';
import { myListing, ownedListingOf } from './owned-listings.ts';

/** get_my_listing: one of the caller's listings as its owner sees it. */
export const getMyListing: CatalogHandler<'get_my_listing'> = async (call, { view }) =>
  ownedListingOf(await myListing(view, call));
