import type { Bus } from '@listings/platform/bus';
import type { Logger } from '@listings/platform/logger';
import { serveOperations } from '@listings/platform/service-host';

export interface DraftingDeps {
  readonly bus: Bus;
  readonly logger: Logger;
}

/**
 * Composition root of the drafting service. Its operations are served from the contracts; until
 * their handlers land they answer 501 Not Implemented.
 */
export const startDrafting = async (deps: DraftingDeps) => {
  const served = await serveOperations({ service: 'drafting', bus: deps.bus, logger: deps.logger, handlers: {} });
  return { stop: () => served.stop() };
};
