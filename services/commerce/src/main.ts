import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commerceEvents } from '@listings/contracts/events';
import type { Bus } from '@listings/platform/bus';
import { type Clock, systemClock } from '@listings/platform/clock';
import {
  type Config,
  type StripeEnvSettings,
  stripeEnvSettingsOf,
  type WorkflowSettings,
  workflowSettingsOf,
} from '@listings/platform/config';
import type { Logger } from '@listings/platform/logger';
import type { RebuildConfig } from '@listings/platform/read-models';
import { openServiceStores, rebuildServiceReadModel, serviceFiles } from '@listings/platform/service-composition';
import { serveInternalOperations, serveOperations } from '@listings/platform/service-host';
import type { StoreWaitReporter } from '@listings/platform/store-wait';
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
import type { ShopCommand } from './domain/shop/decide.ts';
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
  const clock = deps.overrides?.clock ?? systemClock;
  const settings = deps.settings ?? workflowSettingsOf(deps.config, 'commerce');
  // the event store, read models (the orders index) and checkpoints: MONGO_URL and KURRENTDB_URL,
  // else SQLite files under DATA_DIR/commerce; each waited for until it answers
  const stores = await openServiceStores({
    service: 'commerce',
    config: deps.config,
    eventSchemas: commerceEvents,
    // beside the event log (EVENTS_DIR), as it always was
    checkpointsFile: path.join(
      path.dirname(commerceEventsFile(deps.config.eventsDir ?? deps.config.dataDir)),
      'checkpoints.sqlite',
    ),
    readModel: { name: 'orders index', projection: ordersIndexProjection },
    logger: deps.logger,
    readiness: deps.ops,
  });
  const { events: store, readModels, checkpoints, index: ordersIndex, untilAnswers } = stores;
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
    probes: stores.probes,
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
export const commerceReadModelsFile = (dataDir: string): string => serviceFiles('commerce', { dataDir }).readModels;

/**
 * The explicit rebuild of commerce's read models from position 0 (rebuildServiceReadModel);
 * refuses (ReadModelStoreInUseError) while a commerce instance has them open.
 */
export const rebuildCommerceReadModels = (options: { dataDir: string; config?: RebuildConfig }) =>
  rebuildServiceReadModel({
    ...options,
    service: 'commerce',
    projection: ordersIndexProjection,
    eventSchemas: commerceEvents,
  });
