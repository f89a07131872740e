import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describeCheckout, payOrder } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import { type Clock, systemClock } from '@listings/platform/clock';
import type { Config } from '@listings/platform/config';
import { openSqliteEventStore } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import { serveInternalOperations, serveOperations } from '@listings/platform/service-host';
import { createCatalogClient } from './adapters/catalog-client.ts';
import { createJsvatCheck, createSalesTaxRates } from './adapters/offline-vat.ts';
import { createCommerceOperations } from './application/commerce-operations.ts';
import { commerceEventsFile, seedDefaultShop } from './application/shop-admin.ts';
import { evolveOrdersIndex, initialOrdersIndex, type OrdersIndex } from './projections/orders-index.ts';

export interface CommerceDeps {
  readonly bus: Bus;
  readonly logger: Logger;
  readonly config: Pick<Config, 'dataDir' | 'publicUrl'>;
  /** tests replace pieces here; production uses none of it */
  readonly overrides?: { readonly clock?: Clock };
}

const EXPIRY_SWEEP_MS = 60_000;

/** Composition root of the commerce service: store, orders index, VAT adapters, catalog client, endpoints. */
export const startCommerce = async (deps: CommerceDeps) => {
  const file = commerceEventsFile(deps.config.dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const store = openSqliteEventStore({ path: file });
  const clock = deps.overrides?.clock ?? systemClock;

  let index: OrdersIndex = initialOrdersIndex;
  const waiters = new Set<{ position: number; resolve: () => void }>();
  const subscription = store.subscribeAll({
    after: 0,
    handler: (event) => {
      index = evolveOrdersIndex(index, event);
      for (const waiter of waiters)
        if (index.position >= waiter.position) {
          waiters.delete(waiter);
          waiter.resolve();
        }
    },
    onError: (error) => deps.logger.error({ err: error }, 'orders index stopped'),
  });
  await subscription.caughtUp;
  const indexCaughtUp = (position: number) =>
    index.position >= position ? Promise.resolve() : new Promise<void>((resolve) => waiters.add({ position, resolve }));

  const operations = createCommerceOperations({
    store,
    index: () => index,
    indexCaughtUp,
    catalog: createCatalogClient(deps.bus),
    rates: createSalesTaxRates(),
    vatNumbers: createJsvatCheck(),
    clock,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
  });
  await seedDefaultShop(store);

  const served = await serveOperations({
    service: 'commerce',
    bus: deps.bus,
    logger: deps.logger,
    handlers: operations.handlers,
  });
  const internalServed = await serveInternalOperations({
    service: 'commerce',
    bus: deps.bus,
    logger: deps.logger,
    operations: [
      { contract: describeCheckout, handle: operations.describeCheckout },
      { contract: payOrder, handle: operations.payOrder },
    ],
  });

  // paid orders whose fulfilment was cut short (catalog unreachable, crash) resume
  for (const number of index.unfulfilled)
    await operations
      .fulfil(number)
      .catch((error: unknown) => deps.logger.warn({ err: error, number }, 'fulfilment still pending'));

  // pending orders not paid in time expire (their launch weeks are freed): now, then every minute
  const sweepExpired = () =>
    operations.expireDue().catch((error: unknown) => deps.logger.warn({ err: error }, 'order expiry sweep failed'));
  await sweepExpired();
  const sweeper = setInterval(sweepExpired, EXPIRY_SWEEP_MS);
  sweeper.unref();

  return {
    operations,
    stop: async () => {
      clearInterval(sweeper);
      await served.stop();
      await internalServed.stop();
      await subscription.close();
      await store.close();
    },
  };
};
