import type { Bus } from '@listings/platform/bus';
import type { Config } from '@listings/platform/config';
import type { Logger } from '@listings/platform/logger';
import type { Ops } from '@listings/platform/observability';
import { buildWebApp, type WebOptions, webPlugin } from './app.ts';

export interface WebDeps {
  readonly bus: Bus;
  readonly config: Pick<Config, 'publicUrl'> & { readonly web: Pick<Config['web'], 'port'> };
  readonly logger: Logger;
  readonly viewerOf?: WebOptions['viewerOf'];
  /** the edge's shared rate-limit counter (votes per account and IP); default in memory */
  readonly rateLimitCounter?: WebOptions['rateLimitCounter'];
  /** default 0.0.0.0 */
  readonly host?: string;
  readonly trustProxy?: boolean;
  /** the process's /healthz, /readyz and /metrics, served on WEB_PORT (cluster mode) */
  readonly ops?: Ops;
}

/** The site as a plugin the launcher mounts on the gateway's server (all-in-one mode). */
export const createWebPlugin = (deps: Omit<WebDeps, 'host' | 'trustProxy'>) =>
  webPlugin({
    bus: deps.bus,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
    ...(deps.viewerOf ? { viewerOf: deps.viewerOf } : {}),
    ...(deps.rateLimitCounter ? { rateLimitCounter: deps.rateLimitCounter } : {}),
  });

/** Cluster mode: the site on its own server, WEB_PORT, reaching the services over NATS. */
export const startWeb = async (deps: WebDeps) => {
  const app = await buildWebApp({
    bus: deps.bus,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
    trustProxy: deps.trustProxy ?? false,
    ...(deps.viewerOf ? { viewerOf: deps.viewerOf } : {}),
    ...(deps.ops ? { ops: deps.ops } : {}),
  });
  await app.listen({ port: deps.config.web.port, host: deps.host ?? '0.0.0.0' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : deps.config.web.port;
  return { port, app, stop: () => app.close() };
};

export type { Viewer, ViewerOf } from './viewer.ts';
export { buildWebApp, webPlugin };
