import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commerceEvents } from '@listings/contracts/events';
import type { Bus } from '@listings/platform/bus';
import { openCheckpointStore } from '@listings/platform/checkpoints';
import { type Clock, systemClock } from '@listings/platform/clock';
import {
  type Config,
  type StripeEnvSettings,
  stripeEnvSettingsOf,
  type WorkflowSettings,
  workflowSettingsOf,
} from '@listings/platform/config';
import { openEventStore, withEventSchemas } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import { storeProbes } from '@listings/platform/observability';
import {
  openDocumentReadModel,
  openReadModelStore,
  type RebuildConfig,
  rebuildEmbeddedDocumentReadModel,
} from '@listings/platform/read-models';
import { serveInternalOperations, serveOperations } from '@listings/platform/service-host';
import { type StoreWaitReporter, storeWaits, untilStoresAnswer } from '@listings/platform/store-wait';
import type { RetryPolicy } from '@listings/platform/workflows';
import { startWorkflowRunner } from '@listings/platform/workflows/temporal-runner';
import { createCommerceActivities } from './activities/commerce-activities.ts';
import { createCatalogClient } from './adapters/catalog-client.ts';
import { createJsvatCheck, createSalesTaxRates } from './adapters/offline-vat.ts';
import { createLocalPaymentProvider, type PaymentProvider } from './adapters/payment-provider.ts';
import { createStripePaymentProvider } from './adapters/stripe-payments.ts';
import type { CommerceOperationDeps } from './application/commerce-deps.ts';
import { createLaunchRules } from './application/launch-rules.ts';
import { createOrderLifecycle } from './application/order-lifecycle.ts';
import { resumeOrderWorkflows } from './application/order-workflow-start.ts';
import { commerceEventsFile, runShopCommand, seedDefaultShop } from './application/shop-admin.ts';
import type { ShopCommand } from './domain/shop/shop.ts';
import { consumeCatalogEvents, startCommercePublisher } from './entrypoints/integration-events.ts';
import { commerceEndpoints, commerceInternalEndpoints } from './entrypoints/operations.ts';
import { ordersIndexProjection } from './projections/orders-index/evolve.ts';
import { commerceWorkflows, ORDER_RETRY } from './workflows/order-workflow.ts';

export interface CommerceDeps {
  readonly bus: Bus;
  readonly logger: Logger;
  readonly config: Pick<Config, 'dataDir' | 'publicUrl'> &
    Partial<Pick<Config, 'mongo' | 'temporal' | 'kurrentdb' | 'stripe' | 'eventsDir'>>;
  /** where the order workflows run; default: TEMPORAL_ADDRESS and TEMPORAL_COMMERCE_TASK_QUEUE (`commerce`) */
  readonly settings?: WorkflowSettings;
  /**
   * Stripe Checkout as the payment provider; default: the config's (STRIPE_SECRET_KEY +
   * STRIPE_WEBHOOK_SECRET, + STRIPE_API_BASE), and without them the local development provider. `null`: local.
   */
  readonly stripe?: StripeEnvSettings | null;
  /** the process's /readyz (cluster mode): names a store the start waits for */
  readonly ops?: StoreWaitReporter;
  /** tests replace pieces here; production uses none of it */
  readonly overrides?: {
    readonly clock?: Clock;
    readonly retry?: Partial<RetryPolicy>;
    /** how long paying waits for the fulfilment before answering (default 5 s) */
    readonly payWaitMs?: number;
    /** how long one run of the fulfilment step waits for the catalog's word (default 10 s) */
    readonly fulfilWaitMs?: number;
  };
}

