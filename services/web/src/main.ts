import type { Bus } from '@listings/platform/bus';
import type { Config } from '@listings/platform/config';
import {
  connectNatsRateLimitCounter,
  loadEdgeConfig,
  rateLimitCounterTtlMs,
  type TrustProxy,
} from '@listings/platform/edge';
import type { Logger } from '@listings/platform/logger';
import type { Ops } from '@listings/platform/observability';
import { buildWebApp, type WebOptions, webPlugin } from './app.ts';

export interface WebDeps {
  readonly bus: Bus;
  readonly config: Pick<Config, 'publicUrl'> & { readonly web: Pick<Config['web'], 'port'> } & Partial<
      Pick<Config, 'edge' | 'natsUrl'>
    >;
  readonly logger: Logger;
  readonly viewerOf?: WebOptions['viewerOf'];
  /**
   * the edge's shared rate-limit counter (votes per account and IP, password sign-ins per IP);
   * default: the NATS KV bucket every edge replica shares when there is NATS, else memory
   */
  readonly rateLimitCounter?: WebOptions['rateLimitCounter'];
  /** default 0.0.0.0 */
  readonly host?: string;
  /** whose X-Forwarded-For names the client (TRUST_PROXY) */
  readonly trustProxy?: TrustProxy;
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
    ...(deps.config.edge ? { signInRateLimit: deps.config.edge.rateLimitSignIn } : {}),
  });

/** Cluster mode: the site on its own server, WEB_PORT, reaching the services over NATS. */
export const startWeb = async (deps: WebDeps) => {
  const edge = deps.config.edge ?? loadEdgeConfig('.');
  // every replica counts in the one bucket the gateways use, so a limit holds across replicas
  const owned =
    !deps.rateLimitCounter && deps.config.natsUrl
      ? await connectNatsRateLimitCounter({ servers: deps.config.natsUrl, ttlMs: rateLimitCounterTtlMs(edge) })
      : null;
  const rateLimitCounter = deps.rateLimitCounter ?? owned;
  const app = await buildWebApp({
    bus: deps.bus,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
    trustProxy: deps.trustProxy ?? false,
    signInRateLimit: edge.rateLimitSignIn,
    ...(deps.viewerOf ? { viewerOf: deps.viewerOf } : {}),
    ...(deps.ops ? { ops: deps.ops } : {}),
    ...(rateLimitCounter ? { rateLimitCounter } : {}),
  });
  if (owned) app.addHook('onClose', async () => owned.close());
  await app.listen({ port: deps.config.web.port, host: deps.host ?? '0.0.0.0' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : deps.config.web.port;
  return { port, app, stop: () => app.close() };
};

export type { Viewer, ViewerOf } from './viewer.ts';
export { buildWebApp, webPlugin };
