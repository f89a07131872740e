import type { Where } from '@listings/platform/read-models';
import { compareStandings, type Standing } from '../domain/week-awards/week-awards.ts';
import type { Week } from '../domain/weeks.ts';
import type { ListingDoc } from '../projections/catalog/documents.ts';
import { L, listingQueries } from '../projections/catalog/query-keys.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import { keptPerView } from './kept-per-view.ts';
import { placeIn } from './sorted.ts';

/**
 * A launch's place on a week's board: its id and its votes of the week, not its document. A board
 * holds every live launch of its week (the bench catalog has 1,000,000 in one), so holding each
 * one's document kept every listing in memory; a reader fetches the documents of the page it shows
 * (`launchDocs`), each a cache hit or one indexed read.
 */
export interface RankedLaunch {
  readonly id: number;
  readonly standing: Standing;
}

/** Votes cast during the week (Monday 00:00 to Sunday 23:59:59.999 UTC) and the time of the last one. */
export const weeklyStanding = (doc: ListingDoc, week: Week): Standing => {
  let votes = 0;
  let last: string | null = null;
  for (const at of Object.values(doc.votes)) {
    const t = Date.parse(at);
    if (t < week.startMs || t >= week.endMs) continue;
    votes++;
    if (last === null || at > last) last = at;
  }
  return { listing_id: doc.id, votes, last_vote_at: last };
};

const compareLaunches = (a: RankedLaunch, b: RankedLaunch) => compareStandings(a.standing, b.standing);

/** where `entry` is in `order` (sorted by compareLaunches), or where it would go */
const positionOf = (order: readonly RankedLaunch[], entry: RankedLaunch) => placeIn(order, entry, compareLaunches);

/** the same votes object: the event changed no vote (documents are replaced, never changed in place) */
const sameVotes = (before: ListingDoc | undefined, after: ListingDoc | undefined) =>
  before !== undefined && after !== undefined && before.votes === after.votes;

const isLaunchOf = (doc: ListingDoc | undefined, week: Week): doc is ListingDoc =>
  doc !== undefined && doc.status === 'live' && doc.launch_week === week.start;

const launchOf = (doc: ListingDoc, week: Week): RankedLaunch => ({ id: doc.id, standing: weeklyStanding(doc, week) });

/** a page of `eachListing`: the documents held at once */
export const LISTING_PAGE = 2_000;

/**
 * Every listing matching `where`, by id, read a page at a time (the ids after the last one read),
 * so no more than a page of documents is held at once however many match (a week of the bench
 * catalog has 1,000,000 launches). `where` must not name the id.
 */
export const eachListing = async function* (
  view: CatalogView,
  where: Where,
  size = LISTING_PAGE,
): AsyncGenerator<ListingDoc> {
  let after = Number.NEGATIVE_INFINITY;
  for (;;) {
    const page = await view.findListings({
      where: Number.isFinite(after) ? { ...where, [L.id]: { gt: after } } : where,
      sort: [[L.id, 1]],
      limit: size,
    });
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < size) return;
    after = last.id;
  }
};

/** one week's live launches ranked from scratch: one query (that week's listings) a page at a time, then a sort */
export const rankWeekFromScratch = async (view: CatalogView, week: Week): Promise<RankedLaunch[]> => {
  const launches: RankedLaunch[] = [];
  for await (const doc of eachListing(view, listingQueries.liveInWeek(week.start))) launches.push(launchOf(doc, week));
  return launches.sort(compareLaunches);
};

/**
 * The documents of some launches of a board (a page of it), in the board's order; a launch whose
 * listing left the week since the board was read is left out, like one that went after the read.
 */
export const launchDocs = async (view: CatalogView, launches: readonly RankedLaunch[]): Promise<ListingDoc[]> =>
  (await Promise.all(launches.map((launch) => view.listing(launch.id)))).filter((doc) => doc !== undefined);

/**
 * A week's live launches in the awards' order (most votes of the week first; the ones without a
 * vote last, by id), built once with one query and then kept up to date from the listing changes
 * the view folds: a vote re-places one launch (a binary search and a move) at the next read; a
 * change that moves no vote (a page view, an edit) leaves the board as it is.
 */
export const createWeekBoard = (view: CatalogView, week: Week) => {
  /** the latest document of each launch changed since the last read (undefined: no longer a launch) */
  const changed = new Map<number, ListingDoc | undefined>();
  let order: RankedLaunch[] = [];
  const byId = new Map<number, RankedLaunch>();
  let built: Promise<void> | null = null;
  // registered before the first build: a change folded while it runs is applied after it
  const stop = view.onListingChange((before, after) => {
    const id = (after ?? before)?.id;
    if (id === undefined || !(isLaunchOf(before, week) || isLaunchOf(after, week))) return;
    // a change that moves no vote (a view, an edit) of a launch that stays one keeps its place
    if (!changed.has(id) && byId.has(id) && isLaunchOf(after, week) && sameVotes(before, after)) return;
    changed.set(id, isLaunchOf(after, week) ? after : undefined);
  });

  const applyChanges = () => {
    if (changed.size === 0) return;
    // the array handed out before stays as it was: callers may still be reading it
    const next = order.slice();
    for (const [id, doc] of changed) {
      const held = byId.get(id);
      const entry = doc ? launchOf(doc, week) : undefined;
      if (held && entry && compareStandings(held.standing, entry.standing) === 0) continue; // same place
      if (held) {
        next.splice(positionOf(next, held), 1);
        byId.delete(id);
      }
      if (entry) {
        next.splice(positionOf(next, entry), 0, entry);
        byId.set(id, entry);
      }
    }
    changed.clear();
    order = next;
  };

  return {
    /** the ranking as of now (do not change the array: it is shared until the next change) */
    ranking: async (): Promise<readonly RankedLaunch[]> => {
      built ??= rankWeekFromScratch(view, week).then(
        (ranked) => {
          order = ranked;
          for (const entry of ranked) byId.set(entry.id, entry);
        },
        (error: unknown) => {
          built = null;
          throw error;
        },
      );
      await built;
      applyChanges();
      return order;
    },
    /** stops following the view's changes */
    close: stop,
  };
};

export type WeekBoard = ReturnType<typeof createWeekBoard>;

/** boards kept per view (the weeks asked for last), each following the view's changes */
const BOARDS_MAX = 8;
const boards = keptPerView<WeekBoard>(BOARDS_MAX);

/** the board of `week` on `view`: built at its first read, kept up to date from then on */
export const weekBoardOf = (view: CatalogView, week: Week): WeekBoard =>
  boards(view, week.start, () => createWeekBoard(view, week));

/**
 * Live launches of a week ranked by community votes of that week (the awards' order), from the
 * week's board: built at its first read, then kept up to date from the listing changes.
 */
export const weekRanking = (view: CatalogView, week: Week): Promise<readonly RankedLaunch[]> =>
  weekBoardOf(view, week).ranking();
