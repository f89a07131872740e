import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLAIM_CHECK_MAX_BYTES, CLAIM_CHECK_TIMEOUT_MS } from '@listings/contracts';
import { claimsEvents } from '@listings/contracts/events';
import type { Bus } from '@listings/platform/bus';
import { openCheckpointStore } from '@listings/platform/checkpoints';
import { type Clock, systemClock, type Timers } from '@listings/platform/clock';
import {
  type Config,
  DEFAULT_DAILY_LIMITS,
  type WorkflowSettings,
  workflowSettingsOf,
} from '@listings/platform/config';
import { openEventStore, withEventSchemas } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import { createMailer, type Mailer } from '@listings/platform/mail';
import { storeProbes } from '@listings/platform/observability';
import { createSafeFetch, type HostLookup, type SafeFetch } from '@listings/platform/outbound';
import { createKeyVault, forgetPersonalData, openSubjectKeys } from '@listings/platform/personal-data';
import {
  openDocumentReadModel,
  openReadModelStore,
  type RebuildConfig,
  rebuildEmbeddedDocumentReadModel,
} from '@listings/platform/read-models';
import { serveInternalOperations, serveOperations } from '@listings/platform/service-host';
import { type StoreWaitReporter, storeWaits, untilStoresAnswer } from '@listings/platform/store-wait';
import type { WorkflowRunner } from '@listings/platform/workflows';
import { startWorkflowRunner } from '@listings/platform/workflows/temporal-runner';
import { createClaimsActivities } from './activities/claims-activities.ts';
import { createCatalogClient } from './adapters/catalog-client.ts';
import { createOwnershipCheck, createSystemTxtResolver, type TxtResolver } from './adapters/ownership-checks.ts';
import { type ClaimsOperationDeps, createClaimIds } from './application/claim-streams.ts';
import { startClaimsPublisher } from './entrypoints/integration-events.ts';
import { claimsEndpoints, claimsInternalEndpoints } from './entrypoints/operations.ts';
import { claimsIndexProjection } from './projections/claims-index/evolve.ts';
import {
  CLAIM_EXPIRY_RETRY,
  type ClaimExpiryInput,
  claimExpiryWorkflowId,
  claimsWorkflows,
} from './workflows/expiry-workflow.ts';

export interface ClaimsDeps {
  readonly bus: Bus;
  readonly logger: Logger;
  readonly config: Pick<Config, 'dataDir' | 'publicUrl' | 'fetchAllowPrivateNetworks'> &
    Partial<Pick<Config, 'mail' | 'mongo' | 'kurrentdb' | 'temporal' | 'dailyLimits' | 'eventsDir'>>;
  /** where the claim expiry workflows run; default: TEMPORAL_ADDRESS and TEMPORAL_CLAIMS_TASK_QUEUE (`claims`) */
  readonly workflows?: WorkflowSettings;
  /** the process's /readyz (cluster mode): names a store the start waits for */
  readonly ops?: StoreWaitReporter;
  /** tests replace pieces here; production uses none of it */
  readonly overrides?: {
    readonly resolveTxt?: TxtResolver;
    readonly lookup?: HostLookup;
    readonly safeFetch?: SafeFetch;
    readonly mailer?: Mailer;
    readonly clock?: Clock;
    /** the in-process workflow runner's timers (a manual clock's: the 14-day timer passes when the test advances it) */
    readonly timers?: Timers;
  };
}

