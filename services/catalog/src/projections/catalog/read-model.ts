import type { AllSubscription, EventStore, RecordedEvent } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import { type ReadModelStore, type ReadModelWrite, StalePositionError } from '@listings/platform/read-models';
import type { SearchDocument, SearchIndex } from '@listings/platform/search';
import {
  type AwardsDoc,
  type BlogPostDoc,
  type CategoryDoc,
  COLLECTIONS,
  type Collection,
  documentOf,
  evolveDocument,
  type ListingDoc,
  type SettingsDoc,
} from './documents.ts';
import { toSearchDocument } from './search-documents.ts';

/** What queries read: the documents in memory, always consistent with `position`. */
export interface CatalogView {
  readonly position: number;
  /** bumps on every change: derived caches (category counts, boards) key on it */
  readonly version: number;
  listing(id: number): ListingDoc | undefined;
  listingBySlug(slug: string): ListingDoc | undefined;
  /** the listing saved from this draft, if any (a draft makes at most one listing) */
  listingByDraft(draftId: string): ListingDoc | undefined;
  listings(): Iterable<ListingDoc>;
  readonly categories: ReadonlyMap<string, CategoryDoc>;
  readonly blog: ReadonlyMap<string, BlogPostDoc>;
  readonly awards: ReadonlyMap<string, AwardsDoc>;
  settings(): SettingsDoc | undefined;
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

const FLUSH_EVERY = 5000;

/**
 * The indexes the catalog's documents declare in a store that has them (MongoDB), on the stored
 * `{ at, doc }` rows. Queries read the documents in memory today (see docs/architecture.md); these
 * are what a query path that reads the store instead would use. Slugs are unique by their
 * reservation streams; the unique index is a second guard (listings are never deleted, so every
 * stored listing has a slug).
 */
export const CATALOG_INDEXES = {
  listings: [
    { fields: ['doc.slug'], unique: true },
    { fields: ['doc.draft_id'] },
    { fields: ['doc.owners'] },
    { fields: ['doc.status', 'doc.launch_week'] },
    { fields: ['doc.launch_week'] },
  ],
} as const;

/** how a document is stored: with the position of the last event folded into it */
interface Stored {
  readonly at: number;
  readonly doc: unknown;
}
/** documents stored before they carried their position are bare: position 0 (older than any replay) */
const storedOf = (value: unknown): Stored =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as Stored).at === 'number' &&
  'doc' in value &&
  Object.keys(value).length === 2
    ? (value as Stored)
    : { at: 0, doc: value };

