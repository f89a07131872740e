import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  catalogInternalOperations,
  catalogPublicOperations,
  claimVerifiedEvent,
  listOrderRefunds,
  type OrderRefundEntry,
  recordViews,
} from '@listings/contracts';
import { catalogEvents } from '@listings/contracts/events';
import { type Bus, encodedOnce } from '@listings/platform/bus';
import { openCheckpointStore } from '@listings/platform/checkpoints';
import { type Clock, systemClock, type Timers } from '@listings/platform/clock';
import { type Config, type WorkflowSettings, workflowSettingsOf } from '@listings/platform/config';
import { openEventStore, withEventSchemas } from '@listings/platform/event-store';
import { createImageIntake, createLogoServer, initialsLogos, openImageStore } from '@listings/platform/images';
import { createInternalClient } from '@listings/platform/internal-client';
import type { Logger } from '@listings/platform/logger';
import { storeProbes } from '@listings/platform/observability';
import { createSafeFetch, type SafeFetch } from '@listings/platform/outbound';
import { createKeyVault, openSubjectKeys } from '@listings/platform/personal-data';
import { reportProgress } from '@listings/platform/progress';
import {
  openMemoryReadModelStore,
  openReadModelStore,
  openReadModelStoreForRebuild,
} from '@listings/platform/read-models';
import { openEmbeddedSearchIndex, openTypesenseSearchIndex } from '@listings/platform/search';
import { type OperationCall, serveOperations } from '@listings/platform/service-host';
import { type StoreWaitReporter, storeWaits, untilStoresAnswer } from '@listings/platform/store-wait';
import { compileInputChecks, compileValueChecks } from '@listings/platform/validation';
import { startCatalogWorkflows } from './activities/catalog-workflows.ts';
import { createWebhooks, webhookFetchOptions } from './activities/webhook-delivery.ts';
import { readCategoryTops } from './application/category-top.ts';
import { createCatalogCommands } from './application/commands.ts';
import { loadDemoCatalogInBulk } from './application/demo/demo-catalog.ts';
import { DEFAULT_DEMO, type DemoOptions } from './application/demo/demo-data.ts';
import { visitorHashes } from './application/visitor-hashes.ts';
import { voteNetworkHash, voterPseudonyms } from './application/voter-pseudonyms.ts';
import { weekBoardOf } from './application/week-board.ts';
import { createWeekTicker } from './application/week-ticker.ts';
import type { WebhookRetry } from './domain/webhook/retry-schedule.ts';
import { resolveWeek } from './domain/weeks.ts';
import { CLAIM_EVENTS_CONSUMER, claimVerifiedHandler } from './entrypoints/claims-events.ts';
import { startFollowerMail } from './entrypoints/follower-mail.ts';
import { internalHandlers, publicHandlers } from './entrypoints/handlers.ts';
import { consumeCommerceEvents, startCatalogPublisher } from './entrypoints/integration-events.ts';
import { serveInternalOperations } from './entrypoints/internal-operations.ts';
import { startOwnershipHandover } from './entrypoints/ownership-handover.ts';
import { startOwnershipMail } from './entrypoints/ownership-mail.ts';
import { tellReadModelChanges } from './entrypoints/read-model-notices.ts';
import { startWebhookEvents } from './entrypoints/webhook-events.ts';
import { openCatalogReadModel } from './projections/catalog/read-model.ts';

export interface CatalogDeps {
  readonly bus: Bus;
  readonly config: Pick<Config, 'dataDir' | 'publicUrl'> &
    Partial<
      Pick<
        Config,
        | 'demoData'
        | 'fetchAllowPrivateNetworks'
        | 'typesense'
        | 'temporal'
        | 'kurrentdb'
        | 'mongo'
        | 'dailyLimits'
        | 'eventsDir'
      >
    >;
  /** default: createSafeFetch (public addresses only unless FETCH_ALLOW_PRIVATE_NETWORKS) */
  readonly safeFetch?: SafeFetch;
  readonly logger: Logger;
  /** default: the system clock */
  readonly clock?: Clock;
  /** default: DEFAULT_DEMO (when config.demoData is on and the store is empty) */
  readonly demo?: DemoOptions;
  /** where the badge and free launch workflows run; default: TEMPORAL_ADDRESS and TEMPORAL_CATALOG_TASK_QUEUE (`catalog`) */
  readonly workflows?: WorkflowSettings;
  /** the in-process workflow runner's timers; default the system's (tests: a manual clock's) */
  readonly timers?: Timers;
  /**
   * where this instance keeps its embedded read models and search index; default `DATA_DIR/catalog`,
   * next to the event store. Replicas that share one event store file each keep their own. With
   * MONGO_URL (TYPESENSE_URL) the read models (search) are in MongoDB (Typesense) instead, shared.
   */
  readonly readModelDir?: string;
  /** the process's /readyz (cluster mode): names a store the start waits for */
  readonly ops?: StoreWaitReporter;
  /** webhook deliveries: their fetch (default: the guarded fetcher, no redirects) and retry schedule */
  readonly webhooks?: { readonly fetch?: SafeFetch; readonly retry?: WebhookRetry };
}

