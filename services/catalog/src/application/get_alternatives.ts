import type { ListingDoc } from '../projections/catalog/documents.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import { categoryTopOf } from './category-top.ts';
import { listingsById, mustFindListing } from './listing-reads.ts';
import type { CatalogHandler } from './operation-context.ts';
import { memoBesidesViews, summaryOf } from './presenters.ts';

/** get_alternatives: owner-approved alternatives first (approved: true), then live listings of the same primary category, most voted first. */
export const getAlternatives: CatalogHandler<'get_alternatives'> = async (call, { view }) => {
  const listing = await mustFindListing(view, call.params.slug as string);
  return memoBesidesViews(view, `alternatives:${listing.id}`, () => alternativesOf(view, listing));
};

const ALTERNATIVES_MAX = 20;

const alternativesOf = async (view: CatalogView, listing: ListingDoc) => {
  const found = await listingsById(view, listing.alternatives);
  const approved = listing.alternatives
    .map((id) => found.get(id))
    .filter((doc): doc is ListingDoc => doc !== undefined && doc.status === 'live' && doc.id !== listing.id);
  const seen = new Set([listing.id, ...approved.map((d) => d.id)]);
  const primary = listing.categories[0];
  // the most voted of the same primary category: enough of them that the ones already shown can drop
  // out (the category's top, kept up to date from the listing changes: category-top.ts)
  const others = primary
    ? (await categoryTopOf(view, primary).first(ALTERNATIVES_MAX + seen.size)).filter((doc) => !seen.has(doc.id))
    : [];
  return {
    items: [
      ...approved.map((doc) => ({ ...summaryOf(doc), approved: true })),
      ...others.slice(0, ALTERNATIVES_MAX).map((doc) => ({ ...summaryOf(doc), approved: false })),
    ],
  };
};
