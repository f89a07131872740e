import type { Bus } from '@listings/platform/bus';
import type { Config } from '@listings/platform/config';
import type { Logger } from '@listings/platform/logger';
import { buildApp, type GatewayOptions } from './app.ts';

export interface GatewayDeps {
  readonly bus: Bus;
  readonly config: Pick<Config, 'port' | 'publicUrl'>;
  readonly logger: Logger;
  /** default 0.0.0.0 */
  readonly host?: string;
  readonly mounts?: GatewayOptions['mounts'];
}

/** Composition root of the REST gateway: builds the app and listens on PORT. */
export const startGateway = async (deps: GatewayDeps) => {
  const app = await buildApp({
    bus: deps.bus,
    config: deps.config,
    logger: deps.logger,
    ...(deps.mounts ? { mounts: deps.mounts } : {}),
  });
  await app.listen({ port: deps.config.port, host: deps.host ?? '0.0.0.0' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : deps.config.port;
  return {
    port,
    /** stops taking connections and lets requests in flight finish */
    stop: () => app.close(),
  };
};

export { buildApp };