/** Composition root of the claims service: its event store, claims index, checks and bus endpoints. */
export const startClaims = async (deps: ClaimsDeps) => {
  const overrides = deps.overrides ?? {};
  const dir = path.join(deps.config.dataDir, 'claims');
  mkdirSync(dir, { recursive: true });
  const store = withEventSchemas(
    openEventStore(deps.config, {
      service: 'claims',
      file: claimsEventsFile(deps.config.eventsDir ?? deps.config.dataDir),
    }),
    claimsEvents,
  );
  const clock = overrides.clock ?? systemClock;

  // the claims index resumes from its checkpoint in the read-model store (rebuilt only on command)
  const readModels = openReadModelStore(deps.config, {
    service: 'claims',
    file: claimsReadModelsFile(deps.config.dataDir),
  });
  // MONGO_URL: the keys in `claims.personal_data_keys`; otherwise the SQLite file
  const personalDataKeys = openSubjectKeys({
    config: deps.config,
    service: 'claims',
    file: claimsPersonalDataFile(deps.config.dataDir),
  });
  // MONGO_URL: beside the read models (`claims.subscription_checkpoints`); otherwise a SQLite file
  const checkpoints = openCheckpointStore(deps.config, {
    service: 'claims',
    file: path.join(dir, 'checkpoints.sqlite'),
  });
  // a store that is not ready yet (not listening, an election) is waited for, with backoff and
  // named by /readyz, never a crash (store-wait.ts)
  const waits = { logger: deps.logger, readiness: deps.ops };
  const untilAnswers = storeWaits(waits);
  await untilStoresAnswer(waits, { events: store, readModels, checkpoints, personalDataKeys });
  const claimsIndex = await untilAnswers('claims index', () =>
    openDocumentReadModel({
      events: store,
      store: readModels,
      projection: claimsIndexProjection,
      onError: (error) => deps.logger.error({ err: error }, 'claims index stopped'),
      onWriteError: (error, retryInMs) =>
        deps.logger.warn(
          { err: error, retry_in_ms: retryInMs },
          'claims index not written: the store refused; trying again',
        ),
    }),
  );

  const safeFetch =
    overrides.safeFetch ??
    createSafeFetch({
      allowPrivateNetworks: deps.config.fetchAllowPrivateNetworks,
      userAgent: `ListingsDirectoryClaims/1.0 (+${deps.config.publicUrl})`,
      maxBytes: CLAIM_CHECK_MAX_BYTES,
      maxRedirects: 3,
      timeoutMs: CLAIM_CHECK_TIMEOUT_MS,
      ...(overrides.lookup ? { lookup: overrides.lookup } : {}),
    });
  const vault = createKeyVault(personalDataKeys);
  // each claim's expiry is a workflow: on Temporal when TEMPORAL_ADDRESS is set, else in process
  let runner: WorkflowRunner | null = null;
  const watchExpiry = async (claim: { readonly id: number; readonly expiresAt: string }) => {
    const delayMs = Math.max(0, Date.parse(claim.expiresAt) - clock.now().getTime());
    await runner?.start('claimExpiry', claimExpiryWorkflowId(claim.id), {
      claimId: claim.id,
      delayMs,
    } satisfies ClaimExpiryInput);
  };
  const operationDeps: ClaimsOperationDeps = {
    store,
    claimIds: createClaimIds({ store, index: claimsIndex.view }),
    vault,
    index: claimsIndex.view,
    indexCaughtUp: claimsIndex.waitFor,
    catalog: createCatalogClient(deps.bus),
    check: createOwnershipCheck({ safeFetch, resolveTxt: overrides.resolveTxt ?? createSystemTxtResolver() }),
    mailer: overrides.mailer ?? createMailer(deps.config, clock),
    clock,
    publicUrl: deps.config.publicUrl,
    claimsPerDay: deps.config.dailyLimits?.claimsPerAccount ?? DEFAULT_DAILY_LIMITS.claimsPerAccount,
    logger: deps.logger,
    watchExpiry,
  };
  const activities = createClaimsActivities(operationDeps);
  runner = await untilAnswers('workflows', () =>
    startWorkflowRunner({
      settings: deps.workflows ?? workflowSettingsOf(deps.config, 'claims'),
      workflowsPath: fileURLToPath(new URL('./workflows/temporal-workflows.ts', import.meta.url)),
      inProcess: {
        workflows: claimsWorkflows,
        activities,
        logger: deps.logger,
        retry: CLAIM_EXPIRY_RETRY,
        ...(overrides.timers ? { timers: overrides.timers } : {}),
      },
    }),
  );
  // after a restart the open claims' workflows start again (a no-op where they still run)
  for (const claim of claimsIndex.view().claims.values()) if (claim.status === 'pending') await watchExpiry(claim);

  const served = await serveOperations({
    service: 'claims',
    bus: deps.bus,
    logger: deps.logger,
    handlers: claimsEndpoints(operationDeps),
  });
  // claim_verified and the like, published from the log; the catalog consumes them
  const publisher = await startClaimsPublisher({
    store,
    checkpoints,
    bus: deps.bus,
    onError: (error) => deps.logger.error({ err: error }, 'claims integration events stopped'),
    onLeaseError: (error) =>
      deps.logger.warn({ err: error }, 'claims integration events: lease not taken or renewed; trying again'),
  });
  const emailServed = await serveInternalOperations({
    service: 'claims',
    bus: deps.bus,
    logger: deps.logger,
    operations: claimsInternalEndpoints(operationDeps),
  });

  return {
    /** the workflow runner of the claim expiries (tests look at it) */
    runner,
    /** what /readyz pings and /metrics reports (the claims index's lag behind the log) */
    probes: {
      stores: storeProbes({ events: store, readModels }),
      projections: [{ name: 'claims index', position: () => claimsIndex.position, events: store }],
    },
    stop: async () => {
      try {
        await served.stop();
        await runner?.stop();
        await emailServed.stop();
      } finally {
        // the stores close even when a step above failed: an open MongoDB store says the service
        // runs (its heartbeat row), which a rebuild refuses for a while
        await claimsIndex.close();
        await readModels.close();
        await vault.close();
        await publisher.close();
        await checkpoints.close();
        await store.close();
      }
    },
  };
};

