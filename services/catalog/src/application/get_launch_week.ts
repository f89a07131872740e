import { resolveWeek } from '../domain/weeks.ts';
import { L, listingQueries } from '../projections/catalog/query-keys.ts';
import type { CatalogHandler } from './operation-context.ts';
import { summaryOf } from './presenters.ts';
import { weekRulesVersion } from './ranking-rules.ts';
import { launchDocs, weekRanking } from './week-board.ts';

/** get_launch_week: a week's live launches ranked by that week's votes, then (a week not over) the ones scheduled. */
export const getLaunchWeek: CatalogHandler<'get_launch_week'> = async (call, { view, clock }) => {
  const week = resolveWeek(call.params.week as string, clock.now(), 'params.week');
  const ranked = await weekRanking(view, week);
  const votes = new Map(ranked.map((launch) => [launch.id, launch.standing.votes]));
  const live = (await launchDocs(view, ranked)).map((doc) => ({
    ...summaryOf(doc),
    week_votes: votes.get(doc.id) ?? 0,
  }));
  const scheduled =
    week.endMs > clock.now().getTime()
      ? await view.findListings({ where: listingQueries.upcomingInWeek(week.start), sort: [[L.id, 1]] })
      : [];
  return {
    week_start: week.start,
    week_end: week.end,
    items: [...live, ...scheduled.map((doc) => ({ ...summaryOf(doc), week_votes: 0 }))],
    rules_version: weekRulesVersion(view, week),
  };
};
