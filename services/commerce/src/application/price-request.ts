import { LaunchTakenError } from '../domain/listing-launch/decide.ts';
import { priceOrder } from '../domain/pricing/decide.ts';
import type { ListingFacts, OrderRequestInput } from '../domain/pricing/pricing.ts';
import type { CommerceOperationDeps } from './commerce-deps.ts';
import { catalogShowsPaidLaunch } from './launch-rules.ts';
import { loadShop } from './shop-admin.ts';

type PricingDeps = Pick<CommerceOperationDeps, 'store' | 'catalog' | 'rules' | 'rates' | 'vatNumbers'>;

/**
 * Prices the request for `account` (400 naming each bad field). A launch of a listing whose paid
 * launch is taken already (by a paid order, or shown by the catalog from before that was
 * recorded) is 409: the fast answer; paying decides for good.
 */
export const priceRequest = async (deps: PricingDeps, account: string, request: OrderRequestInput, now: Date) => {
  const listings = await listingFacts(deps, account, request);
  await refuseTakenLaunches(deps, request, listings);
  const settings = await loadShop(deps.store);
  const priced = priceOrder({
    request,
    shop: settings,
    listings,
    now,
    rates: deps.rates,
    vatNumbers: deps.vatNumbers,
  });
  return { ...priced, capacity: settings.weeklyLaunchCapacity, holdMinutes: settings.pendingOrderHoldMinutes };
};

/** the catalog's facts of each listing the items name, asked once with the extra categories its items would add */
const listingFacts = async (
  deps: Pick<CommerceOperationDeps, 'catalog'>,
  account: string,
  request: OrderRequestInput,
): Promise<Map<number, ListingFacts>> => {
  const listings = new Map<number, ListingFacts>();
  const categoriesByListing = new Map<number, string[]>();
  for (const item of request.items)
    if (item.listing_id !== undefined)
      categoriesByListing.set(item.listing_id, [
        ...(categoriesByListing.get(item.listing_id) ?? []),
        ...(item.extra_categories ?? []),
      ]);
  await Promise.all(
    [...categoriesByListing].map(async ([id, categories]) => {
      // the catalog names unknown categories
      const facts = await deps.catalog.describeListing(id, account, [...new Set(categories)]);
      if (facts) listings.set(id, facts);
    }),
  );
  return listings;
};

/** 409 for a launch of a listing that has its paid launch already */
const refuseTakenLaunches = async (
  deps: Pick<CommerceOperationDeps, 'rules'>,
  request: OrderRequestInput,
  listings: ReadonlyMap<number, ListingFacts>,
) => {
  for (const item of request.items) {
    if (item.product !== 'launch' || item.listing_id === undefined || !listings.has(item.listing_id)) continue;
    const taken =
      catalogShowsPaidLaunch(listings.get(item.listing_id)) ||
      (await deps.rules.listingLaunch(item.listing_id)).status === 'held';
    if (taken) throw new LaunchTakenError(item.listing_id);
  }
};
