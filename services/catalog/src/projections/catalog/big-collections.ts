import type { DocumentRef, ReadModelStore } from '@listings/platform/read-models';
import type { CategoryDoc } from '../categories/categories.ts';
import { F, type FounderDoc, foundersOfListings } from '../founders/founder.ts';
import type { ListingDoc } from '../listings/listing.ts';
import { L, listingKeys } from '../listings/listing-keys.ts';
import { memoryRows, type Rows, type Stored, storedOf } from './rows.ts';
import { storeRows } from './store-rows.ts';

/** the fields the in-memory read model keeps hash indexes on (the equalities its queries use) */
const MEMORY_INDEXES = {
  listings: [L.status, L.week, L.primary, L.owners, L.notified, L.plan],
  founders: [F.country],
} as const;

/** Listings and founders: they grow with the directory (see openCatalogReadModel for where they live). */
export interface BigCollections {
  readonly listings: Rows<ListingDoc>;
  readonly founders: Rows<FounderDoc>;
  /** listing ids by slug and by draft: all of them in memory mode, those looked up in store mode */
  readonly slugs: Map<string, number>;
  readonly drafts: Map<string, number>;
}

export interface OpenedBigCollections {
  readonly big: BigCollections;
  /** documents the store holds ahead of the checkpoint, or that differ from what they derive: written at the next flush */
  readonly pending: DocumentRef[];
  /** some listings were stored before documents carried their position */
  readonly legacy: boolean;
}

const parentIn = (categories: ReadonlyMap<string, CategoryDoc>) => (slug: string) => categories.get(slug)?.parent;

/**
 * Memory mode: every listing is loaded (keys derived here, not trusted from the store: documents
 * stored before them lack them) and the founders derived from them at every start (the stored
 * ones are for other readers; those that differ are written again).
 */
const loadInMemory = async (
  store: ReadModelStore,
  position: number,
  categories: ReadonlyMap<string, CategoryDoc>,
): Promise<OpenedBigCollections> => {
  const parentOf = parentIn(categories);
  const pending: DocumentRef[] = [];
  let legacy = false;
  const listingMap = new Map<string, Stored<ListingDoc>>();
  const slugs = new Map<string, number>();
  const drafts = new Map<string, number>();
  for (const { id, doc } of await store.all('listings')) {
    const stored = storedOf<ListingDoc>(doc);
    if (stored.at === 0) legacy = true;
    const listing = stored.doc;
    listingMap.set(id, { at: stored.at, doc: listing, keys: listingKeys(listing, parentOf) });
    slugs.set(listing.slug, listing.id);
    drafts.set(listing.draft_id, listing.id);
    if (stored.at > position) pending.push({ collection: 'listings', id });
  }
  const founderMap: Map<string, Stored<FounderDoc>> = foundersOfListings(listingMap.values());
  const storedFounders = new Map((await store.all('founders')).map(({ id, doc }) => [id, doc]));
  for (const [slug, stored] of founderMap)
    if (JSON.stringify(storedFounders.get(slug)) !== JSON.stringify(stored))
      pending.push({ collection: 'founders', id: slug });
  for (const slug of storedFounders.keys())
    if (!founderMap.has(slug)) pending.push({ collection: 'founders', id: slug });
  return {
    big: {
      listings: memoryRows(listingMap, MEMORY_INDEXES.listings),
      founders: memoryRows(founderMap, MEMORY_INDEXES.founders),
      slugs,
      drafts,
    },
    pending,
    legacy,
  };
};

/**
 * Store mode: listings and founders are read from the store on demand. Documents stored ahead of
 * the checkpoint (a crash before it) may be missing from the search index: they are pending
 * again, so the next flush writes them to the store's checkpoint and to search.
 */
const openInStore = async (store: ReadModelStore, position: number): Promise<OpenedBigCollections> => {
  const listings = storeRows<ListingDoc>(store, 'listings', position === 0);
  const founders = storeRows<FounderDoc>(store, 'founders', position === 0);
  const pending: DocumentRef[] = [];
  for (const [collection, rows] of [
    ['listings', listings],
    ['founders', founders],
  ] as const)
    for (const { id, doc } of await rows.find({ where: { [L.at]: { gt: position } } })) {
      (rows as Rows<unknown>).set(id, doc);
      pending.push({ collection, id });
    }
  return { big: { listings, founders, slugs: new Map(), drafts: new Map() }, pending, legacy: false };
};

export const openBigCollections = (
  store: ReadModelStore,
  mode: 'memory' | 'store',
  position: number,
  categories: ReadonlyMap<string, CategoryDoc>,
): Promise<OpenedBigCollections> =>
  mode === 'memory' ? loadInMemory(store, position, categories) : openInStore(store, position);
