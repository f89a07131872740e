import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Bus } from '@listings/platform/bus';
import type { Config } from '@listings/platform/config';
import { openSqliteEventStore } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import { serveOperations } from '@listings/platform/service-host';
import { getSiteInfo } from './application/get-site-info.ts';
import { evolveSiteStats, initialSiteStats, type SiteStats } from './projections/site-stats/evolve.ts';

export interface CatalogDeps {
  readonly bus: Bus;
  readonly config: Pick<Config, 'dataDir' | 'publicUrl'>;
  readonly logger: Logger;
}

/** Composition root of the catalog service: its event store, read models and bus endpoints. */
export const startCatalog = async (deps: CatalogDeps) => {
  const dir = path.join(deps.config.dataDir, 'catalog');
  mkdirSync(dir, { recursive: true });
  const events = openSqliteEventStore({ path: path.join(dir, 'events.sqlite') });

  // Read models are rebuilt from the log at start-up, then follow it.
  let stats: SiteStats = initialSiteStats;
  const subscription = events.subscribeAll({
    after: 0,
    handler: (event) => {
      stats = evolveSiteStats(stats, event);
    },
    onError: (error) => deps.logger.error({ err: error }, 'site-stats projection stopped'),
  });
  await subscription.caughtUp;

  const served = await serveOperations({
    service: 'catalog',
    bus: deps.bus,
    logger: deps.logger,
    handlers: {
      get_site_info: getSiteInfo({ publicUrl: deps.config.publicUrl, stats: () => stats }),
    },
  });

  return {
    stop: async () => {
      await served.stop();
      await subscription.close();
      await events.close();
    },
  };
};
