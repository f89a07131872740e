import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acceptInvite as acceptInviteContract, describeInvite as describeInviteContract } from '@listings/contracts';
import { draftingEvents } from '@listings/contracts/events';
import { openFileBlobStore } from '@listings/platform/blobs';
import type { Bus } from '@listings/platform/bus';
import { type Clock, systemClock } from '@listings/platform/clock';
import type { Config } from '@listings/platform/config';
import { openSqliteEventStore, withEventSchemas } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import { createMailer, type Mailer } from '@listings/platform/mail';
import { createSafeFetch, type HostLookup, type SafeFetch } from '@listings/platform/outbound';
import { serveInternalOperations, serveOperations } from '@listings/platform/service-host';
import type { RetryPolicy } from '@listings/platform/workflows';
import { startWorkflowRunner } from '@listings/platform/workflows/temporal-runner';
import { createActivities } from './activities/create-activities.ts';
import { createCatalogClient } from './adapters/catalog-client.ts';
import type { Drafter } from './adapters/drafter.ts';
import { createExtractiveDrafter } from './adapters/extractive-drafter.ts';
import { createOpenAiDrafter } from './adapters/openai-drafter.ts';
import { type CrawlLimits, createSiteCrawler } from './adapters/site-crawler.ts';
import { createDraftingOperations, draftWorkflowId, regenerateWorkflowId } from './application/drafting-operations.ts';
import { loadDraftingConfig } from './config.ts';
import { type DraftsIndex, evolveDraftsIndex, initialDraftsIndex } from './projections/drafts-index/evolve.ts';
import { draftingWorkflows } from './workflows/draft-workflows.ts';

/** The crawler's product token (robots.txt groups) and its full user agent. */
export const ROBOTS_TOKEN = 'ListingsDirectoryBot';
export const userAgentFor = (publicUrl: string) => `${ROBOTS_TOKEN}/1.0 (+${publicUrl})`;

export interface DraftingDeps {
  readonly bus: Bus;
  readonly logger: Logger;
  readonly config: Pick<Config, 'dataDir' | 'publicUrl' | 'fetchAllowPrivateNetworks'> & Partial<Pick<Config, 'mail'>>;
  /** environment for drafting's own settings (OPENAI_*, TEMPORAL_*); default process.env */
  readonly env?: NodeJS.ProcessEnv;
  /** tests and benchmarks replace pieces here; production uses none of it */
  readonly overrides?: {
    readonly drafter?: Drafter;
    readonly crawlLimits?: Partial<CrawlLimits>;
    readonly lookup?: HostLookup;
    readonly safeFetch?: SafeFetch;
    readonly mailer?: Mailer;
    readonly clock?: Clock;
    readonly retry?: Partial<RetryPolicy>;
  };
}

/** Composition root of the drafting service: store, index, crawler, drafter, workflows, endpoints. */
export const startDrafting = async (deps: DraftingDeps) => {
  const settings = loadDraftingConfig(deps.env ?? process.env);
  const overrides = deps.overrides ?? {};
  const dir = path.join(deps.config.dataDir, 'drafting');
  mkdirSync(dir, { recursive: true });
  const store = withEventSchemas(openSqliteEventStore({ path: path.join(dir, 'events.sqlite') }), draftingEvents);
  // crawled pages: shared by every drafting process on this DATA_DIR (content-addressed, written by rename)
  const blobs = openFileBlobStore({ dir: path.join(deps.config.dataDir, 'blobs') });
  const clock = overrides.clock ?? systemClock;
  const shutdown = new AbortController();

  let index: DraftsIndex = initialDraftsIndex;
  const positionWaiters = new Set<{ position: number; resolve: () => void }>();
  const subscription = store.subscribeAll({
    after: 0,
    handler: (event) => {
      index = evolveDraftsIndex(index, event);
      for (const waiter of positionWaiters)
        if (index.position >= waiter.position) {
          positionWaiters.delete(waiter);
          waiter.resolve();
        }
    },
    onError: (error) => deps.logger.error({ err: error }, 'drafts index stopped'),
  });
  await subscription.caughtUp;
  const indexCaughtUp = (position: number) =>
    index.position >= position
      ? Promise.resolve()
      : new Promise<void>((resolve) => positionWaiters.add({ position, resolve }));

  const safeFetch =
    overrides.safeFetch ??
    createSafeFetch({
      allowPrivateNetworks: deps.config.fetchAllowPrivateNetworks,
      userAgent: userAgentFor(deps.config.publicUrl),
      maxBytes: 2 * 1024 * 1024,
      maxRedirects: 5,
      timeoutMs: 15_000,
      ...(overrides.lookup ? { lookup: overrides.lookup } : {}),
    });
  const catalog = createCatalogClient(deps.bus);
  const drafter =
    overrides.drafter ??
    (settings.openAi
      ? createOpenAiDrafter({
          apiKey: settings.openAi.apiKey,
          baseURL: settings.openAi.baseURL,
          model: settings.openAi.model,
        })
      : createExtractiveDrafter());
  const activities = createActivities({
    store,
    blobs,
    crawler: createSiteCrawler({ safeFetch, robotsToken: ROBOTS_TOKEN, limits: overrides.crawlLimits }),
    drafter,
    categoryNames: () =>
      catalog.categoryNames().catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'category names unavailable; categories stay blank');
        return [];
      }),
    clock,
    logger: deps.logger,
    shutdown: shutdown.signal,
  });

  const runner = await startWorkflowRunner({
    settings,
    workflowsPath: fileURLToPath(new URL('./workflows/temporal-workflows.ts', import.meta.url)),
    inProcess: { workflows: draftingWorkflows, activities, logger: deps.logger, retry: overrides.retry },
  });

  const operations = createDraftingOperations({
    store,
    index: () => index,
    indexCaughtUp,
    runner,
    catalog,
    mailer: overrides.mailer ?? createMailer(deps.config, clock),
    clock,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
  });

  const served = await serveOperations({
    service: 'drafting',
    bus: deps.bus,
    logger: deps.logger,
    handlers: operations.handlers,
  });
  const internalServed = await serveInternalOperations({
    service: 'drafting',
    bus: deps.bus,
    logger: deps.logger,
    operations: [
      { contract: acceptInviteContract, handle: operations.acceptInvite },
      { contract: describeInviteContract, handle: operations.describeInvite },
    ],
  });

  // Unfinished work resumes from the aggregates' state: the same workflow ids start again and the
  // idempotent activities skip whatever is already done.
  for (const draftId of index.unfinished) await runner.start('draft', draftWorkflowId(draftId), { draftId });
  for (const key of index.regenerating) {
    const [draftId, requestId] = key.split('/') as [string, string];
    await runner.start('regenerate', regenerateWorkflowId(draftId, requestId), { draftId, requestId });
  }
  if (index.unfinished.size + index.regenerating.size > 0)
    deps.logger.info(
      { drafts: index.unfinished.size, regenerations: index.regenerating.size },
      'resumed unfinished drafting work',
    );

  return {
    runner,
    stop: async () => {
      await served.stop();
      await internalServed.stop();
      shutdown.abort();
      await runner.stop();
      await subscription.close();
      await store.close();
    },
  };
};
