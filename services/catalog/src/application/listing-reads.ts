import { NotFoundError } from '@listings/platform/errors';
import type { ListingDoc } from '../projections/catalog/documents.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import { type ListingSummary, summaryOf } from './presenters.ts';

/** Reads of listings shared by several operations. */
export const mustFindListing = async (view: CatalogView, slug: string): Promise<ListingDoc> => {
  const listing = await view.listingBySlug(slug);
  // drafts, rejected listings and those an operator hid are not public: as unknown as a slug never used
  if (!listing || listing.status === 'draft' || listing.status === 'rejected' || listing.status === 'hidden')
    throw new NotFoundError(`no listing with slug ${slug}`);
  return listing;
};

export const summariesOf = async (view: CatalogView, ids: readonly string[]): Promise<ListingSummary[]> =>
  (await Promise.all(ids.map((id) => view.listing(Number(id))))).flatMap((doc) => (doc ? [summaryOf(doc)] : []));

/** the listings with these ids that exist, by id (each read by id: a cache hit or one indexed read) */
export const listingsById = async (view: CatalogView, ids: readonly number[]): Promise<Map<number, ListingDoc>> =>
  new Map(
    (await Promise.all([...new Set(ids)].map((id) => view.listing(id)))).flatMap((doc) =>
      doc ? [[doc.id, doc] as const] : [],
    ),
  );
