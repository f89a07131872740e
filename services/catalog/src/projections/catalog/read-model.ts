import type { AllSubscription, EventStore, RecordedEvent } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import { reportProgress } from '@listings/platform/progress';
import {
  countByInRows,
  distinctInRows,
  type FindOptions,
  findInRows,
  type ReadModelStore,
  type ReadModelWrite,
  rowsMatching,
  type Scalar,
  StalePositionError,
  valueAt,
  type Where,
} from '@listings/platform/read-models';
import type { SearchDocument, SearchIndex } from '@listings/platform/search';
import { untilStoreAnswers } from '@listings/platform/store-wait';
import {
  type AwardsDoc,
  type BlogPostDoc,
  type CategoryDoc,
  type Collection,
  documentOf,
  evolveDocument,
  type ListingDoc,
  type SettingsDoc,
} from './documents.ts';
import { F, type FounderDoc, foundersNamedBy, L, listingKeys, withFounderListing } from './query-keys.ts';
import { toSearchDocument } from './search-documents.ts';

/**
 * What queries read, always consistent with `position`. The small collections (categories, blog
 * posts, awards, settings: tens to hundreds of documents) are held in memory. Listings and
 * founders grow with the directory: they are read by id or by a query (query-keys.ts), answered
 * from memory by the embedded read model and by MongoDB's indexes in production, where no query
 * loads a whole collection.
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
  /** the listings a query on the stored paths (`L` in query-keys.ts) finds, sorted and paged */
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
  settings(): SettingsDoc | undefined;
  /**
   * Calls `listener` with each listing change the view folds (before and after; undefined for
   * none), right after the view holds it: what keeps a derived structure (a week's board) up to
   * date without a scan. Returns the function that stops the calls.
   */
  onListingChange(listener: ListingChangeListener): () => void;
  /** searches what the view holds: pending changes reach the index first (read-your-writes) */
  readonly search: Pick<SearchIndex, 'search'>;
}

export type ListingChangeListener = (before: ListingDoc | undefined, after: ListingDoc | undefined) => void;

