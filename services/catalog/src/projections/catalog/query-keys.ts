/** How the catalog's listings and founders are stored and queried: see projections/listings/listing-keys.ts. */
export {
  F,
  type FounderDoc,
  type FounderListing,
  foundersNamedBy,
  withFounderListing,
} from '../founders/founder.ts';
export {
  L,
  type ListingKeys,
  listingKeys,
  listingQueries,
  PUBLIC_STATUSES,
  type StoredListing,
  UPCOMING_STATUSES,
} from '../listings/listing-keys.ts';
