import type { Where } from '@listings/platform/read-models';
import type { SearchIndex } from '@listings/platform/search';
import type { ListingDoc } from '../listings/listing.ts';
import { L } from '../listings/listing-keys.ts';
import { SETTINGS_ID } from '../settings/site-settings.ts';
import type { BigCollections } from './big-collections.ts';
import type { CatalogFold } from './catalog-fold.ts';
import type { CatalogView } from './read-model.ts';
import type { Stored } from './rows.ts';
import type { SmallCollections } from './small-collections.ts';
import { CACHE_ROWS } from './store-rows.ts';

const listingOf = (stored: Stored<ListingDoc> | undefined) => stored?.doc;

/**
 * What the catalog's queries read: listings and founders by id or by query (after what this
 * replica folded is written, in store mode: read-your-writes), the small collections from memory,
 * search after pending changes reach the index.
 */
export const createCatalogView = (deps: {
  fold: CatalogFold;
  small: SmallCollections;
  big: BigCollections;
  mode: 'memory' | 'store';
  search: Pick<SearchIndex, 'search'>;
  /** writes what this replica folded (for queries on the store) */
  flush: () => Promise<void>;
  /** how many documents wait for a flush */
  pending: () => number;
}): CatalogView => {
  const { fold, big, mode } = deps;
  const { listings, founders } = big;
  /** before a query on the store: what this replica folded is written (a no-op in memory mode) */
  const settled = async () => {
    if (listings.waiting || founders.waiting) await deps.flush();
  };
  /**
   * store mode: a listing by its slug or draft (neither ever changes, and listings are never
   * deleted), remembered by id once found, so a page or a vote reads it by id (pending or cached)
   */
  const oneListing = async (ids: Map<string, number>, key: string, where: Where) => {
    const known = ids.get(key);
    if (known !== undefined) return listingOf(await listings.get(String(known)));
    await settled();
    const found = listingOf((await listings.find({ where, limit: 1 }))[0]?.doc);
    if (found) {
      ids.set(key, found.id);
      if (ids.size > CACHE_ROWS) ids.delete(ids.keys().next().value as string);
    }
    return found;
  };
  const listingBy = async (ids: Map<string, number>, key: string, where: Where) => {
    if (mode === 'store') return oneListing(ids, key, where);
    const id = ids.get(key);
    return id === undefined ? undefined : listingOf(await listings.get(String(id)));
  };
  return {
    get position() {
      return fold.position;
    },
    get version() {
      return fold.version;
    },
    get versionBesidesViews() {
      return fold.versionBesidesViews;
    },
    listing: async (id) => listingOf(await listings.get(String(id))),
    listingBySlug: (slug) => listingBy(big.slugs, slug, { [L.slug]: { eq: slug } }),
    listingByDraft: (draftId) => listingBy(big.drafts, draftId, { [L.draft]: { eq: draftId } }),
    findListings: async (options) => {
      await settled();
      return (await listings.find(options)).map((row) => row.doc.doc);
    },
    countListings: async (where) => {
      await settled();
      return listings.count(where);
    },
    distinctListingValues: async (field, where) => {
      await settled();
      return listings.distinct(field, where);
    },
    countListingsBy: async (field, where) => {
      await settled();
      return listings.countBy(field, where);
    },
    founder: async (slug) => (await founders.get(slug))?.doc,
    findFounders: async (options) => {
      await settled();
      return (await founders.find(options)).map((row) => row.doc.doc);
    },
    countFounders: async (where) => {
      await settled();
      return founders.count(where);
    },
    categories: deps.small.categories.view,
    blog: deps.small.blog.view,
    awards: deps.small.awards.view,
    ledger: deps.small.ledger.view,
    moderation: deps.small.moderation.view,
    analytics: deps.small.analytics.view,
    settings: () => deps.small.settings.view.get(SETTINGS_ID),
    onListingChange: fold.onListingChange,
    onChange: fold.onChange,
    search: {
      search: async (query) => {
        if (deps.pending() > 0) await deps.flush();
        return deps.search.search(query);
      },
    },
  };
};
