import type { EventStore } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import {
  createDocumentWriter,
  type DocumentRef,
  type FindOptions,
  type ReadModelStore,
  type Scalar,
  type Where,
} from '@listings/platform/read-models';
import type { SearchIndex } from '@listings/platform/search';
import type { ListingAnalyticsDoc } from '../analytics/listing-analytics.ts';
import type { AwardsDoc } from '../awards/awards.ts';
import type { BlogPostDoc } from '../blog/blog-posts.ts';
import type { CategoryDoc } from '../categories/categories.ts';
import { F, type FounderDoc } from '../founders/founder.ts';
import type { ListingDoc } from '../listings/listing.ts';
import { L } from '../listings/listing-keys.ts';
import { bringSearchUp, followStoreWithSearch } from '../listings/search-sync.ts';
import type { ModerationDoc } from '../moderation/moderation.ts';
import type { SettingsDoc } from '../settings/site-settings.ts';
import type { VoteLedgerDoc } from '../vote-ledger/vote-ledger.ts';
import { type BigCollections, openBigCollections } from './big-collections.ts';
import { createCatalogFold, type ListingChangeListener } from './catalog-fold.ts';
import { createCatalogView } from './catalog-view.ts';
import { followCatalogLog } from './follow-log.ts';
import { type Stored, storedOf } from './rows.ts';
import { loadSmallCollections } from './small-collections.ts';

export type { ListingChangeListener } from './catalog-fold.ts';

/**
 * What queries read, always consistent with `position`. The small collections (categories, blog
 * posts, awards, settings: tens to hundreds of documents) are held in memory. Listings and
 * founders grow with the directory: they are read by id or by a query (listings/listing-keys.ts), answered
 * by the store's indexes (SQLite embedded, MongoDB in production), where no query loads a whole
 * collection.
 */
export interface CatalogView {
  readonly position: number;
  /** bumps on every change: derived caches (category counts, boards) key on it */
  readonly version: number;
  /**
   * bumps on every change but a listing's view count (`ListingViewed`): the caches of what views
   * cannot change (votes boards, alternatives, launches, counts) key on it, so page views, which
   * come with every first visit, do not empty them
   */
  readonly versionBesidesViews: number;
  listing(id: number): Promise<ListingDoc | undefined>;
  listingBySlug(slug: string): Promise<ListingDoc | undefined>;
  /** the listing saved from this draft, if any (a draft makes at most one listing) */
  listingByDraft(draftId: string): Promise<ListingDoc | undefined>;
  /** the listings a query on the stored paths (`L` in listings/listing-keys.ts) finds, sorted and paged */
  findListings(options: FindOptions): Promise<ListingDoc[]>;
  countListings(where?: Where): Promise<number>;
  /** the distinct values of a stored path among the listings matching `where`, sorted */
  distinctListingValues(field: string, where?: Where): Promise<Scalar[]>;
  /** how many listings matching `where` hold each value of a stored path (an array path: each element) */
  countListingsBy(field: string, where?: Where): Promise<Map<Scalar, number>>;
  founder(slug: string): Promise<FounderDoc | undefined>;
  /** the founders a query on `F` finds */
  findFounders(options: FindOptions): Promise<FounderDoc[]>;
  countFounders(where?: Where): Promise<number>;
  readonly categories: ReadonlyMap<string, CategoryDoc>;
  readonly blog: ReadonlyMap<string, BlogPostDoc>;
  readonly awards: ReadonlyMap<string, AwardsDoc>;
  /** each voted listing's votes by listing id, withdrawn ones kept (get_vote_ledger) */
  readonly ledger: ReadonlyMap<string, VoteLedgerDoc>;
  /** reported and moderated items by moderationItemId: reports and operator actions */
  readonly moderation: ReadonlyMap<string, ModerationDoc>;
  /** each listing's analytics by day and its counted votes by hour, by listing id (get_listing_analytics) */
  readonly analytics: ReadonlyMap<string, ListingAnalyticsDoc>;
  settings(): SettingsDoc | undefined;
  /**
   * Calls `listener` with each listing change the view folds (before and after; undefined for
   * none), right after the view holds it: what keeps a derived structure (a week's board) up to
   * date without a scan. Returns the function that stops the calls.
   */
  onListingChange(listener: ListingChangeListener): () => void;
  /**
   * Calls `listener` after each event that changed what a query reads (`version` bumped), once the
   * view holds it: what tells the edges their cached answers are old (main.ts's notices).
   */
  onChange(listener: () => void): () => void;
  /** searches what the view holds: pending changes reach the index first (read-your-writes) */
  readonly search: Pick<SearchIndex, 'search'>;
}

