import type { Clock } from '@listings/platform/clock';
import type { Logger } from '@listings/platform/logger';
import { isoDate, mondayOf, weekOf } from '../domain/weeks.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import type { CatalogCommands } from './commands.ts';
import { weeklyStanding } from './queries/launches.ts';

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
    const due = [...deps.view.listings()].filter(
      (d) => d.status === 'scheduled' && d.plan !== 'free' && d.launch_week !== null && d.launch_week <= thisWeek,
    );
    for (const doc of due) await deps.commands.goLive(doc.id);
    const weeks = new Set<string>();
    for (const doc of deps.view.listings())
      if (doc.status === 'live' && doc.launch_week !== null && doc.launch_week < thisWeek) weeks.add(doc.launch_week);
    for (const start of [...weeks].sort()) {
      if (deps.view.awards.has(start)) continue;
      const week = weekOf(new Date(`${start}T00:00:00Z`));
      if (week.endMs > now.getTime()) continue;
      const standings = [...deps.view.listings()]
        .filter((d) => d.status === 'live' && d.launch_week === start)
        .map((d) => weeklyStanding(d, week));
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
