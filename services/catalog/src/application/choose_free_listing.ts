import type { CatalogHandler } from './operation-context.ts';
import { accountOf, freshOwnedListing, myListing } from './owned-listings.ts';

/** choose_free_listing: the free plan for the owner's listing (queued for a launch week, awaiting its badge). */
export const chooseFreeListing: CatalogHandler<'choose_free_listing'> = async (call, { view, commands }) => {
  const doc = await myListing(view, call);
  await commands.chooseFreePlan(doc.id, accountOf(call));
  return freshOwnedListing(view, doc.id);
};
