import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_MODEL_WAIT_MS, DRAFTING_CONCURRENT_JOBS } from '@listings/contracts';
import { draftingEvents } from '@listings/contracts/events';
import { openBlobStore } from '@listings/platform/blobs';
import type { Bus } from '@listings/platform/bus';
import { type Clock, systemClock } from '@listings/platform/clock';
import { type Config, DEFAULT_DAILY_LIMITS, loadConfig } from '@listings/platform/config';
import { createImageIntake, openImageStore } from '@listings/platform/images';
import type { Logger } from '@listings/platform/logger';
import { createMailer, type Mailer } from '@listings/platform/mail';
import type { HostLookup, SafeFetch } from '@listings/platform/outbound';
import { createKeyVault } from '@listings/platform/personal-data';
import type { RebuildConfig } from '@listings/platform/read-models';
import {
  forgetServicePersonalData,
  openServiceStores,
  rebuildServiceReadModel,
  serviceFiles,
} from '@listings/platform/service-composition';
import { type StoreWaitReporter, storeWaits, untilStoresAnswer } from '@listings/platform/store-wait';
import type { RetryPolicy } from '@listings/platform/workflows';
import { startWorkflowRunner } from '@listings/platform/workflows/temporal-runner';
import { createActivities } from './activities/create-activities.ts';
import { createCatalogClient } from './adapters/catalog-client.ts';
import type { Drafter } from './adapters/drafter.ts';
import { startDraftingWorker } from './adapters/drafting-worker/pool.ts';
import { crawlerFetch, type DraftingWorkSetup, ROBOTS_TOKEN } from './adapters/drafting-worker/setup.ts';
import { type CrawlLimits, createSiteCrawler } from './adapters/site-crawler.ts';
import { resumeUnfinishedWork } from './application/resume-unfinished-work.ts';
import { loadDraftingConfig } from './config.ts';
import { serveDraftingEndpoints } from './entrypoints/endpoints.ts';
import { draftsIndexProjection } from './projections/drafts-index/evolve.ts';
import { draftingWorkflows } from './workflows/draft-workflows.ts';

export { ROBOTS_TOKEN, userAgentFor } from './adapters/drafting-worker/setup.ts';

export interface DraftingDeps {
  readonly bus: Bus;
  readonly logger: Logger;
  readonly config: Pick<Config, 'dataDir' | 'publicUrl' | 'fetchAllowPrivateNetworks'> &
    Partial<Pick<Config, 'mail' | 'mongo' | 'openAi' | 'temporal' | 'kurrentdb' | 'dailyLimits' | 'eventsDir'>>;
  /** tests: an environment to read drafting's settings (OPENAI_*, TEMPORAL_*) from instead of `config` */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** the process's /readyz (cluster mode): names a store the start waits for */
  readonly ops?: StoreWaitReporter;
  /** tests and benchmarks replace pieces here; production uses none of it */
  readonly overrides?: {
    readonly drafter?: Drafter;
    readonly crawlLimits?: Partial<CrawlLimits>;
    readonly lookup?: HostLookup;
    readonly safeFetch?: SafeFetch;
    readonly mailer?: Mailer;
    readonly clock?: Clock;
    readonly retry?: Partial<RetryPolicy>;
    /** how long a draft waits for its client's model (default CLIENT_MODEL_WAIT_MS) */
    readonly clientModelWaitMs?: number;
  };
}

