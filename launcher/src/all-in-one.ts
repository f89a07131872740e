import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startCatalog } from '@listings/catalog';
import { startClaims } from '@listings/claims';
import { startCommerce } from '@listings/commerce';
import { startDrafting } from '@listings/drafting';
import { startGateway } from '@listings/gateway';
import { createInProcessBus } from '@listings/platform/bus';
import type { Config } from '@listings/platform/config';
import { createLogger, type Logger } from '@listings/platform/logger';
import { configOrExit, type Running, stopOnSignals } from '@listings/platform/runtime';

/**
 * Every service in one process on the in-process bus, embedded stores under DATA_DIR: the way a
 * newcomer runs it and the way most tests run it.
 */
export const startAllInOne = async (config: Config, logger: Logger, options: { host?: string } = {}) => {
  mkdirSync(config.dataDir, { recursive: true });
  const bus = createInProcessBus({ eventLogPath: path.join(config.dataDir, 'bus-events.sqlite') });
  const services: Running[] = [];
  try {
    const deps = { bus, config, logger };
    services.push(await startCatalog({ ...deps, logger: logger.child({ service: 'catalog' }) }));
    services.push(await startDrafting({ ...deps, logger: logger.child({ service: 'drafting' }) }));
    services.push(await startCommerce({ ...deps, logger: logger.child({ service: 'commerce' }) }));
    services.push(await startClaims({ ...deps, logger: logger.child({ service: 'claims' }) }));
    const gateway = await startGateway({ ...deps, logger: logger.child({ service: 'gateway' }), ...options });
    services.unshift(gateway);
    return {
      port: gateway.port,
      stop: async () => {
        // the edge first, so nothing new comes in while services drain
        for (const service of services) await service.stop();
        await bus.close();
      },
    };
  } catch (error) {
    for (const service of services) await service.stop().catch(() => {});
    await bus.close().catch(() => {});
    throw error;
  }
};

if (import.meta.main) {
  const config = configOrExit();
  const logger = createLogger({ name: 'listings', level: config.logLevel });
  const running = await startAllInOne(config, logger);
  logger.info(
    { url: config.publicUrl, port: running.port, dataDir: config.dataDir },
    'listening: REST at /api/v1, docs at /api/v1/docs',
  );
  stopOnSignals(running, logger);
}