/**
 * Folds catalog events into documents (pure `evolveDocument`), guarded by the event position so
 * a replay or a duplicate delivery changes nothing. Documents live in memory for queries and are
 * written, with the position, to the read-model store and then the search index in batches. At
 * start it loads the stored documents and catches up from the stored position.
 *
 * Crash safety. Each stored document carries the position of the last event folded into it, and a
 * document is never folded twice (`at` guard). The store writes documents before its checkpoint
 * (MongoDB has no transaction here), and the search index is written after the store:
 *  - a crash between the documents and the checkpoint leaves documents ahead of the checkpoint:
 *    they load as they are, the tail replays without folding them again, and they are written to
 *    the store and the search index again at the next flush (search may lack them);
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
}): Promise<CatalogReadModel> => {
  const docs = Object.fromEntries(COLLECTIONS.map((c) => [c, new Map<string, unknown>()])) as Record<
    Collection,
    Map<string, unknown>
  >;
  const ats = Object.fromEntries(COLLECTIONS.map((c) => [c, new Map<string, number>()])) as Record<
    Collection,
    Map<string, number>
  >;
  for (const [collection, indexes] of Object.entries(CATALOG_INDEXES))
    await deps.store.declareIndexes?.(collection, indexes);
  // the position before the documents: a document another replica writes in between is newer
  // than the position, and its `at` keeps the replay from folding it twice
  let position = await deps.store.position();
  const dirty = new Map<string, { collection: Collection; id: string }>();
  let legacy = false;
  for (const collection of COLLECTIONS)
    for (const { id, doc } of await deps.store.all(collection)) {
      const stored = storedOf(doc);
      if (stored.at === 0) legacy = true;
      docs[collection].set(id, stored.doc);
      ats[collection].set(id, stored.at);
      // ahead of the checkpoint (a crash before it): the search index may lack it
      if (stored.at > position) dirty.set(`${collection}/${id}`, { collection, id });
    }
  const slugs = new Map<string, number>();
  const drafts = new Map<string, number>();
  for (const doc of docs.listings.values()) {
    slugs.set((doc as ListingDoc).slug, (doc as ListingDoc).id);
    drafts.set((doc as ListingDoc).draft_id, (doc as ListingDoc).id);
  }

  let version = 0;
  const listings = docs.listings as Map<string, ListingDoc>;
  const categories = docs.categories as Map<string, CategoryDoc>;

  // the search index follows the documents: bring it to the store's position before any query
  const searchAt = await deps.search.position();
  if (searchAt !== position) {
    const behind = searchAt > 0 && searchAt < position && !legacy;
    if (!behind) await deps.search.clear();
    const upsert: SearchDocument[] = [];
    for (const [id, doc] of listings)
      if (!behind || (ats.listings.get(id) ?? 0) > searchAt) upsert.push(toSearchDocument(doc, categories));
    if (position > 0) await deps.search.apply({ upsert, remove: [] }, position);
    deps.logger.warn(
      { search_position: searchAt, position, applied: upsert.length, rebuilt: !behind },
      'search index brought to the read model position',
    );
  }

  let flushedAt = position;
  let flushing: Promise<void> = Promise.resolve();
  let flushScheduled = false;

  const flushNow = async () => {
    if (dirty.size === 0 || position === flushedAt) return;
    const at = position;
    const writes: ReadModelWrite[] = [];
    const upsert: SearchDocument[] = [];
    const remove: string[] = [];
    for (const { collection, id } of dirty.values()) {
      const doc = docs[collection].get(id);
      writes.push({ collection, id, doc: doc === undefined ? null : { at: ats[collection].get(id) ?? at, doc } });
      if (collection === 'listings') {
        if (doc) upsert.push(toSearchDocument(doc as ListingDoc, categories));
        else remove.push(id);
      }
    }
    const batch = [...dirty.entries()];
    dirty.clear();
    try {
      let stale = false;
      try {
        await deps.store.write(writes, at);
      } catch (error) {
        if (!(error instanceof StalePositionError)) throw error;
        // another replica (or this one, before a failed search write) stored this far already
        stale = true;
      }
      // a shared search index another replica already brought this far keeps its newer documents
      if (!stale || (await deps.search.position()) < at) await deps.search.apply({ upsert, remove }, at);
    } catch (error) {
      for (const [key, target] of batch) if (!dirty.has(key)) dirty.set(key, target);
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
  const scheduleFlush = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(() => {
      flushScheduled = false;
      flush().catch((error) => deps.logger.error({ err: error }, 'catalog read model flush failed'));
    });
  };

  const waiters: { position: number; resolve: () => void }[] = [];
  const apply = (event: RecordedEvent) => {
    if (event.position <= position) return; // already folded in
    const target = documentOf(event);
    // a document stored ahead of the checkpoint already holds this event
    if (target && (ats[target.collection].get(target.id) ?? 0) < event.position) {
      const map = docs[target.collection];
      const next = evolveDocument(target.collection, map.get(target.id), event);
      if (next === undefined) {
        map.delete(target.id);
        ats[target.collection].delete(target.id);
      } else {
        map.set(target.id, next);
        ats[target.collection].set(target.id, event.position);
      }
      if (target.collection === 'listings' && next) {
        slugs.set((next as ListingDoc).slug, (next as ListingDoc).id);
        drafts.set((next as ListingDoc).draft_id, (next as ListingDoc).id);
      }
      dirty.set(`${target.collection}/${target.id}`, target);
      version++;
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
    handler: async (event) => {
      apply(event);
      if (dirty.size >= FLUSH_EVERY) await flush();
      else scheduleFlush();
    },
    onError: (error) => deps.logger.error({ err: error }, 'catalog read model stopped'),
  });
  await subscription.caughtUp;
  await flush();

  const view: CatalogView = {
    get position() {
      return position;
    },
    get version() {
      return version;
    },
    listing: (id) => listings.get(String(id)),
    listingBySlug: (slug) => {
      const id = slugs.get(slug);
      return id === undefined ? undefined : listings.get(String(id));
    },
    listingByDraft: (draftId) => {
      const id = drafts.get(draftId);
      return id === undefined ? undefined : listings.get(String(id));
    },
    listings: () => listings.values(),
    categories,
    blog: docs.blog as Map<string, BlogPostDoc>,
    awards: docs.awards as Map<string, AwardsDoc>,
    settings: () => docs.settings.get('site') as SettingsDoc | undefined,
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
      await flush();
    },
  };
};
