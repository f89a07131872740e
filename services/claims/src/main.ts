import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLAIM_CHECK_MAX_BYTES, CLAIM_CHECK_TIMEOUT_MS } from '@listings/contracts';
import { claimsEvents } from '@listings/contracts/events';
import type { Bus } from '@listings/platform/bus';
import { type Clock, systemClock, type Timers } from '@listings/platform/clock';
import {
  type Config,
  DEFAULT_DAILY_LIMITS,
  type WorkflowSettings,
  workflowSettingsOf,
} from '@listings/platform/config';
import type { Logger } from '@listings/platform/logger';
import { createMailer, type Mailer } from '@listings/platform/mail';
import { createSafeFetch, type HostLookup, type SafeFetch } from '@listings/platform/outbound';
import { createKeyVault } from '@listings/platform/personal-data';
import type { RebuildConfig } from '@listings/platform/read-models';
import {
  forgetServicePersonalData,
  openServiceStores,
  rebuildServiceReadModel,
  serviceFiles,
} from '@listings/platform/service-composition';
import { serveInternalOperations, serveOperations } from '@listings/platform/service-host';
import type { StoreWaitReporter } from '@listings/platform/store-wait';
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
  const clock = overrides.clock ?? systemClock;
  // the event store, read models (the claims index), checkpoints and personal-data keys: MONGO_URL
  // and KURRENTDB_URL, else SQLite files under DATA_DIR/claims; each waited for until it answers
  const stores = await openServiceStores({
    service: 'claims',
    config: deps.config,
    eventSchemas: claimsEvents,
    checkpointsFile: path.join(deps.config.dataDir, 'claims', 'checkpoints.sqlite'),
    personalData: true,
    readModel: { name: 'claims index', projection: claimsIndexProjection },
    logger: deps.logger,
    readiness: deps.ops,
  });
  const { events: store, readModels, checkpoints, personalDataKeys, index: claimsIndex, untilAnswers } = stores;

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
    probes: stores.probes,
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

export const claimsEventsFile = (dataDir: string): string => serviceFiles('claims', { dataDir }).events;
/** the claimants' personal-data keys without MONGO_URL (crypto-shredding: docs/architecture.md, Personal data) */
export const claimsPersonalDataFile = (dataDir: string): string => serviceFiles('claims', { dataDir }).personalData;

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
}) => forgetServicePersonalData('claims', options);
/** the claims read models (the claims index) and their checkpoint */
export const claimsReadModelsFile = (dataDir: string): string => serviceFiles('claims', { dataDir }).readModels;

/**
 * The explicit rebuild of the claims read models from position 0 (rebuildServiceReadModel);
 * refuses (ReadModelStoreInUseError) while a claims instance has them open.
 */
export const rebuildClaimsReadModels = (options: { dataDir: string; config?: RebuildConfig }) =>
  rebuildServiceReadModel({
    ...options,
    service: 'claims',
    projection: claimsIndexProjection,
    eventSchemas: claimsEvents,
  });
