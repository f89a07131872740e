import { compareStandings, type Standing } from '../domain/week-awards/week-awards.ts';
import type { Week } from '../domain/weeks.ts';
import type { ListingDoc } from '../projections/catalog/documents.ts';
import { listingQueries } from '../projections/catalog/query-keys.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import { keptPerView } from './kept-per-view.ts';
import { placeIn } from './sorted.ts';

export interface RankedLaunch {
  readonly doc: ListingDoc;
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

/** one week's live launches ranked from scratch: one query (that week's listings), then a sort */
export const rankWeekFromScratch = async (view: CatalogView, week: Week): Promise<RankedLaunch[]> =>
  (await view.findListings({ where: listingQueries.liveInWeek(week.start) }))
    .map((doc) => ({ doc, standing: weeklyStanding(doc, week) }))
    .sort(compareLaunches);

/**
 * A week's live launches in the awards' order (most votes of the week first; the ones without a
 * vote last, by id), built once with one query and then kept up to date from the listing changes
 * the view folds: a vote re-places one launch (a binary search and a move) at the next read; a
 * change that moves no vote (a page view, an edit) swaps the launch's document as it is folded.
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
    const held = changed.has(id) ? undefined : byId.get(id);
    if (held && isLaunchOf(after, week) && sameVotes(before, after)) {
      // a change that moves no vote (a view, an edit): the launch keeps its place, its document
      // is swapped at once (a reader of the ranking sees the newer document in the same order)
      const entry = { doc: after, standing: held.standing };
      order[positionOf(order, held)] = entry;
      byId.set(id, entry);
      return;
    }
    changed.set(id, isLaunchOf(after, week) ? after : undefined);
  });

  const applyChanges = () => {
    if (changed.size === 0) return;
    // the array handed out before stays as it was: callers may still be reading it
    const next = order.slice();
    for (const [id, doc] of changed) {
      const held = byId.get(id);
      const standing = doc ? weeklyStanding(doc, week) : undefined;
      if (held && doc && standing && compareStandings(held.standing, standing) === 0) {
        // same place (a view, an edit): only the document changes
        const entry = { doc, standing };
        next[positionOf(next, held)] = entry;
        byId.set(id, entry);
        continue;
      }
      if (held) {
        next.splice(positionOf(next, held), 1);
        byId.delete(id);
      }
      if (doc && standing) {
        const entry = { doc, standing };
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
          for (const entry of ranked) byId.set(entry.doc.id, entry);
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
