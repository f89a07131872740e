import type { Bus } from '@listings/platform/bus';
import type { Logger } from '@listings/platform/logger';
import { serveOperations } from '@listings/platform/service-host';

export interface ClaimsDeps {
  readonly bus: Bus;
  readonly logger: Logger;
}

/**
 * Composition root of the claims service. Its operations are served from the contracts; until
 * their handlers land they answer 501 Not Implemented.
 */
export const startClaims = async (deps: ClaimsDeps) => {
  const served = await serveOperations({ service: 'claims', bus: deps.bus, logger: deps.logger, handlers: {} });
  return { stop: () => served.stop() };
};
