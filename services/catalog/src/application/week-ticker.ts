import type { Clock } from '@listings/platform/clock';
import type { Logger } from '@listings/platform/logger';
import type { Standing } from '../domain/week-awards/week-awards.ts';
import { isoDate, mondayOf, weekOf } from '../domain/weeks.ts';
import { L, listingQueries } from '../projections/catalog/query-keys.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import type { CatalogCommands } from './commands.ts';
import { eachListing, weeklyStanding } from './week-board.ts';

/**
 * Time-driven work, run at start-up and then every minute: paid scheduled listings whose week has
 * begun go live, and every launch week that has ended gets its Launch of the Week awards. Free
 * listings go live by their own free launch workflow (`workflows/free-launch-workflow.ts`).
 */
export const createWeekTicker = (deps: {
  view: CatalogView;
  commands: CatalogCommands;
  clock: Clock;
  logger: Pick<Logger, 'error' | 'info'>;
}) => {
  const tick = async () => {
    const now = deps.clock.now();
    const thisWeek = isoDate(mondayOf(now));
    const due = await deps.view.findListings({
      where: { [L.status]: { eq: 'scheduled' }, [L.plan]: { ne: 'free' }, [L.week]: { lte: thisWeek } },
      sort: [[L.id, 1]],
    });
    for (const doc of due) await deps.commands.goLive(doc.id);
    // past weeks with live launches: one distinct query, then only the weeks without awards
    const weeks = await deps.view.distinctListingValues(L.week, {
      ...listingQueries.live,
      [L.week]: { lt: thisWeek },
    });
    for (const start of weeks as string[]) {
      if (deps.view.awards.has(start)) continue;
      const week = weekOf(new Date(`${start}T00:00:00Z`));
      if (week.endMs > now.getTime()) continue;
      const standings: Standing[] = [];
      for await (const doc of eachListing(deps.view, listingQueries.liveInWeek(start)))
        standings.push(weeklyStanding(doc, week));
      await deps.commands.decideWeekAwards(start, week.endMs, standings);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const runOnce = () => {
    running = running.then(tick).catch((error) => deps.logger.error({ err: error }, 'week ticker failed'));
    return running;
  };
  return {
    tick: runOnce,
    start: (everyMs = 60_000) => {
      timer = setInterval(runOnce, everyMs);
      timer.unref();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      await running;
    },
  };
};
