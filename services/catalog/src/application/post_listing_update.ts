import type { ListingDoc } from '../projections/catalog/documents.ts';
import type { CatalogHandler } from './operation-context.ts';
import { accountOf, myListing } from './owned-listings.ts';

/** post_listing_update: an owner's update on their listing (its followers are told). */
export const postListingUpdate: CatalogHandler<'post_listing_update'> = async (call, { view, commands }) => {
  const doc = await myListing(view, call);
  const { title, body } = call.body as { title: string; body: string };
  await commands.listing(doc.id, {
    type: 'PostOwnerUpdate',
    data: { account_id: accountOf(call), title, body, followers: doc.follower_ids ?? [] },
  });
  const after = (await view.listing(doc.id)) as ListingDoc;
  const posted = after.updates[after.updates.length - 1] as { title: string; body: string; at: string };
  return { id: after.updates.length, title: posted.title, body: posted.body, posted_at: posted.at };
};
