import type { AllSubscription, EventStore, RecordedEvent } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import type { ReadModelStore, ReadModelWrite } from '@listings/platform/read-models';
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
 * Folds catalog events into documents (pure `evolveDocument`), guarded by the event position so
 * a replay or a duplicate delivery changes nothing. Documents live in memory for queries and are
 * written, with the position, to the read-model store and the search index in batches. At start
 * it loads the stored documents and catches up from the stored position.
 */
export const openCatalogReadModel = async (deps: {
  events: EventStore;
  store: ReadModelStore;
  search: SearchIndex;
  logger: Pick<Logger, 'error' | 'info'>;
}): Promise<CatalogReadModel> => {
  const docs = Object.fromEntries(COLLECTIONS.map((c) => [c, new Map<string, unknown>()])) as Record<
    Collection,
    Map<string, unknown>
  >;
  const slugs = new Map<string, number>();
  for (const collection of COLLECTIONS)
    for (const { id, doc } of await deps.store.all(collection)) docs[collection].set(id, doc);
  const drafts = new Map<string, number>();
  for (const doc of docs.listings.values()) {
    slugs.set((doc as ListingDoc).slug, (doc as ListingDoc).id);
    drafts.set((doc as ListingDoc).draft_id, (doc as ListingDoc).id);
  }

  let position = await deps.store.position();
  let version = 0;
  const listings = docs.listings as Map<string, ListingDoc>;
  const categories = docs.categories as Map<string, CategoryDoc>;

  // the search index follows the documents; if it fell behind (or is new), rebuild it from them
  if ((await deps.search.position()) !== position) {
    await deps.search.clear();
    if (position > 0)
      await deps.search.apply(
        { upsert: [...listings.values()].map((l) => toSearchDocument(l, categories)), remove: [] },
        position,
      );
  }

  const dirty = new Map<string, { collection: Collection; id: string }>();
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
      writes.push({ collection, id, doc: doc ?? null });
      if (collection === 'listings') {
        if (doc) upsert.push(toSearchDocument(doc as ListingDoc, categories));
        else remove.push(id);
      }
    }
    const batch = [...dirty.entries()];
    dirty.clear();
    try {
      await deps.store.write(writes, at);
      await deps.search.apply({ upsert, remove }, at);
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
    if (target) {
      const map = docs[target.collection];
      const next = evolveDocument(target.collection, map.get(target.id), event);
      if (next === undefined) map.delete(target.id);
      else map.set(target.id, next);
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
