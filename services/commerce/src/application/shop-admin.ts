import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { commerceEvents } from '@listings/contracts/events';
import { foldStream, handleCommand } from '@listings/platform/decider';
import { type EventStore, openSqliteEventStore, withEventSchemas } from '@listings/platform/event-store';
import { serviceFiles } from '@listings/platform/service-composition';
import { type ShopCommand, shopDecider } from '../domain/shop/decide.ts';
import { SHOP_STREAM, type ShopSettings } from '../domain/shop/shop.ts';
import { DEFAULT_SHOP } from './default-shop.ts';

/** where the commerce service keeps its events under DATA_DIR (embedded store) */
export const commerceEventsFile = (dataDir: string): string => serviceFiles('commerce', { dataDir }).events;

/** runs one shop command (by `by`, e.g. `operator`): the settings stream is the only writer's lock */
export const runShopCommand = (store: EventStore, command: ShopCommand, by: string) =>
  handleCommand({ store, stream: SHOP_STREAM, decider: shopDecider, command, metadata: { by } });

/** the shop's settings and products as they are now (read on every call: a change applies at once) */
export const loadShop = async (store: EventStore): Promise<ShopSettings> =>
  (await foldStream(store, SHOP_STREAM, shopDecider)).state;

/** an empty shop gets its default products and settings, as events through the operator's commands */
export const seedDefaultShop = async (store: EventStore): Promise<void> => {
  if ((await store.readStream(SHOP_STREAM)).length > 0) return;
  for (const command of DEFAULT_SHOP) await runShopCommand(store, command, 'seed');
};

/**
 * The operator's view of the shop (the CLI): the same store and commands as the running service,
 * which reads the settings on every call, so a change applies to the next quote at once.
 */
export const openShopAdmin = async (dataDir: string) => {
  mkdirSync(path.dirname(commerceEventsFile(dataDir)), { recursive: true });
  const store = withEventSchemas(openSqliteEventStore({ path: commerceEventsFile(dataDir) }), commerceEvents);
  try {
    await seedDefaultShop(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return {
    settings: (): Promise<ShopSettings> => loadShop(store),
    /** true when the command changed something (the same value again is no event) */
    run: async (command: ShopCommand): Promise<boolean> =>
      (await runShopCommand(store, command, 'operator')).events.length > 0,
    close: () => store.close(),
  };
};