export interface CatalogReadModel {
  readonly view: CatalogView;
  /** resolves once the view has folded the event at `position` */
  waitFor(position: number): Promise<void>;
  /** writes what is pending to the read-model store and the search index */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The indexes the catalog's queries use in a store that has them (MongoDB, SQLite), on the stored
 * `{ at, doc, keys }` rows (listings/listing-keys.ts): every path a query filters or sorts on is declared,
 * so the MongoDB store keeps it at the top level of the row, where FerretDB indexes it too. Slugs are unique by their reservation streams; the
 * unique index is a second guard (listings are never deleted, so every stored listing has a slug).
 */
export const CATALOG_INDEXES = {
  listings: [
    { fields: [L.slug], unique: true },
    { fields: [L.id] },
    { fields: [L.draft] },
    { fields: [L.owners] },
    // a week's launches, and a page of them after an id (`eachListing`)
    { fields: [L.status, L.week, L.id] },
    { fields: [L.week] },
    { fields: [L.status, L.votes] },
    { fields: [L.primary] },
    // a category's live count (countBy over the categories a listing shows under)
    { fields: [L.shown] },
    { fields: [L.shown] },
    { fields: [L.notified] },
    { fields: [L.at] },
    // the sorts and filters of the listing pages (plan, billboard, Domain Rating, revenue): on
    // MongoDB each declared path is a top-level field, which FerretDB 1.24 also indexes
    { fields: [L.plan] },
    { fields: [L.billboard] },
    { fields: [L.dr] },
    { fields: [L.mrr] },
  ],
  founders: [{ fields: [F.name] }, { fields: [F.country] }, { fields: [F.at] }],
} as const;

/**
 * Folds catalog events into one projection per query family, each a pure evolve: listings
 * (projections/listings, with their query keys and search documents) and the founders derived
 * from the listings that name them, in the same fold (projections/founders); categories, blog
 * posts, awards and the site settings (the platform's document sets). Folds are guarded by the
 * event position so a replay or a duplicate delivery changes nothing. Documents are written, with
 * the position, to the read-model store by the platform's document writer, and then to the search
 * index (its `afterWrite`), in batches.
 *
 * Where the documents live while running:
 *  - `memory` (a store that cannot query: the in-memory one of the demo loader): every document
 *    is loaded at start and queries scan memory;
 *  - `store` (SQLite, MongoDB): only the small collections are loaded; listings and founders are read by
 *    id (an LRU cache of CACHE_ROWS) or by indexed queries. A query first waits for pending
 *    changes to be written, so it reads what this replica has folded (read-your-writes).
 * The default is `store` when the store answers queries.
 *
 * Crash safety. Each stored document carries the position of the last event folded into it, and a
 * document is never folded twice (`at` guard). The store writes documents before its checkpoint
 * (MongoDB has no transaction here), and the search index is written after the store:
 *  - a crash between the documents and the checkpoint leaves documents ahead of the checkpoint:
 *    the tail replays without folding them again, and they are written to the store and the
 *    search index again at the next flush (search may lack them);
 *  - founders are written before the listings that name them: a crash between the two replays
 *    the listing's event, which derives the same founder entries again;
 *  - a crash between the store and the search index leaves search behind the store: at start
 *    every document written after the search index's position (`at` above it) is applied again,
 *    so the two agree before any query runs; a search index that is new, or ahead (the store was
 *    cleared or restored beneath it), is rebuilt from the documents;
 *  - a search write that fails while running is logged ("flush failed"), kept pending and retried
 *    at the next flush, which hands search the failed batch again whole (the rows count it as
 *    written: the document writer keeps it), so search never moves past a listing it missed.
 * Several replicas may share one store: a write refused as stale (StalePositionError) means
 * another replica stored this far already, documents included; this replica then only brings its
 * search index up (its own, or a shared one not yet this far).
 */
export const openCatalogReadModel = async (deps: {
  events: EventStore;
  store: ReadModelStore;
  search: SearchIndex;
  logger: Pick<Logger, 'error' | 'info' | 'warn'>;
  /** where listings and founders live while running (above); default `store` when the store answers queries */
  documents?: 'memory' | 'store';
}): Promise<CatalogReadModel> => {
  const mode = deps.documents ?? (deps.store.find ? 'store' : 'memory');
  for (const [collection, indexes] of Object.entries(CATALOG_INDEXES))
    await deps.store.declareIndexes?.(collection, indexes);
  const position = await startingPosition(deps.store, mode, deps.logger);
  const { small, ...smallLoad } = await loadSmallCollections(deps.store, position);
  const categories = small.categories.view;
  const { big, ...bigLoad } = await openBigCollections(deps.store, mode, position, categories);
  const followSearch = followStoreWithSearch(deps.search, categories);
  const writer = createDocumentWriter({
    store: deps.store,
    position: () => fold.position,
    flushedAt: position,
    changesOnly: true,
    // a listing or founder: its pending value (undefined: an earlier flush wrote it); a small document: as held
    valueToWrite: (ref) => {
      if (ref.collection === GENERATION_DOC.collection) return { generation: CATALOG_READ_MODEL_GENERATION };
      const rows = rowsOf(big, ref.collection);
      return rows ? rows.pendingValue(ref.id) : (small.of(ref.collection)?.get(ref.id) ?? null);
    },
    // founders first: a crash before their listings replays the listings' events, which derive them again
    order: (a, b) => Number(b.collection === 'founders') - Number(a.collection === 'founders'),
    afterWrite: async (writes, at, stale) => {
      // each value is the one this flush took from the same rows (valueToWrite)
      for (const { collection, id, doc } of writes)
        rowsOf(big, collection)?.flushed(id, (doc ?? undefined) as Stored<never>);
      await followSearch(writes, at, stale);
    },
  });
  for (const ref of [...smallLoad.pending, ...bigLoad.pending]) writer.mark(ref.collection, ref.id);
  // a store built from the start says which generation wrote it, with its first flush
  if (position === 0) writer.mark(GENERATION_DOC.collection, GENERATION_DOC.id);
  const legacy = smallLoad.legacy || bigLoad.legacy;
  await bringSearchUp({
    search: deps.search,
    listings: big.listings,
    mode,
    position,
    legacy,
    categories,
    logger: deps.logger,
  });

  const mark = (ref: DocumentRef) => writer.mark(ref.collection, ref.id);
  const fold = createCatalogFold({ small, big, mode, position, mark, logger: deps.logger });
  const following = await followCatalogLog({
    events: deps.events,
    fold,
    writer,
    fromEmpty: mode === 'store' && position === 0,
    logger: deps.logger,
  });
  const view = createCatalogView({
    fold,
    small,
    big,
    mode,
    search: deps.search,
    flush: writer.flush,
    pending: () => writer.pending,
  });
  return { view, waitFor: fold.waitFor, flush: writer.flush, close: following.close };
};

const rowsOf = (big: BigCollections, collection: string) =>
  collection === 'listings' ? big.listings : collection === 'founders' ? big.founders : undefined;

/**
 * What the stored documents were written by: a store of an older generation lacks a collection a
 * newer projection keeps (generation 2: the vote ledger; 3: moderation and hidden listings; 4: the owners' analytics), so it is cleared and rebuilt from the
 * events, once, in either mode. Bump it when a projection is added or changes what it stores.
 */
export const CATALOG_READ_MODEL_GENERATION = 4;
const GENERATION_DOC = { collection: 'meta', id: 'generation' } as const;

/**
 * The store's position, read before the documents: a document another replica writes in between
 * is newer than the position, and its `at` keeps the replay from folding it twice. A store of an
 * older generation, or whose listings predate their query keys, is cleared (position 0): rebuilt
 * from the event store, once. Every listing is written by one version of this code, so one
 * listing tells: no scan.
 */
const startingPosition = async (
  store: ReadModelStore,
  mode: 'memory' | 'store',
  logger: Pick<Logger, 'warn'>,
): Promise<number> => {
  const position = await store.position();
  const rebuild = async (why: string) => {
    logger.warn({ position }, `catalog read model ${why}: rebuilding it from the events`);
    await store.clear();
    return 0;
  };
  if (position === 0) return 0;
  if (mode === 'store') {
    const [first] = (await store.find?.('listings', { limit: 1 })) ?? [];
    if (first !== undefined && storedOf(first.doc).keys === undefined) return rebuild('predates its query keys');
  }
  const stored = (await store.get(GENERATION_DOC.collection, GENERATION_DOC.id)) as { generation?: number } | undefined;
  const generation = stored?.generation ?? 1;
  if (generation < CATALOG_READ_MODEL_GENERATION)
    return rebuild(`is of generation ${generation}, not ${CATALOG_READ_MODEL_GENERATION}`);
  return position;
};
