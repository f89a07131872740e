import { listingQueries } from '../projections/catalog/query-keys.ts';
import type { CatalogHandler } from './operation-context.ts';
import { accountOf, ownedListingOf } from './owned-listings.ts';
import { pagingOf } from './presenters.ts';

/** list_my_listings: the caller's listings, any status, one page. */
export const listMyListings: CatalogHandler<'list_my_listings'> = async (call, { view }) => {
  const account = accountOf(call);
  const paging = pagingOf(call.query);
  const query = listingQueries.byOwner(account);
  const [owned, total] = await Promise.all([
    view.findListings({ ...query, skip: (paging.page - 1) * paging.per_page, limit: paging.per_page }),
    view.countListings(query.where),
  ]);
  return { items: owned.map(ownedListingOf), page: paging.page, per_page: paging.per_page, total };
};
