import type { Clock } from '@listings/platform/clock';
import { ConflictError } from '@listings/platform/errors';
import type { Logger } from '@listings/platform/logger';
import { L, listingQueries } from '../projections/catalog/query-keys.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import type { FreeLaunchOutcome } from '../workflows/free-launch-workflow.ts';
import type { CatalogCommands } from './commands.ts';

/** the instant a launch week (named by its Monday, YYYY-MM-DD) begins */
export const launchWeekStartMs = (week: string): number => Date.parse(`${week}T00:00:00.000Z`);

/**
 * The free plan's launch (docs/catalog.md, Free plan): the activity of the free launch workflow,
 * and which listings have one. A free listing awaiting its badge or scheduled for a launch week
 * has a workflow that waits until its Monday and then makes it live.
 */
export const createFreeLaunch = (deps: {
  view: CatalogView;
  commands: Pick<CatalogCommands, 'goLive'>;
  clock: Clock;
  logger: Pick<Logger, 'info'>;
}) => {
  /** `GoLive` once the week has begun; the listing aggregate decides (a listing not scheduled is refused) */
  const launchFreeListing = async (input: { listingId: number }): Promise<FreeLaunchOutcome> => {
    const doc = await deps.view.listing(input.listingId);
    if (!doc) return { outcome: 'left_alone', status: 'unknown' };
    if (doc.status === 'live') return { outcome: 'left_alone', status: 'live' };
    if (doc.launch_week === null) return { outcome: 'left_alone', status: doc.status };
    const dueInMs = launchWeekStartMs(doc.launch_week) - deps.clock.now().getTime();
    if (dueInMs > 0) return { outcome: 'not_due', dueInMs };
    try {
      await deps.commands.goLive(doc.id);
    } catch (error) {
      // still awaiting its badge (the badge workflow makes it live when it finds it), or moved on
      if (error instanceof ConflictError) return { outcome: 'left_alone', status: doc.status };
      throw error;
    }
    deps.logger.info({ listing_id: doc.id, launch_week: doc.launch_week }, 'free listing launched');
    return { outcome: 'launched' };
  };
  return {
    /** the free listings that have a launch workflow: queued (awaiting the badge) or scheduled */
    queued: () =>
      deps.view.findListings({
        where: { [L.plan]: { eq: 'free' }, ...listingQueries.upcoming },
        sort: [[L.id, 1]],
      }),
    /** how long until the listing's week begins (0 once it has) */
    delayFor: (launchWeek: string): number => Math.max(0, launchWeekStartMs(launchWeek) - deps.clock.now().getTime()),
    /** the free launch workflow's activities (a Temporal worker runs them too) */
    activities: { launchFreeListing } satisfies Record<string, unknown>,
  };
};
