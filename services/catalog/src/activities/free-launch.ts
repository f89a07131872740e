import type { Clock } from '@listings/platform/clock';
import { ConflictError } from '@listings/platform/errors';
import type { Logger } from '@listings/platform/logger';
import type { CatalogCommands } from '../application/commands.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import type { FreeLaunchActivities } from '../workflows/free-launch-workflow.ts';

/** the instant a launch week (named by its Monday, YYYY-MM-DD) begins */
export const launchWeekStartMs = (week: string): number => Date.parse(`${week}T00:00:00.000Z`);

/**
 * The free launch workflow's activity (docs/catalog.md, Free plan; a Temporal worker runs it too):
 * `GoLive` once the week has begun; the listing aggregate decides (a listing not scheduled is refused).
 */
export const createFreeLaunchActivities = (deps: {
  view: CatalogView;
  commands: Pick<CatalogCommands, 'goLive'>;
  clock: Clock;
  logger: Pick<Logger, 'info'>;
}): FreeLaunchActivities => ({
  launchFreeListing: async (input) => {
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
  },
});
