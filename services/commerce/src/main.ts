import type { Bus } from '@listings/platform/bus';
import type { Logger } from '@listings/platform/logger';
import { serveOperations } from '@listings/platform/service-host';

export interface CommerceDeps {
  readonly bus: Bus;
  readonly logger: Logger;
}

/**
 * Composition root of the commerce service. Its operations are served from the contracts; until
 * their handlers land they answer 501 Not Implemented.
 */
export const startCommerce = async (deps: CommerceDeps) => {
  const served = await serveOperations({ service: 'commerce', bus: deps.bus, logger: deps.logger, handlers: {} });
  return { stop: () => served.stop() };
};