/** Search weights: a name match counts most, then tagline, keywords, short description. */
export const LISTING_SEARCH_FIELDS = { name: 6, tagline: 2, keywords: 1.5, description: 1 };

/** Composition root of the catalog service: its event store, read models, search index and bus endpoints. */
export const startCatalog = async (deps: CatalogDeps) => {
  const dir = path.join(deps.config.dataDir, 'catalog');
  mkdirSync(dir, { recursive: true });
  const clock = deps.clock ?? systemClock;
  const rawEvents = openEventStore(deps.config, {
    service: 'catalog',
    file: catalogEventsFile(deps.config.eventsDir ?? deps.config.dataDir),
  });
  const events = withEventSchemas(rawEvents, catalogEvents);
  // a replica may keep its own read models (tests of two catalog replicas on one event store)
  if (deps.readModelDir) mkdirSync(deps.readModelDir, { recursive: true });
  // MONGO_URL: MongoDB (collections `catalog.*`); otherwise the SQLite file
  const store = openReadModelStore(deps.config, {
    service: 'catalog',
    file: deps.readModelDir
      ? path.join(deps.readModelDir, 'read-models.sqlite')
      : catalogReadModelsFile(deps.config.dataDir),
  });
  const typesense = deps.config.typesense ?? null;
  // MONGO_URL: beside the read models (`catalog.subscription_checkpoints`); otherwise a SQLite file
  const checkpoints = openCheckpointStore(deps.config, {
    service: 'catalog',
    file: path.join(dir, 'checkpoints.sqlite'),
  });
  // a store that is not ready yet (not listening, Typesense's 503, an election) is waited for,
  // with backoff and named by /readyz, never a crash (store-wait.ts)
  const waits = { logger: deps.logger, readiness: deps.ops };
  const untilAnswers = storeWaits(waits);
  // listing logos: the images bucket the web edge serves /images/ from (an owner's new logo, the
  // demo catalog's generated ones)
  const imageStore = openImageStore(deps.config);
  await untilStoresAnswer(waits, { events, readModels: store, checkpoints, blobs: imageStore });
  const search = await untilAnswers('search index', () =>
    openCatalogSearch(
      deps.config,
      deps.readModelDir ? path.join(deps.readModelDir, 'search.sqlite') : catalogSearchFile(deps.config.dataDir),
    ),
  );
  deps.logger.info({ search: typesense ? `typesense ${typesense.url}` : 'embedded' }, 'search index opened');
  const safeFetch =
    deps.safeFetch ??
    createSafeFetch({
      allowPrivateNetworks: deps.config.fetchAllowPrivateNetworks ?? false,
      userAgent: `ListingsDirectoryBadgeCheck/1.0 (+${deps.config.publicUrl})`,
      maxBytes: 2 * 1024 * 1024,
      maxRedirects: 5,
      timeoutMs: 15_000,
    });
  const images = createImageIntake({ safeFetch, store: imageStore, publicUrl: deps.config.publicUrl });
  // the demo catalog goes in through the same commands as real data, and only into an empty store:
  // built in memory, then its events copied in bulk, which the read model below folds and writes
  // in bulk as it catches up (loadDemoCatalogInBulk)
  if ((deps.config.demoData ?? false) && (await events.readAll(0, 1)).length === 0) {
    const started = performance.now();
    const loaded = await loadDemoCatalogInBulk(
      {
        target: rawEvents,
        wrap: (raw) => withEventSchemas(raw, catalogEvents),
        clock,
        openReadModel: (memory) =>
          openCatalogReadModel({
            events: memory,
            store: openMemoryReadModelStore(),
            search: openEmbeddedSearchIndex({ path: ':memory:', fields: LISTING_SEARCH_FIELDS }),
            logger: deps.logger,
            documents: 'memory',
          }),
        onProgress: reportProgress,
        logoOf: initialsLogos(images),
      },
      deps.demo ?? DEFAULT_DEMO,
    );
    deps.logger.info({ ms: Math.round(performance.now() - started), ...loaded }, 'demo catalog loaded');
  }
  const readModelStarted = performance.now();
  const readModel = await untilAnswers('catalog read model', async () => {
    await search.position();
    return openCatalogReadModel({ events, store, search, logger: deps.logger });
  });
  deps.logger.info(
    { ms: Math.round(performance.now() - readModelStarted), position: readModel.view.position },
    'catalog read model caught up',
  );
  // the vote ledger's pseudonym and network keys and the webhooks' sealed secrets: the catalog's personal-data keys
  const ledgerKeys = openSubjectKeys({
    config: deps.config,
    service: 'catalog',
    file: path.join(dir, 'personal-data.sqlite'),
  });
  const commands = createCatalogCommands({
    events,
    readModel,
    clock,
    networkHash: voteNetworkHash(ledgerKeys),
    ...(deps.config.dailyLimits ? { reportsPerDay: deps.config.dailyLimits.reportsPerAccount } : {}),
  });

  // a new version of the published ranking rules is recorded as it takes effect (RankingRulesAdopted)
  await commands.adoptRankingRules();
  const ticker = createWeekTicker({ view: readModel.view, commands, clock, logger: deps.logger });
  await ticker.tick();
  await readModel.flush();
  ticker.start();
  const webhookFetch = deps.webhooks?.fetch ?? createSafeFetch(webhookFetchOptions(deps.config));
  const vault = createKeyVault(ledgerKeys);
  const webhooks = createWebhooks({ ...deps, events, clock, vault, view: readModel.view, fetch: webhookFetch });
  const workflows = await startCatalogWorkflows({
    view: readModel.view,
    commands,
    clock,
    logger: deps.logger,
    safeFetch,
    publicUrl: deps.config.publicUrl,
    settings: deps.workflows ?? workflowSettingsOf(deps.config, 'catalog'),
    ...(deps.timers ? { timers: deps.timers } : {}),
    untilAnswers,
    webhooks,
  });
  const { runner, badgeCheck } = workflows;

  // this week's board (what the home page and the weekly leaderboard rank) is ranked before the
  // first request, not by it; from here on it follows the listing changes (week-board.ts)
  await weekBoardOf(readModel.view, resolveWeek('this', clock.now(), 'week')).ranking();
  // so are the categories' tops (a listing's alternatives; category-top.ts)
  await readCategoryTops(readModel.view);
  // and the public operations' input checks are compiled before the first request, not by it
  await compileInputChecks(catalogPublicOperations, { wire: false });
  // and so are the checks a listing page's view makes on its way in (`record_views`'s request and the
  // ListingViewed event it appends): otherwise the first page after a start compiles them, a few ms.
  // (Only these: compiling every internal operation's and event's check up front made the cold
  // pages' scavenges two to three times longer, docs/benchmarks.md.)
  await compileValueChecks([
    recordViews.request,
    ...catalogEvents.events.filter((declaration) => declaration.type === 'ListingViewed').map((d) => d.data),
  ]);
  // commerce's refunds for the operators' audit (list_operator_actions)
  const commerce = createInternalClient(deps.bus, { timeoutMs: 5_000 });
  const notices = tellReadModelChanges(deps.bus, readModel.view); // the edges' read caches
  const served = await serveOperations({
    service: 'catalog',
    bus: deps.bus,
    logger: deps.logger,
    // the read models' answers are immutable and replaced on change (presenters cache them per
    // document or read-model version): each is stringified once, however often it is sent
    handlers: Object.fromEntries(
      Object.entries(
        publicHandlers({
          view: readModel.view,
          clock,
          publicUrl: deps.config.publicUrl,
          commands: workflows.commands,
          images,
          voterPseudonym: voterPseudonyms(ledgerKeys),
          webhooks: { store: webhooks.store, allowPrivateNetworks: deps.config.fetchAllowPrivateNetworks ?? false },
          orderRefunds: async () => {
            const refunds = await commerce.send<{ items: OrderRefundEntry[] }>(listOrderRefunds, {});
            return refunds.ok ? refunds.body.items : null;
          },
        }),
      ).map(([id, handler]) => [id, async (call: OperationCall) => encodedOnce(await handler(call))]),
    ),
  });
  notices.answering();
  const internal = await serveInternalOperations({
    bus: deps.bus,
    logger: deps.logger,
    operations: catalogInternalOperations,
    handlers: internalHandlers({
      view: readModel.view,
      commands,
      logos: createLogoServer(imageStore),
      visitorHash: visitorHashes(ledgerKeys),
    }),
  });
  // integration events: the catalog's public events go out from its log (at least once), and
  // commerce's paid orders come in through a durable consumer
  const publisher = await startCatalogPublisher({ events, checkpoints, bus: deps.bus, logger: deps.logger });
  const followerMail = await startFollowerMail({
    events,
    checkpoints,
    bus: deps.bus,
    view: readModel.view,
    clock,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
  });
  const ownershipHandover = await startOwnershipHandover({ events, checkpoints, commands, logger: deps.logger });
  const ownershipMail = await startOwnershipMail({
    events,
    checkpoints,
    bus: deps.bus,
    view: readModel.view,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
  });
  const webhookEvents = await startWebhookEvents({ ...deps, events, checkpoints, readModel, ...webhooks });
  const commerceEvents = await consumeCommerceEvents({ bus: deps.bus, commands, logger: deps.logger });

  // integration events of other services, through durable consumers (replicas share one)
  const claimEvents = await deps.bus.consume({
    durable: CLAIM_EVENTS_CONSUMER,
    filter: claimVerifiedEvent.subject,
    handler: claimVerifiedHandler({ commands, logger: deps.logger }),
  });

  return {
    /** for tests and tools: the live view, the commands and the ticker */
    readModel,
    commands,
    ticker,
    badgeCheck,
    runner,
    events,
    /** what /readyz pings and /metrics reports (the read model's lag behind the log) */
    probes: {
      stores: storeProbes({ events, readModels: store, search }),
      projections: [{ name: 'catalog', position: () => readModel.view.position, events }],
    },
    stop: async () => {
      try {
        await claimEvents.stop();
        await served.stop();
        notices.stop();
        await internal.stop();
        await commerceEvents.stop();
        await publisher.close();
        await followerMail.close();
        await webhookEvents.close();
        await ownershipMail.close();
        await ownershipHandover.close();
        await checkpoints.close();
        await ticker.stop();
        await runner.stop();
      } finally {
        // the stores close even when a step above failed: an open MongoDB store says the service
        // runs (its heartbeat row), which a rebuild refuses for a while
        await readModel.close();
        await ledgerKeys.close();
        await search.close();
        await store.close();
        await events.close();
        await imageStore.close();
      }
    },
  };
};

