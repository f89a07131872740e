import type { ListingDoc } from '../projections/catalog/documents.ts';
import { L, listingQueries } from '../projections/catalog/query-keys.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import { keptPerView } from './kept-per-view.ts';
import { voteCount } from './presenters.ts';
import { placeIn } from './sorted.ts';

/** listings kept per category by default: the alternatives' 20 and room for the ones they leave out */
export const CATEGORY_TOP_KEPT = 64;

interface Entry {
  readonly doc: ListingDoc;
  readonly votes: number;
}

/** most votes (all time) first, then the lowest id: the order of the catalog's `votes` sort */
const compareEntries = (a: Entry, b: Entry) => b.votes - a.votes || a.doc.id - b.doc.id;

const entryOf = (doc: ListingDoc): Entry => ({ doc, votes: voteCount(doc) });

const placeOf = (order: readonly Entry[], entry: Entry) => placeIn(order, entry, compareEntries);

/**
 * The most voted live listings of one primary category (what a listing's alternatives are made
 * of besides the approved ones), read with one query and then kept up to date from the listing
 * changes the view folds, so a vote or an edit anywhere does not send every category's next page
 * back to a scan of the category (at 100,000 listings, 5,000 a category, about 9 ms each).
 *
 * It holds the exact top `kept` (or fewer): a change re-places the listing among them, a listing
 * that falls below the last one kept, or leaves, is dropped, and the ones kept stay the exact top.
 * A read that needs more than it holds, when the category has more, reads the category again.
 */
export const createCategoryTop = (view: CatalogView, primary: string, kept = CATEGORY_TOP_KEPT) => {
  const belongs = (doc: ListingDoc | undefined): doc is ListingDoc =>
    doc !== undefined && doc.status === 'live' && doc.categories[0] === primary;
  /** the exact top of the category, in order */
  let top: Entry[] = [];
  /** the category has no live listing besides those in `top` */
  let complete = false;
  let capacity = kept;
  let read: Promise<void> | null = null;
  /** the latest document of each listing of the category changed since the last read (undefined: it left) */
  const changed = new Map<number, ListingDoc | undefined>();
  // registered before the first read: a change folded while it runs is applied after it
  const stop = view.onListingChange((before, after) => {
    if (belongs(before) || belongs(after))
      changed.set((after ?? before)?.id as number, belongs(after) ? after : undefined);
  });

  const readAgain = (needed: number) => {
    capacity = Math.max(capacity, needed);
    const reading = view
      .findListings({
        where: { ...listingQueries.live, [L.primary]: { eq: primary } },
        sort: [
          [L.votes, -1],
          [L.id, 1],
        ],
        limit: capacity + 1,
      })
      .then((docs) => {
        complete = docs.length <= capacity;
        top = docs.slice(0, capacity).map(entryOf);
      });
    read = reading.catch((error: unknown) => {
      read = null;
      throw error;
    });
    return read;
  };

  const applyChanges = () => {
    if (changed.size === 0) return;
    // the array handed out before stays as it was: callers may still be reading it
    const next = top.slice();
    for (const [id, doc] of changed) {
      const held = next.findIndex((entry) => entry.doc.id === id);
      if (held >= 0) next.splice(held, 1);
      if (!doc) continue;
      const entry = entryOf(doc);
      const place = placeOf(next, entry);
      // below the last one kept: in the top only when nothing else of the category is left out
      if (place < next.length || complete) next.splice(place, 0, entry);
      if (next.length > capacity) {
        next.pop();
        complete = false;
      }
    }
    changed.clear();
    top = next;
  };

  return {
    /** the first `count` of the category (fewer when it has fewer), most voted first */
    first: async (count: number): Promise<ListingDoc[]> => {
      await (read ?? readAgain(count));
      applyChanges();
      if (top.length < count && !complete) {
        await readAgain(count);
        applyChanges();
      }
      return top.slice(0, count).map((entry) => entry.doc);
    },
    /** stops following the view's changes */
    close: stop,
  };
};

export type CategoryTop = ReturnType<typeof createCategoryTop>;

/** at most this many categories' tops are kept per view (the ones asked for last) */
const TOPS_MAX = 1000;
const tops = keptPerView<CategoryTop>(TOPS_MAX);

/** the top of `primary` on `view`: read at its first use, kept up to date from then on */
export const categoryTopOf = (view: CatalogView, primary: string): CategoryTop =>
  tops(view, primary, () => createCategoryTop(view, primary));

/** reads every category's top that has a live listing (at start: the first pages do not wait for it) */
export const readCategoryTops = async (view: CatalogView) => {
  for (const primary of await view.distinctListingValues(L.primary, listingQueries.live))
    if (typeof primary === 'string') await categoryTopOf(view, primary).first(1);
};