export interface CatalogReadModel {
  readonly view: CatalogView;
  /** resolves once the view has folded the event at `position` */
  waitFor(position: number): Promise<void>;
  /** writes what is pending to the read-model store and the search index */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const FLUSH_EVERY = 5000;
/**
 * documents a first start on an empty store holds before it writes them (it writes once at the end
 * below this): bounds the memory of a first start at any catalog size (a few hundred MB here), while
 * a catalog up to about this many documents still goes in with no document written twice
 */
const FLUSH_EVERY_FROM_EMPTY = 50_000;
/**
 * how long folded changes wait before they are written, with whatever else is folded meanwhile:
 * a burst of page views (each an event) is one write of the store and the search index, not one
 * each (reads never wait for it: memory answers them, and a query on the store or the search
 * index writes what is pending first)
 */
const FLUSH_DELAY_MS = 50;
/** listings and founders the store-backed read model keeps at hand (the rest is read on demand) */
const CACHE_ROWS = 20_000;
/** documents per page when the search index is brought up from the store */
const BATCH = 1000;

/**
 * The indexes the catalog's queries use in a store that has them (MongoDB), on the stored
 * `{ at, doc, keys }` rows (query-keys.ts): every path a query filters or sorts on is declared,
 * so the MongoDB store keeps it at the top level of the row, where FerretDB indexes it too. Slugs are unique by their reservation streams; the
 * unique index is a second guard (listings are never deleted, so every stored listing has a slug).
 */
export const CATALOG_INDEXES = {
  listings: [
    { fields: [L.slug], unique: true },
    { fields: [L.id] },
    { fields: [L.draft] },
    { fields: [L.owners] },
    { fields: [L.status, L.week] },
    { fields: [L.week] },
    { fields: [L.status, L.votes] },
    { fields: [L.primary] },
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

/** the fields the in-memory read model keeps hash indexes on (the equalities its queries use) */
const MEMORY_INDEXES = {
  listings: [L.status, L.week, L.primary, L.owners, L.notified, L.plan],
  founders: [F.country],
} as const;

/** the small collections, held in memory */
const SMALL = ['categories', 'blog', 'awards', 'settings'] as const;
type Small = (typeof SMALL)[number];
type Big = 'listings' | 'founders';

/** how a document is stored: with the position of the last event folded into it (and a listing's keys) */
interface Stored {
  readonly at: number;
  readonly doc: unknown;
  readonly keys?: unknown;
}
/** documents stored before they carried their position are bare: position 0 (older than any replay) */
const storedOf = (value: unknown): Stored =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as Stored).at === 'number' &&
  'doc' in value &&
  Object.keys(value).every((key) => key === 'at' || key === 'doc' || key === 'keys')
    ? (value as Stored)
    : { at: 0, doc: value };

/**
 * Rows of a big collection (listings, founders): held all in memory (`memoryRows`, the embedded
 * read model, whose store cannot query) or read from the store on demand (`storeRows`).
 */
interface Rows {
  get(id: string): Promise<Stored | undefined>;
  /** a folded value (undefined: deleted), pending until flushed */
  set(id: string, value: Stored | undefined): void;
  /** the value a flush writes: null to delete, undefined when nothing is pending (flushed already) */
  pendingValue(id: string): Stored | null | undefined;
  /** after a flush stored `value` under `id` */
  flushed(id: string, value: Stored | undefined): void;
  /** whether values are waiting for a flush (queries on the store must wait for it) */
  readonly waiting: boolean;
  find(options: FindOptions): Promise<{ id: string; doc: Stored }[]>;
  count(where?: Where): Promise<number>;
  distinct(field: string, where?: Where): Promise<Scalar[]>;
  countBy(field: string, where?: Where): Promise<Map<Scalar, number>>;
}

/**
 * Rows held in memory, with a hash index per `indexed` field (value → ids; an array field is
 * indexed per element): a query with an equality (`eq`, `in`) on one of them reads only the
 * documents of the smallest such bucket, then checks every condition on them as a scan would.
 */
const memoryRows = (map: Map<string, Stored>, indexed: readonly string[] = []): Rows => {
  const indexes = new Map(indexed.map((field) => [field, new Map<unknown, Set<string>>()]));
  const valuesOf = (value: Stored, field: string): unknown[] => {
    const at = valueAt(value, field);
    return Array.isArray(at) ? at : [at];
  };
  const index = (id: string, value: Stored, add: boolean) => {
    for (const [field, buckets] of indexes)
      for (const key of valuesOf(value, field)) {
        let ids = buckets.get(key);
        if (add) {
          if (!ids) {
            ids = new Set();
            buckets.set(key, ids);
          }
          ids.add(id);
        } else if (ids) {
          ids.delete(id);
          if (ids.size === 0) buckets.delete(key);
        }
      }
  };
  for (const [id, value] of map) index(id, value, true);
  const all = function* () {
    for (const [id, doc] of map) yield { id, doc };
  };
  /** the rows a query can match: an indexed equality's bucket (the smallest), else every row */
  const candidates = (where: Where | undefined): Iterable<{ id: string; doc: Stored }> => {
    let best: Set<string> | undefined;
    for (const [field, condition] of Object.entries(where ?? {})) {
      const buckets = indexes.get(field);
      if (!buckets) continue;
      let ids: Set<string> | undefined;
      if ('eq' in condition) ids = buckets.get(condition.eq) ?? new Set();
      else if ('in' in condition) {
        ids = new Set();
        for (const key of condition.in) for (const id of buckets.get(key) ?? []) ids.add(id);
      }
      if (ids && (!best || ids.size < best.size)) best = ids;
    }
    if (!best) return all();
    const chosen = best;
    return (function* () {
      for (const id of chosen) {
        const doc = map.get(id);
        if (doc) yield { id, doc };
      }
    })();
  };
  return {
    get: async (id) => map.get(id),
    set: (id, value) => {
      const before = map.get(id);
      if (before) index(id, before, false);
      if (value === undefined) map.delete(id);
      else {
        map.set(id, value);
        index(id, value, true);
      }
    },
    pendingValue: (id) => map.get(id) ?? null,
    flushed: () => {},
    waiting: false,
    find: async (options) => findInRows(candidates(options.where), options),
    count: async (where) => {
      // one equality on an indexed field: the bucket's size
      const conditions = Object.entries(where ?? {});
      const [only] = conditions;
      if (conditions.length === 1 && only && 'eq' in only[1] && indexes.has(only[0]))
        return indexes.get(only[0])?.get(only[1].eq)?.size ?? 0;
      let n = 0;
      for (const _ of rowsMatching(candidates(where), where)) n++;
      return n;
    },
    distinct: async (field, where) => distinctInRows(candidates(where), field, where),
    countBy: async (field, where) => countByInRows(candidates(where), field, where),
  };
};

/**
 * `fresh`: the store held nothing at start (position 0: a first start, or the demo catalog just
 * appended): a document this reader has not written is known absent, without a round trip per new
 * document while catching up (FerretDB answers a find by `_id` in milliseconds, thousands of times).
 */
const storeRows = (store: ReadModelStore, collection: Big, fresh = false): Rows => {
  const find = store.find?.bind(store);
  const count = store.count?.bind(store);
  const distinct = store.distinct?.bind(store);
  const countBy = store.countBy?.bind(store);
  if (!find || !count || !distinct || !countBy) throw new Error('the read-model store answers no queries');
  // null: known absent
  const pending = new Map<string, Stored | null>();
  const cache = new Map<string, Stored | null>();
  let flushes = 0;
  /** with `fresh`: every id this reader wrote (what the store can hold) */
  const written = fresh ? new Set<string>() : null;
  /**
   * With `fresh`, until the cache first drops a row: every document of the collection is in the
   * cache or pending (this reader folded each one), so queries are answered from memory, as the
   * embedded read model answers them, not by the store: FerretDB 1.24 on SQLite pushes no filter
   * but `_id` down (it scans the table for each), and a start with the demo catalog makes dozens.
   */
  let complete = fresh;
  const remember = (id: string, value: Stored | null) => {
    cache.delete(id);
    cache.set(id, value);
    if (cache.size > CACHE_ROWS) {
      cache.delete(cache.keys().next().value as string);
      complete = false;
    }
  };
  /** every document, when `complete` (pending over cached) */
  const held = function* () {
    for (const [id, doc] of pending) if (doc) yield { id, doc };
    for (const [id, doc] of cache) if (doc && !pending.has(id)) yield { id, doc };
  };
  return {
    get: async (id) => {
      for (;;) {
        const held = pending.has(id) ? pending.get(id) : cache.get(id);
        if (held !== undefined) return held ?? undefined;
        if (written && !written.has(id)) return undefined;
        const flushesBefore = flushes;
        const raw = await store.get(collection, id);
        // a fold or a flush while reading knows better than the read: the read may be older
        if (pending.has(id)) return pending.get(id) ?? undefined;
        if (cache.has(id)) return cache.get(id) ?? undefined;
        if (flushes !== flushesBefore) continue; // written meanwhile (and perhaps evicted): read again
        const value = raw === undefined ? null : storedOf(raw);
        remember(id, value);
        return value ?? undefined;
      }
    },
    set: (id, value) => {
      pending.set(id, value ?? null);
    },
    pendingValue: (id) => pending.get(id),
    flushed: (id, value) => {
      flushes++;
      written?.add(id);
      if ((pending.get(id) ?? undefined) !== value) return; // folded again since: still pending
      pending.delete(id);
      remember(id, value ?? null);
    },
    get waiting() {
      return pending.size > 0;
    },
    find: async (options) =>
      complete
        ? findInRows(held(), options)
        : (await find(collection, options)).map(({ id, doc }) => ({ id, doc: storedOf(doc) })),
    count: async (where) => {
      if (!complete) return count(collection, where);
      let n = 0;
      for (const _ of rowsMatching(held(), where)) n++;
      return n;
    },
    distinct: async (field, where) =>
      complete ? distinctInRows(held(), field, where) : distinct(collection, field, where),
    countBy: async (field, where) =>
      complete ? countByInRows(held(), field, where) : countBy(collection, field, where),
  };
};

/**
 * Folds catalog events into documents (pure `evolveDocument`), guarded by the event position so
 * a replay or a duplicate delivery changes nothing. Documents are written, with the position, to
 * the read-model store and then the search index in batches. Founders are derived from the
 * listings that name them, in the same fold.
 *
 * Where the documents live while running:
 *  - `memory` (the store cannot query: the embedded SQLite store): every document is loaded at
 *    start and queries scan memory;
 *  - `store` (MongoDB): only the small collections are loaded; listings and founders are read by
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
 *    at the next flush: the read model is never ahead of search without saying so.
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
  // the position before the documents: a document another replica writes in between is newer
  // than the position, and its `at` keeps the replay from folding it twice
  let position = await deps.store.position();
  // every listing is written by one version of this code (a store from before the keys is rebuilt
  // whole, below), so one listing tells: no scan
  const keyless = async () => {
    const [first] = (await deps.store.find?.('listings', { limit: 1 })) ?? [];
    return first !== undefined && storedOf(first.doc).keys === undefined;
  };
  if (mode === 'store' && position > 0 && (await keyless())) {
    // listings stored before their query keys existed: rebuild from the event store, once
    deps.logger.warn({ position }, 'catalog read model predates its query keys: rebuilding it from the events');
    await deps.store.clear();
    position = 0;
  }
  const dirty = new Map<string, { collection: Collection | 'founders'; id: string }>();
  const keyOf = (collection: string, id: string) => `${collection}/${id}`;

  const small = Object.fromEntries(SMALL.map((c) => [c, new Map<string, Stored>()])) as Record<
    Small,
    Map<string, Stored>
  >;
  let legacy = false;
  for (const collection of SMALL)
    for (const { id, doc } of await deps.store.all(collection)) {
      const stored = storedOf(doc);
      if (stored.at === 0) legacy = true;
      small[collection].set(id, stored);
      if (stored.at > position) dirty.set(keyOf(collection, id), { collection, id });
    }
  const values = <T>(map: Map<string, Stored>) =>
    new Map([...map].map(([id, stored]) => [id, stored.doc as T])) as Map<string, T>;
  const categories = values<CategoryDoc>(small.categories);
  const blog = values<BlogPostDoc>(small.blog);
  const awards = values<AwardsDoc>(small.awards);
  const parentOf = (slug: string) => categories.get(slug)?.parent;
  const mirrors: Record<Small, Map<string, unknown>> = {
    categories,
    blog,
    awards,
    settings: values<SettingsDoc>(small.settings),
  };

  let listings: Rows;
  let founders: Rows;
  // listing ids by slug and by draft: all of them in memory mode, those looked up in store mode
  const slugs = new Map<string, number>();
  const drafts = new Map<string, number>();
  if (mode === 'memory') {
    const listingMap = new Map<string, Stored>();
    for (const { id, doc } of await deps.store.all('listings')) {
      const stored = storedOf(doc);
      if (stored.at === 0) legacy = true;
      const listing = stored.doc as ListingDoc;
      // keys are derived here, not trusted from the store: documents stored before them lack them
      listingMap.set(id, { at: stored.at, doc: listing, keys: listingKeys(listing, parentOf) });
      slugs.set(listing.slug, listing.id);
      drafts.set(listing.draft_id, listing.id);
      if (stored.at > position) dirty.set(keyOf('listings', id), { collection: 'listings', id });
    }
    // founders are derived from the listings at every start (the stored ones are for other readers)
    const founderMap = new Map<string, Stored>();
    const byId = [...listingMap.values()].sort((a, b) => (a.doc as ListingDoc).id - (b.doc as ListingDoc).id);
    for (const { at, doc } of byId)
      for (const [slug, entry] of foundersNamedBy(doc as ListingDoc)) {
        const before = founderMap.get(slug);
        const next = withFounderListing(before?.doc as FounderDoc | undefined, slug, entry.id, entry);
        founderMap.set(slug, { at: Math.max(at, before?.at ?? 0), doc: next });
      }
    const storedFounders = new Map((await deps.store.all('founders')).map(({ id, doc }) => [id, doc]));
    for (const [slug, stored] of founderMap)
      if (JSON.stringify(storedFounders.get(slug)) !== JSON.stringify(stored))
        dirty.set(keyOf('founders', slug), { collection: 'founders', id: slug });
    for (const slug of storedFounders.keys())
      if (!founderMap.has(slug)) dirty.set(keyOf('founders', slug), { collection: 'founders', id: slug });
    listings = memoryRows(listingMap, MEMORY_INDEXES.listings);
    founders = memoryRows(founderMap, MEMORY_INDEXES.founders);
  } else {
    listings = storeRows(deps.store, 'listings', position === 0);
    founders = storeRows(deps.store, 'founders', position === 0);
    // ahead of the checkpoint (a crash before it): the search index may lack them
    // (pending again, so the next flush writes them to the store's checkpoint and to search)
    for (const big of ['listings', 'founders'] as const) {
      const rows = big === 'listings' ? listings : founders;
      for (const { id, doc } of await rows.find({ where: { [L.at]: { gt: position } } })) {
        rows.set(id, doc);
        dirty.set(keyOf(big, id), { collection: big, id });
      }
    }
  }

  let version = 0;
  let versionBesidesViews = 0;

  /** every listing matching `where`, a page at a time in id order (for bringing search up) */
  const eachListingPage = async (where: Where, handle: (docs: ListingDoc[]) => Promise<void>) => {
    if (mode === 'memory') {
      // one scan: memory answers a query by scanning, so paging would scan once per page
      const all = (await listings.find({ where, sort: [[L.id, 1]] })).map((row) => row.doc.doc as ListingDoc);
      for (let i = 0; i < all.length; i += BATCH) await handle(all.slice(i, i + BATCH));
      return;
    }
    let after = 0;
    for (;;) {
      const page = await listings.find({ where: { ...where, [L.id]: { gt: after } }, sort: [[L.id, 1]], limit: BATCH });
      const docs = page.map((row) => row.doc.doc as ListingDoc);
      const last = docs[docs.length - 1];
      if (!last) return;
      await handle(docs);
      after = last.id;
    }
  };

  // the search index follows the documents: bring it to the store's position before any query
  const searchAt = await deps.search.position();
  if (searchAt !== position) {
    const behind = searchAt > 0 && searchAt < position && !legacy;
    if (!behind) await deps.search.clear();
    let applied = 0;
    // pages go in at the index's old position; the last step moves it (a crash midway redoes them)
    await eachListingPage(behind ? { [L.at]: { gt: searchAt } } : {}, async (docs) => {
      applied += docs.length;
      await deps.search.apply(
        { upsert: docs.map((doc) => toSearchDocument(doc, categories)), remove: [] },
        behind ? searchAt : 0,
      );
    });
    if (position > 0) await deps.search.apply({ upsert: [], remove: [] }, position);
    deps.logger.warn(
      { search_position: searchAt, position, applied, rebuilt: !behind },
      'search index brought to the read model position',
    );
  }

  let flushedAt = position;
  let flushing: Promise<void> = Promise.resolve();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  const bigRows = (collection: string): Rows | undefined =>
    collection === 'listings' ? listings : collection === 'founders' ? founders : undefined;

  const flushNow = async () => {
    if (dirty.size === 0 || position === flushedAt) return;
    const at = position;
    // founders first: a crash before their listings replays the listings' events, which derive them again
    const batch = [...dirty.values()].sort(
      (a, b) => Number(b.collection === 'founders') - Number(a.collection === 'founders'),
    );
    dirty.clear();
    const writes: ReadModelWrite[] = [];
    const written: { rows: Rows; id: string; value: Stored | undefined }[] = [];
    const upsert: SearchDocument[] = [];
    const remove: string[] = [];
    for (const { collection, id } of batch) {
      const rows = bigRows(collection);
      const pendingValue = rows ? rows.pendingValue(id) : (small[collection as Small].get(id) ?? null);
      if (pendingValue === undefined) continue; // an earlier flush wrote it
      const value = pendingValue ?? undefined;
      writes.push({ collection, id, doc: value ?? null });
      if (rows) written.push({ rows, id, value });
      if (collection === 'listings') {
        if (value) upsert.push(toSearchDocument(value.doc as ListingDoc, categories));
        else remove.push(id);
      }
    }
    try {
      let stale = false;
      try {
        await deps.store.write(writes, at);
      } catch (error) {
        if (!(error instanceof StalePositionError)) throw error;
        // another replica (or this one, before a failed search write) stored this far already
        stale = true;
      }
      for (const { rows, id, value } of written) rows.flushed(id, value);
      // a shared search index another replica already brought this far keeps its newer documents
      if (!stale || (await deps.search.position()) < at) await deps.search.apply({ upsert, remove }, at);
    } catch (error) {
      for (const target of batch) {
        const key = keyOf(target.collection, target.id);
        if (!dirty.has(key)) dirty.set(key, target);
      }
      throw error;
    }
    flushedAt = at;
  };
  const flush = () => {
    // a failed flush must not block the next one: the dirty set still holds what is pending
    const next = flushing.then(flushNow);
    flushing = next.catch(() => {});
    return next;
  };
  /**
   * While catching up (a first start, the demo catalog, a replay) changes are written in batches
   * of FLUSH_EVERY documents and once at the end (on a store that held nothing: of
   * FLUSH_EVERY_FROM_EMPTY, see below),
   * not every FLUSH_DELAY_MS: a document written and then changed again costs an update, which
   * FerretDB answers with a scan of its table.
   */
  let catchingUp = true;
  /**
   * A store that held nothing (position 0, store mode) is filled with one write at the end of the
   * catch-up (or every FLUSH_EVERY_FROM_EMPTY documents, so memory stays bounded): every document
   * goes in once, by `insertMany`, and none is written and then updated
   * (on FerretDB 1.24's SQLite backend an update, even by `_id`, scans the whole table: 78 ms a
   * document at 10,000 rows, 226 ms at 30,000, so batches of FLUSH_EVERY grew quadratically). The
   * documents stay in memory until then; a crash meanwhile leaves the store empty at position 0,
   * and the next start catches up from 0 again.
   */
  const fromEmpty = mode === 'store' && position === 0;
  let folded = 0;
  const scheduleFlush = () => {
    if (catchingUp || flushTimer) return;
    flushTimer = setTimeout(() => {
      flushTimer = undefined;
      flush().catch((error) => deps.logger.error({ err: error }, 'catalog read model flush failed'));
    }, FLUSH_DELAY_MS);
    flushTimer.unref();
  };
  /** before a query on the store: what this replica folded is written (a no-op in memory mode) */
  const settled = async () => {
    if (listings.waiting || founders.waiting) await flush();
  };

  /**
   * The founder documents a listing's change makes: the founders it names before and after the
   * event. Reads only (the caller applies them with the listing, in one step).
   */
  const founderChanges = async (before: ListingDoc | undefined, after: ListingDoc | undefined, at: number) => {
    const was = foundersNamedBy(before);
    const now = foundersNamedBy(after);
    const changes: { slug: string; value: Stored | undefined }[] = [];
    for (const slug of new Set([...was.keys(), ...now.keys()])) {
      const entry = now.get(slug);
      if (JSON.stringify(was.get(slug)) === JSON.stringify(entry)) continue;
      const stored = await founders.get(slug);
      if (stored && stored.at >= at) continue; // already holds this event
      const id = (after ?? before)?.id as number;
      const next = withFounderListing(stored?.doc as FounderDoc | undefined, slug, id, entry);
      changes.push({ slug, value: next ? { at, doc: next } : undefined });
    }
    return changes;
  };

  const waiters: { position: number; resolve: () => void }[] = [];
  const listingListeners = new Set<ListingChangeListener>();
  const apply = async (event: RecordedEvent) => {
    if (event.position <= position) return; // already folded in
    const target = documentOf(event);
    if (target?.collection === 'listings') {
      const stored = await listings.get(target.id);
      // a document stored ahead of the checkpoint already holds this event
      const before = stored?.doc as ListingDoc | undefined;
      const next = evolveDocument('listings', before, event) as ListingDoc | undefined;
      // (an event of a listing not created yet, such as its id's claim, changes no document)
      if ((stored?.at ?? 0) < event.position && (before || next)) {
        // every read first, then every change at once: a flush never sees half an event
        const founderUpdates = await founderChanges(before, next, event.position);
        listings.set(
          target.id,
          next ? { at: event.position, doc: next, keys: listingKeys(next, parentOf) } : undefined,
        );
        if (next && mode === 'memory') {
          slugs.set(next.slug, next.id);
          drafts.set(next.draft_id, next.id);
        }
        for (const { slug, value } of founderUpdates) {
          founders.set(slug, value);
          dirty.set(keyOf('founders', slug), { collection: 'founders', id: slug });
        }
        dirty.set(keyOf('listings', target.id), target);
        version++;
        if (event.type !== 'ListingViewed') versionBesidesViews++;
        for (const listener of listingListeners)
          try {
            listener(before, next);
          } catch (error) {
            deps.logger.error({ err: error, position: event.position }, 'a listing change listener failed');
          }
      }
    } else if (target) {
      const collection = target.collection as Small;
      const map = small[collection];
      if ((map.get(target.id)?.at ?? 0) < event.position) {
        const next = evolveDocument(collection, map.get(target.id)?.doc, event);
        if (next === undefined) {
          map.delete(target.id);
          mirrors[collection].delete(target.id);
        } else {
          map.set(target.id, { at: event.position, doc: next });
          mirrors[collection].set(target.id, next);
        }
        dirty.set(keyOf(collection, target.id), target);
        version++;
        versionBesidesViews++;
      }
    }
    position = event.position;
    for (let i = waiters.length - 1; i >= 0; i--) {
      const waiter = waiters[i] as (typeof waiters)[number];
      if (waiter.position <= position) {
        waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  };

  const subscription: AllSubscription = deps.events.subscribeAll({
    after: position,
    // a store that stops answering while running (MongoDB restarting, an election) is waited for,
    // not the end of the read model: a fold reads before it changes anything, so trying it again is safe
    handler: (event) =>
      untilStoreAnswers(
        'catalog read model',
        async () => {
          await apply(event);
          if (catchingUp && ++folded % 1000 === 0) reportProgress(`catalog read model: ${folded} events folded`);
          if (dirty.size >= (catchingUp && fromEmpty ? FLUSH_EVERY_FROM_EMPTY : FLUSH_EVERY)) await flush();
          else scheduleFlush();
        },
        { logger: deps.logger },
      ),
    onError: (error) => deps.logger.error({ err: error }, 'catalog read model stopped'),
  });
  await subscription.caughtUp;
  catchingUp = false;
  await flush();

  const listingOf = (stored: Stored | undefined) => stored?.doc as ListingDoc | undefined;
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
  const view: CatalogView = {
    get position() {
      return position;
    },
    get version() {
      return version;
    },
    get versionBesidesViews() {
      return versionBesidesViews;
    },
    listing: async (id) => listingOf(await listings.get(String(id))),
    listingBySlug: async (slug) => {
      if (mode === 'store') return oneListing(slugs, slug, { [L.slug]: { eq: slug } });
      const id = slugs.get(slug);
      return id === undefined ? undefined : listingOf(await listings.get(String(id)));
    },
    listingByDraft: async (draftId) => {
      if (mode === 'store') return oneListing(drafts, draftId, { [L.draft]: { eq: draftId } });
      const id = drafts.get(draftId);
      return id === undefined ? undefined : listingOf(await listings.get(String(id)));
    },
    findListings: async (options) => {
      await settled();
      return (await listings.find(options)).map((row) => row.doc.doc as ListingDoc);
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
    founder: async (slug) => (await founders.get(slug))?.doc as FounderDoc | undefined,
    findFounders: async (options) => {
      await settled();
      return (await founders.find(options)).map((row) => row.doc.doc as FounderDoc);
    },
    countFounders: async (where) => {
      await settled();
      return founders.count(where);
    },
    categories,
    blog,
    awards,
    settings: () => mirrors.settings.get('site') as SettingsDoc | undefined,
    onListingChange: (listener) => {
      listingListeners.add(listener);
      return () => listingListeners.delete(listener);
    },
    search: {
      search: async (query) => {
        if (dirty.size > 0) await flush();
        return deps.search.search(query);
      },
    },
  };

  return {
    view,
    waitFor: (at) =>
      at <= position ? Promise.resolve() : new Promise((resolve) => waiters.push({ position: at, resolve })),
    flush,
    close: async () => {
      await subscription.close();
      clearTimeout(flushTimer);
      flushTimer = undefined;
      await flush();
    },
  };
};
