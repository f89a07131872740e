import type { ListingDoc } from '../projections/catalog/documents.ts';
import type { CatalogHandler } from './operation-context.ts';
import { accountOf, myListing } from './owned-listings.ts';
import { shownProfile } from './presenters.ts';

/** set_founder_story: the founder story of the owner's listing (a paid section). */
export const setFounderStory: CatalogHandler<'set_founder_story'> = async (call, { view, commands }) => {
  const doc = await myListing(view, call);
  const story = call.body as Record<string, string>;
  await commands.listing(doc.id, { type: 'SetFounderStory', data: { account_id: accountOf(call), story } });
  return {
    listing_id: doc.id,
    story: (shownProfile((await view.listing(doc.id)) as ListingDoc).story ?? {}) as object,
  };
};
