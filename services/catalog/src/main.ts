import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogInternalOperations } from '@listings/contracts';
import { type Bus, encodedOnce } from '@listings/platform/bus';
import { type Clock, systemClock } from '@listings/platform/clock';
import { type Config, loadWorkflowSettings, type WorkflowSettings } from '@listings/platform/config';
import { openSqliteEventStore } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import { createSafeFetch, type SafeFetch } from '@listings/platform/outbound';
import { openSqliteReadModelStore } from '@listings/platform/read-models';
import { openEmbeddedSearchIndex, openTypesenseSearchIndex } from '@listings/platform/search';
import { type OperationCall, serveOperations } from '@listings/platform/service-host';
import { startWorkflowRunner } from '@listings/platform/workflows/temporal-runner';
import { createBadgeCheck } from './application/badge-check.ts';
import { createCatalogCommands } from './application/commands.ts';
import { DEFAULT_DEMO, type DemoOptions, loadDemoCatalog } from './application/demo/demo-catalog.ts';
import { createWeekTicker } from './application/week-ticker.ts';
import { claimsInternalHandlers } from './entrypoints/claims-handlers.ts';
import { commerceInternalHandlers } from './entrypoints/commerce-handlers.ts';
import { internalHandlers, publicHandlers } from './entrypoints/handlers.ts';
import { serveInternalOperations } from './entrypoints/internal-operations.ts';
import { openCatalogReadModel } from './projections/catalog/read-model.ts';
import { BADGE_RETRY, type BadgeWorkflowInput, badgeWorkflowId, catalogWorkflows } from './workflows/badge-workflow.ts';

export interface CatalogDeps {
  readonly bus: Bus;
  readonly config: Pick<Config, 'dataDir' | 'publicUrl'> &
    Partial<Pick<Config, 'demoData' | 'fetchAllowPrivateNetworks' | 'typesense'>>;
  /** default: createSafeFetch (public addresses only unless FETCH_ALLOW_PRIVATE_NETWORKS) */
  readonly safeFetch?: SafeFetch;
  readonly logger: Logger;
  /** default: the system clock */
  readonly clock?: Clock;
  /** default: DEFAULT_DEMO (when config.demoData is on and the store is empty) */
  readonly demo?: DemoOptions;
  /** where the badge workflows run; default: TEMPORAL_ADDRESS and TEMPORAL_CATALOG_TASK_QUEUE (`catalog`) */
  readonly workflows?: WorkflowSettings;
}

/** Search weights: a name match counts most, then tagline, keywords, short description. */
export const LISTING_SEARCH_FIELDS = { name: 6, tagline: 2, keywords: 1.5, description: 1 };

/** Composition root of the catalog service: its event store, read models, search index and bus endpoints. */
export const startCatalog = async (deps: CatalogDeps) => {
  const dir = path.join(deps.config.dataDir, 'catalog');
  mkdirSync(dir, { recursive: true });
  const clock = deps.clock ?? systemClock;
  const events = openSqliteEventStore({ path: path.join(dir, 'events.sqlite') });
  const store = openSqliteReadModelStore({ path: path.join(dir, 'read-models.sqlite') });
  // TYPESENSE_URL + TYPESENSE_API_KEY: Typesense; otherwise the embedded index under DATA_DIR
  const typesense = deps.config.typesense ?? null;
  const search = typesense
    ? await openTypesenseSearchIndex({
        url: typesense.url,
        apiKey: typesense.apiKey.reveal(),
        collection: 'catalog_listings',
        fields: LISTING_SEARCH_FIELDS,
      })
    : openEmbeddedSearchIndex({ path: path.join(dir, 'search.sqlite'), fields: LISTING_SEARCH_FIELDS });
  deps.logger.info({ search: typesense ? `typesense ${typesense.url}` : 'embedded' }, 'search index opened');
  const readModel = await openCatalogReadModel({ events, store, search, logger: deps.logger });
  const commands = createCatalogCommands({ events, readModel, clock });

  // the demo catalog goes in through the same commands as real data, and only into an empty store
  if ((deps.config.demoData ?? false) && (await events.readAll(0, 1)).length === 0) {
    const started = performance.now();
    await loadDemoCatalog({ events, readModel, clock }, deps.demo ?? DEFAULT_DEMO);
    deps.logger.info({ ms: Math.round(performance.now() - started) }, 'demo catalog loaded');
  }
  const ticker = createWeekTicker({ view: readModel.view, commands, clock, logger: deps.logger });
  await ticker.tick();
  await readModel.flush();
  ticker.start();
  const badgeCheck = createBadgeCheck({
    view: readModel.view,
    commands,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
    safeFetch:
      deps.safeFetch ??
      createSafeFetch({
        allowPrivateNetworks: deps.config.fetchAllowPrivateNetworks ?? false,
        userAgent: `ListingsDirectoryBadgeCheck/1.0 (+${deps.config.publicUrl})`,
        maxBytes: 2 * 1024 * 1024,
        maxRedirects: 5,
        timeoutMs: 15_000,
      }),
  });
  // each listing awaiting its badge has a workflow checking its homepage every interval
  const runner = await startWorkflowRunner({
    settings: deps.workflows ?? loadWorkflowSettings(process.env, 'TEMPORAL_CATALOG_TASK_QUEUE', 'catalog'),
    workflowsPath: fileURLToPath(new URL('./workflows/temporal-workflows.ts', import.meta.url)),
    inProcess: {
      workflows: catalogWorkflows,
      activities: badgeCheck.activities,
      logger: deps.logger,
      retry: BADGE_RETRY,
    },
  });
  const watchBadge = (listingId: number, checkFirst: boolean) =>
    runner.start('badge', badgeWorkflowId(listingId), { listingId, checkFirst } satisfies BadgeWorkflowInput);
  // after a restart the waiting listings' workflows start again (a no-op where they still run)
  for (const doc of readModel.view.listings()) if (doc.status === 'awaiting_badge') await watchBadge(doc.id, false);
  /** the commands with the free plan's badge workflow started once a listing chooses it */
  const handlerCommands: typeof commands = {
    ...commands,
    chooseFreePlan: async (listingId, accountId) => {
      const result = await commands.chooseFreePlan(listingId, accountId);
      await watchBadge(listingId, true);
      return result;
    },
  };

  const served = await serveOperations({
    service: 'catalog',
    bus: deps.bus,
    logger: deps.logger,
    // the read models' answers are immutable and replaced on change (presenters cache them per
    // document or read-model version): each is stringified once, however often it is sent
    handlers: Object.fromEntries(
      Object.entries(
        publicHandlers({ view: readModel.view, clock, publicUrl: deps.config.publicUrl, commands: handlerCommands }),
      ).map(([id, handler]) => [id, async (call: OperationCall) => encodedOnce(await handler(call))]),
    ),
  });
  const internal = await serveInternalOperations({
    bus: deps.bus,
    logger: deps.logger,
    operations: catalogInternalOperations,
    handlers: {
      ...internalHandlers({ view: readModel.view, commands }),
      ...commerceInternalHandlers(readModel.view),
      ...claimsInternalHandlers({ view: readModel.view, commands }),
    },
  });

  return {
    /** for tests and tools: the live view, the commands and the ticker */
    readModel,
    commands,
    ticker,
    badgeCheck,
    runner,
    events,
    stop: async () => {
      await served.stop();
      await internal.stop();
      await ticker.stop();
      await runner.stop();
      await readModel.close();
      await search.close();
      await store.close();
      await events.close();
    },
  };
};