/** TYPESENSE_URL + TYPESENSE_API_KEY: Typesense; otherwise the embedded index in `file` */
const openCatalogSearch = async (config: Partial<Pick<Config, 'typesense'>>, file: string) =>
  config.typesense
    ? openTypesenseSearchIndex({
        url: config.typesense.url,
        apiKey: config.typesense.apiKey.reveal(),
        collection: 'catalog_listings',
        fields: LISTING_SEARCH_FIELDS,
      })
    : openEmbeddedSearchIndex({ path: file, fields: LISTING_SEARCH_FIELDS });

export const catalogEventsFile = (dataDir: string): string => path.join(dataDir, 'catalog', 'events.sqlite');
/** the catalog's documents and their checkpoint; the search index keeps its own position beside them */
export const catalogReadModelsFile = (dataDir: string): string => path.join(dataDir, 'catalog', 'read-models.sqlite');
const catalogSearchFile = (dataDir: string): string => path.join(dataDir, 'catalog', 'search.sqlite');

/**
 * The explicit rebuild of the catalog's read models and search index from position 0, with the
 * service's own read model, on the stores `config` names (KURRENTDB_URL, MONGO_URL, TYPESENSE_URL;
 * else the files under dataDir); refuses (ReadModelStoreInUseError) while a catalog instance has
 * the read models open. A restart never needs it: the read model resumes from its stored position.
 */
export const rebuildCatalogReadModels = async (options: {
  dataDir: string;
  config?: Partial<Pick<Config, 'mongo' | 'kurrentdb' | 'typesense' | 'eventsDir'>>;
  logger: Logger;
}) => {
  const { dataDir } = options;
  const config = options.config ?? {};
  mkdirSync(path.join(dataDir, 'catalog'), { recursive: true });
  const store = await openReadModelStoreForRebuild(config, {
    service: 'catalog',
    file: catalogReadModelsFile(dataDir),
  });
  const events = withEventSchemas(
    openEventStore(config, { service: 'catalog', file: catalogEventsFile(config.eventsDir ?? dataDir) }),
    catalogEvents,
  );
  const search = await openCatalogSearch(config, catalogSearchFile(dataDir));
  try {
    await store.clear();
    await search.clear();
    const readModel = await openCatalogReadModel({ events, store, search, logger: options.logger });
    const position = readModel.view.position;
    let documents = await readModel.view.countListings();
    documents += readModel.view.categories.size + readModel.view.blog.size + readModel.view.awards.size;
    await readModel.close();
    return { events: position, documents, position };
  } finally {
    await search.close();
    await store.close();
    await events.close();
  }
};