/** Composition root of the drafting service: store, index, crawler, drafter, workflows, endpoints. */
export const startDrafting = async (deps: DraftingDeps) => {
  const settings = loadDraftingConfig(deps.env ? loadConfig(deps.env) : deps.config);
  const overrides = deps.overrides ?? {};
  const stores = await openDraftingStores(deps);
  const draftsIndex = stores.index;
  const clock = overrides.clock ?? systemClock;
  const shutdown = new AbortController();
  const setup: DraftingWorkSetup = {
    allowPrivateNetworks: deps.config.fetchAllowPrivateNetworks,
    publicUrl: deps.config.publicUrl,
    crawlLimits: overrides.crawlLimits,
    openAi: settings.openAi,
  };
  const safeFetch = overrides.safeFetch ?? crawlerFetch(setup, overrides.lookup);
  const catalog = createCatalogClient(deps.bus);
  const images = createImageIntake({ safeFetch, store: stores.images, publicUrl: deps.config.publicUrl });
  // crawls and the drafter run in the drafting worker, off this event loop; a test's own fetch or
  // drafter (functions, which cannot cross to a thread) runs here
  const worker = startDraftingWorker(setup, {
    concurrency: DRAFTING_CONCURRENT_JOBS,
    onWorkerError: (error) => deps.logger.error({ err: error }, 'the drafting worker failed; its jobs are retried'),
  });
  const activities = createActivities({
    store: stores.events,
    blobs: stores.blobs,
    crawler:
      overrides.safeFetch || overrides.lookup
        ? createSiteCrawler({ safeFetch, robotsToken: ROBOTS_TOKEN, limits: overrides.crawlLimits })
        : worker.crawler,
    drafter: overrides.drafter ?? worker.drafter,
    images,
    categoryNames: () =>
      catalog.categoryNames().catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'category names unavailable; categories stay blank');
        return [];
      }),
    clock,
    logger: deps.logger,
    shutdown: shutdown.signal,
    // without a model key, a draft started by a client that can answer model requests asks its model
    ...(settings.openAi ? {} : { clientModelWaitMs: overrides.clientModelWaitMs ?? CLIENT_MODEL_WAIT_MS }),
  });

  const runner = await storeWaits({ logger: deps.logger, readiness: deps.ops })('workflows', () =>
    startWorkflowRunner({
      settings,
      workflowsPath: fileURLToPath(new URL('./workflows/temporal-workflows.ts', import.meta.url)),
      inProcess: { workflows: draftingWorkflows, activities, logger: deps.logger, retry: overrides.retry },
    }),
  );

  const vault = createKeyVault(stores.personalDataKeys);
  const endpoints = await serveDraftingEndpoints({
    bus: deps.bus,
    logger: deps.logger,
    deps: {
      vault,
      store: stores.events,
      blobs: stores.blobs,
      index: draftsIndex.view,
      indexCaughtUp: draftsIndex.waitFor,
      runner,
      catalog,
      mailer: overrides.mailer ?? createMailer(deps.config, clock),
      clock,
      publicUrl: deps.config.publicUrl,
      logger: deps.logger,
      draftsPerDay: deps.config.dailyLimits?.draftsPerAccount ?? DEFAULT_DAILY_LIMITS.draftsPerAccount,
      images,
    },
  });
  await resumeUnfinishedWork({ index: draftsIndex.view, runner, logger: deps.logger });

  return {
    runner,
    /** what /readyz pings and /metrics reports (the drafts index's lag behind the log) */
    probes: stores.probes,
    stop: async () => {
      try {
        await endpoints.stop();
        shutdown.abort();
        await runner.stop();
      } finally {
        await worker.close();
        // closed even when a step above failed: an open MongoDB store says the service runs
        await draftsIndex.close();
        await stores.readModels.close();
        await vault.close();
        await stores.blobs.close();
        await stores.images.close();
        await stores.events.close();
      }
    },
  };
};

/**
 * Drafting's stores, once they answer (a store not ready yet is waited for, with backoff and named
 * by /readyz, never a crash: store-wait.ts), and the drafts index (which drafts an account has,
 * which work is unfinished) kept up with the log. No checkpointed subscription runs here.
 */
const openDraftingStores = async (deps: DraftingDeps) => {
  const stores = await openServiceStores({
    service: 'drafting',
    config: deps.config,
    eventSchemas: draftingEvents,
    checkpointsFile: null,
    personalData: true,
    readModel: { name: 'drafts index', projection: draftsIndexProjection },
    logger: deps.logger,
    readiness: deps.ops,
  });
  const files = {
    // crawled pages: MONGO_URL: GridFS (bucket `drafting.blobs`); otherwise files shared by every
    // drafting process on this DATA_DIR (content-addressed, written by rename)
    blobs: openBlobStore(deps.config, { service: 'drafting', dir: path.join(deps.config.dataDir, 'blobs') }),
    // the logos drafts find, checked and re-encoded: the images bucket the web edge serves /images/ from
    images: openImageStore(deps.config),
  };
  const waits = { logger: deps.logger, readiness: deps.ops };
  await untilStoresAnswer(waits, { blobs: files.blobs });
  await untilStoresAnswer(waits, { blobs: files.images });
  return { ...stores, ...files };
};

/** the inviting accounts' personal-data keys without MONGO_URL (crypto-shredding: docs/architecture.md, Personal data) */
export const draftingPersonalDataFile = (dataDir: string): string => serviceFiles('drafting', { dataDir }).personalData;

/**
 * Erases what drafting keeps of an account's personal data: the addresses it invited co-founders
 * at were sealed with its key, which is deleted. Safe while the service runs, and to repeat.
 */
export const forgetDraftingPersonalData = (options: {
  dataDir: string;
  accountId: string;
  /** MONGO_URL: the keys are in MongoDB */
  config?: Partial<Pick<Config, 'mongo'>>;
}) => forgetServicePersonalData('drafting', options);
export const draftingEventsFile = (dataDir: string): string => serviceFiles('drafting', { dataDir }).events;
/** the drafting read models (the drafts index) and their checkpoint */
export const draftingReadModelsFile = (dataDir: string): string => serviceFiles('drafting', { dataDir }).readModels;

/**
 * The explicit rebuild of the drafting read models from position 0, with the service's own
 * projection, on the stores `config` names (MONGO_URL, KURRENTDB_URL; else the files under dataDir);
 * refuses (ReadModelStoreInUseError) while a drafting instance has them open.
 */
export const rebuildDraftingReadModels = (options: { dataDir: string; config?: RebuildConfig }) =>
  rebuildServiceReadModel({
    ...options,
    service: 'drafting',
    projection: draftsIndexProjection,
    eventSchemas: draftingEvents,
  });