/** Composition root of the commerce service: store, orders index, VAT adapters, catalog client, endpoints. */
export const startCommerce = async (deps: CommerceDeps) => {
  const file = commerceEventsFile(deps.config.eventsDir ?? deps.config.dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const store = withEventSchemas(openEventStore(deps.config, { service: 'commerce', file }), commerceEvents);
  const clock = deps.overrides?.clock ?? systemClock;

  const settings = deps.settings ?? workflowSettingsOf(deps.config, 'commerce');

  // the orders index resumes from its checkpoint in the read-model store (rebuilt only on command)
  const readModels = openReadModelStore(deps.config, {
    service: 'commerce',
    file: commerceReadModelsFile(deps.config.dataDir),
  });
  // MONGO_URL: beside the read models (`commerce.subscription_checkpoints`); otherwise a SQLite file
  const checkpoints = openCheckpointStore(deps.config, {
    service: 'commerce',
    file: path.join(path.dirname(file), 'checkpoints.sqlite'),
  });
  // a store that is not ready yet (not listening, an election) is waited for, with backoff and
  // named by /readyz, never a crash (store-wait.ts)
  const waits = { logger: deps.logger, readiness: deps.ops };
  const untilAnswers = storeWaits(waits);
  await untilStoresAnswer(waits, { events: store, readModels, checkpoints });
  const ordersIndex = await untilAnswers('orders index', () =>
    openDocumentReadModel({
      events: store,
      store: readModels,
      projection: ordersIndexProjection,
      onError: (error) => deps.logger.error({ err: error }, 'orders index stopped'),
      onWriteError: (error, retryInMs) =>
        deps.logger.warn(
          { err: error, retry_in_ms: retryInMs },
          'orders index not written: the store refused; trying again',
        ),
    }),
  );
  const indexCaughtUp = ordersIndex.waitFor;
  const indexChanged = ordersIndex.nextChange;

  const configured = deps.config.stripe ? stripeEnvSettingsOf(deps.config.stripe) : null;
  const stripe = deps.stripe === undefined ? configured : deps.stripe;
  const payments: PaymentProvider = stripe
    ? createStripePaymentProvider(stripe, () => clock.now())
    : createLocalPaymentProvider();
  deps.logger.info({ provider: payments.name }, 'payment provider');

  const catalog = createCatalogClient(deps.bus);
  const rules = createLaunchRules({ store, catalog, logger: deps.logger });
  const lifecycle = createOrderLifecycle({
    store,
    rules,
    clock,
    indexCaughtUp,
    indexChanged,
    fulfilWaitMs: deps.overrides?.fulfilWaitMs ?? 10_000,
    payments,
  });
  const activities = createCommerceActivities(lifecycle);
  // each order's payment lifecycle is a workflow: on Temporal when TEMPORAL_ADDRESS is set
  const runner = await untilAnswers('workflows', () =>
    startWorkflowRunner({
      settings,
      workflowsPath: fileURLToPath(new URL('./workflows/temporal-workflows.ts', import.meta.url)),
      inProcess: {
        workflows: commerceWorkflows,
        activities,
        logger: deps.logger,
        retry: { ...ORDER_RETRY, ...deps.overrides?.retry },
      },
    }),
  );

  const operationDeps: CommerceOperationDeps = {
    store,
    index: ordersIndex.view,
    indexCaughtUp,
    indexChanged,
    payWaitMs: deps.overrides?.payWaitMs ?? 5_000,
    lifecycle,
    rules,
    runner,
    catalog,
    payments,
    rates: createSalesTaxRates(),
    vatNumbers: createJsvatCheck(),
    clock,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
  };
  await seedDefaultShop(store);

  const served = await serveOperations({
    service: 'commerce',
    bus: deps.bus,
    logger: deps.logger,
    handlers: commerceEndpoints(operationDeps),
  });
  const internalServed = await serveInternalOperations({
    service: 'commerce',
    bus: deps.bus,
    logger: deps.logger,
    operations: commerceInternalEndpoints(operationDeps),
  });

  // integration events: paid orders go out from this log (at least once); the catalog's word on
  // what it carried out comes back through a durable consumer and records each line
  const publisher = await startCommercePublisher({ store, checkpoints, bus: deps.bus, logger: deps.logger });
  const catalogEvents = await consumeCatalogEvents({ bus: deps.bus, lifecycle, logger: deps.logger });

  // Unfinished lifecycles resume from the orders' state: the same workflow ids start again (a
  // pending order waits for what is left of its time, a paid one is fulfilled) and the idempotent
  // activities skip whatever is already done.
  const resumed = await resumeOrderWorkflows(operationDeps);
  if (resumed > 0) deps.logger.info({ orders: resumed }, 'resumed unfinished order lifecycles');

  return {
    /** the operator's shop commands (tests change the settings of a running service) */
    operations: { runShop: (command: ShopCommand, by: string) => runShopCommand(store, command, by) },
    runner,
    /** for tests and tools: the orders index (its view, position and read-your-writes wait) */
    ordersIndex,
    /** what /readyz pings and /metrics reports (the orders index's lag behind the log) */
    probes: {
      stores: storeProbes({ events: store, readModels }),
      projections: [{ name: 'orders index', position: () => ordersIndex.position, events: store }],
    },
    stop: async () => {
      try {
        await served.stop();
        await internalServed.stop();
        await runner.stop();
        await catalogEvents.stop();
        await publisher.close();
        await checkpoints.close();
      } finally {
        // closed even when a step above failed: an open MongoDB store says the service runs
        await ordersIndex.close();
        await readModels.close();
        await store.close();
      }
    },
  };
};

/** the commerce read models (the orders index) and their checkpoint */
export const commerceReadModelsFile = (dataDir: string): string => path.join(dataDir, 'commerce', 'read-models.sqlite');

/**
 * The explicit rebuild of commerce's read models from position 0, with the service's own
 * projection, on the stores `config` names (MONGO_URL, KURRENTDB_URL; else the files under dataDir);
 * refuses (ReadModelStoreInUseError) while a commerce instance has them open.
 */
export const rebuildCommerceReadModels = async (options: { dataDir: string; config?: RebuildConfig }) => {
  mkdirSync(path.dirname(commerceEventsFile(options.config?.eventsDir ?? options.dataDir)), { recursive: true });
  return rebuildEmbeddedDocumentReadModel({
    config: options.config,
    service: 'commerce',
    eventsPath: commerceEventsFile(options.config?.eventsDir ?? options.dataDir),
    readModelsPath: commerceReadModelsFile(options.dataDir),
    projection: ordersIndexProjection,
    eventSchemas: commerceEvents,
  });
};