export const claimsEventsFile = (dataDir: string): string => path.join(dataDir, 'claims', 'events.sqlite');
/** the claims read models (the claims index) and their checkpoint */
/** the claimants' personal-data keys without MONGO_URL (crypto-shredding: docs/architecture.md, Personal data) */
export const claimsPersonalDataFile = (dataDir: string): string => path.join(dataDir, 'claims', 'personal-data.sqlite');

/**
 * Erases what claims keeps of an account's personal data: its key is deleted, so the addresses its
 * email claims were sealed with open to nothing, in the log, its exports and the read model alike.
 * Safe while the service runs (the keys are shared) and to repeat.
 */
export const forgetClaimsPersonalData = (options: {
  dataDir: string;
  accountId: string;
  /** MONGO_URL: the keys are in MongoDB */
  config?: Partial<Pick<Config, 'mongo'>>;
}) =>
  forgetPersonalData({
    config: options.config ?? {},
    service: 'claims',
    file: claimsPersonalDataFile(options.dataDir),
    subject: options.accountId,
  });
export const claimsReadModelsFile = (dataDir: string): string => path.join(dataDir, 'claims', 'read-models.sqlite');

/**
 * The explicit rebuild of the claims read models from position 0, with the service's own
 * projection, on the stores `config` names (MONGO_URL, KURRENTDB_URL; else the files under dataDir);
 * refuses (ReadModelStoreInUseError) while a claims instance has them open.
 */
export const rebuildClaimsReadModels = async (options: { dataDir: string; config?: RebuildConfig }) => {
  mkdirSync(path.join(options.dataDir, 'claims'), { recursive: true });
  return rebuildEmbeddedDocumentReadModel({
    config: options.config,
    service: 'claims',
    eventsPath: claimsEventsFile(options.config?.eventsDir ?? options.dataDir),
    readModelsPath: claimsReadModelsFile(options.dataDir),
    projection: claimsIndexProjection,
    eventSchemas: claimsEvents,
  });
};
