import { ANONYMOUS, type Operation, operationById } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import { type Clock, systemClock } from '@listings/platform/clock';
import type { Config } from '@listings/platform/config';
import {
  type AuthenticationClient,
  createAuthenticationClient,
  createRateLimiter,
  createReadCache,
  type EdgeConfig,
  type EdgeStores,
  type FrontDoor,
  fastifyTrustProxy,
  frontDoorServer,
  type IdempotencyStore,
  loadEdgeConfig,
  openEdgeStores,
  type RateLimitCounter,
  type RateLimitPolicy,
  retryAfterOnOutage,
  type TrustProxy,
} from '@listings/platform/edge';
import type { Logger } from '@listings/platform/logger';
import { mountOps, type Ops } from '@listings/platform/observability';
import Fastify, { type FastifyBaseLogger, type FastifyPluginAsync, LogController } from 'fastify';
import { createServerFactory, type ServerFixtures } from './build-server.ts';
import { loadMcpConfig } from './config.ts';
import { createLeanToolsCall } from './http/lean-tools-call.ts';
import { createMcpEndpoint, type McpEndpoint } from './http/mcp-endpoint.ts';
import { MCP_PATH, mcpFrontDoor, mcpPlugin } from './http/mcp-plugin.ts';
import { createListingSlugs, listingSlugOf, watchListingChanges } from './listing-changes.ts';
import { callOperation, type ToolOutcome } from './tools/call-operation.ts';
import { connectNatsTaskCancellations } from './tools/draft-tasks.ts';

export interface McpGatewayDeps {
  readonly bus: Bus;
  readonly config: Pick<Config, 'publicUrl' | 'natsUrl'> & Partial<Pick<Config, 'dataDir' | 'edge' | 'mcp'>>;
  readonly logger: Logger;
  /** default: `gateway.internal.authenticate` over the bus */
  readonly authentication?: AuthenticationClient;
  /** default: NATS KV shared with the REST edge when NATS_URL is set, else in memory */
  readonly idempotencyStore?: IdempotencyStore;
  /** default: the REST edge's (RATE_LIMIT_AUTHENTICATED, RATE_LIMIT_ANONYMOUS, TRUST_PROXY) */
  readonly edgeConfig?: EdgeConfig;
  /** overrides the edge config's two operation policies (tests) */
  readonly rateLimits?: { readonly authenticated: RateLimitPolicy; readonly anonymous: RateLimitPolicy };
  /** default: NATS KV bucket `edge_rate_limits` shared with the REST edge when NATS_URL is set, else in memory */
  readonly rateLimitCounter?: RateLimitCounter;
  readonly clock?: Clock;
  readonly requestTimeoutMs?: number;
  /** the conformance suite's fixture tools (MCP_CONFORMANCE_FIXTURES): tests only */
  readonly conformanceFixtures?: boolean;
  /** how often a draft call that reports progress reads the draft again (default 1 s; tests go faster) */
  readonly draftPollMs?: number;
  /** false: every request takes the SDK's path, none the lean one (tests compare the two) */
  readonly leanToolsCall?: boolean;
  /**
   * true: anonymous public reads are answered from the edge's read cache for up to the edge
   * config's EDGE_READ_CACHE_MS (packages/platform/src/edge/read-cache.ts); default false (tests
   * with stand-in services, which send no notices)
   */
  readonly readCache?: boolean;
}

export interface McpGateway {
  /** the Fastify plugin serving /mcp: the launcher mounts it on the REST gateway in all-in-one mode */
  readonly plugin: FastifyPluginAsync;
  /**
   * the lean path ahead of Fastify (absent with `leanToolsCall: false`): whoever makes the server
   * the plugin is mounted on passes it to `frontDoorServer`
   */
  readonly frontDoor: FrontDoor | undefined;
  readonly endpoint: McpEndpoint;
  /** TRUST_PROXY: whose X-Forwarded-For names the client (cluster mode's own Fastify) */
  readonly trustProxy: TrustProxy;
  stop(): Promise<void>;
}

/** Host names MCP requests may name (DNS rebinding protection): the public one and loopback. */
const allowedHostnamesOf = (publicUrl: string): string[] => {
  const host = new URL(publicUrl).hostname;
  return [...new Set([host.includes(':') ? `[${host}]` : host, 'localhost', '127.0.0.1', '[::1]'])];
};

/**
 * The MCP conformance suite's fixture tools are test code (test/support/conformance-fixtures.ts),
 * loaded only when MCP_CONFORMANCE_FIXTURES asks for them; an image leaves test/ out
 * (.dockerignore), so there the flag cannot add them.
 */
const loadConformanceFixtures = async (): Promise<ServerFixtures> =>
  (await import('../test/support/conformance-fixtures.ts')).conformanceFixtures;

/** Composition root of the MCP gateway: picks the adapters, builds the endpoint. */
export const createMcpGateway = async (deps: McpGatewayDeps): Promise<McpGateway> => {
  const edge = deps.edgeConfig ?? deps.config.edge ?? loadEdgeConfig(deps.config.dataDir ?? '.');
  const clock = deps.clock ?? systemClock;
  const owned =
    deps.idempotencyStore && deps.rateLimitCounter
      ? null
      : await openEdgeStores({ natsUrl: deps.config.natsUrl ?? null, edge, clock });
  const store = deps.idempotencyStore ?? (owned as EdgeStores).idempotencyStore;
  const counter = deps.rateLimitCounter ?? (owned as EdgeStores).rateLimitCounter;
  const cancellations = deps.config.natsUrl ? await connectNatsTaskCancellations(deps.config.natsUrl) : null;
  const listingSlugs = createListingSlugs();
  const readCache = createReadCache<ToolOutcome>({
    bus: deps.bus,
    ttlMs: deps.readCache ? edge.readCacheMs : 0,
    logger: deps.logger,
  });
  const serverDeps = {
    listingSlugs,
    bus: deps.bus,
    logger: deps.logger,
    requestTimeoutMs: deps.requestTimeoutMs ?? 10_000,
    readCache,
    idempotency: { store, clock },
    ...(deps.conformanceFixtures ? { conformanceFixtures: await loadConformanceFixtures() } : {}),
    ...(deps.draftPollMs ? { draftPollMs: deps.draftPollMs } : {}),
    ...(cancellations ? { taskCancellations: cancellations } : {}),
  };
  const allowedHostnames = allowedHostnamesOf(deps.config.publicUrl);
  const endpoint = createMcpEndpoint({
    servers: createServerFactory(serverDeps),
    authentication: deps.authentication ?? createAuthenticationClient(deps.bus),
    logger: deps.logger,
    allowedHostnames,
    // a 2025-era subscription to a listing: learn its id, so the listing's changes reach it
    onResourceSubscribe: async (uri) => {
      const slug = listingSlugOf(uri);
      if (slug === undefined) return;
      const outcome = await callOperation(serverDeps, operationById('get_listing') as Operation, { slug }, ANONYMOUS);
      const id = 'body' in outcome ? (outcome.body as { id?: unknown }).id : undefined;
      if (typeof id === 'number') listingSlugs.learn(id, slug);
    },
    rateLimit: {
      limiter: createRateLimiter({
        counter,
        clock,
        onCounterError: (error) => deps.logger.warn({ err: error }, 'rate-limit counter unavailable: call allowed'),
      }),
      authenticated: deps.rateLimits?.authenticated ?? edge.rateLimitAuthenticated,
      anonymous: deps.rateLimits?.anonymous ?? edge.rateLimitAnonymous,
    },
  });
  const changes = await watchListingChanges(
    deps.bus,
    listingSlugs,
    (uri) => endpoint.resourceUpdated(uri),
    deps.logger,
  );
  const lean =
    deps.leanToolsCall === false ? undefined : createLeanToolsCall({ endpoint, call: serverDeps, allowedHostnames });
  return {
    plugin: mcpPlugin(endpoint),
    frontDoor: lean && mcpFrontDoor(endpoint, lean, deps.logger),
    endpoint,
    trustProxy: edge.trustProxy,
    stop: async () => {
      await changes.stop();
      await readCache.stop();
      await endpoint.close();
      await owned?.close();
      await cancellations?.close();
    },
  };
};

/**
 * The Fastify options of a server of its own for the MCP gateway (cluster mode, tests): its
 * TRUST_PROXY, and the lean path's front door when there is one.
 */
export const mcpServerOptions = (gateway: McpGateway, logger: Logger, ops?: Ops) => ({
  trustProxy: fastifyTrustProxy(gateway.trustProxy),
  ...(gateway.frontDoor
    ? {
        serverFactory: frontDoorServer(gateway.frontDoor, {
          trustProxy: gateway.trustProxy,
          logger,
          ...(ops ? { ops } : {}),
        }),
      }
    : {}),
});

/** The OAuth discovery documents MCP clients fetch from the origin they connect to. */
const DISCOVERY_PATHS = [
  `/.well-known/oauth-protected-resource${MCP_PATH}`,
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
];

/**
 * Cluster mode: the MCP gateway in its own process on MCP_PORT. The OAuth discovery documents are
 * the REST gateway's (identity owns them); this process forwards them so a client that connects
 * here directly finds them too.
 */
export const startMcpGateway = async (
  deps: McpGatewayDeps & {
    readonly config: Pick<Config, 'publicUrl' | 'natsUrl' | 'port'>;
    readonly host?: string;
    /** the process's /healthz, /readyz and /metrics, on MCP_PORT */
    readonly ops?: Ops;
  },
) => {
  const mcpConfig = loadMcpConfig(deps.config);
  const gateway = await createMcpGateway({
    conformanceFixtures: mcpConfig.conformanceFixtures,
    readCache: true,
    ...deps,
  });
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    ...mcpServerOptions(gateway, deps.logger, deps.ops),
  });
  if (deps.ops) mountOps(app as never, deps.ops);
  else app.get('/healthz', async () => ({ status: 'ok' }));
  retryAfterOnOutage(app as never);
  await app.register(gateway.plugin);
  for (const path of DISCOVERY_PATHS) {
    app.get(`${path}`, async (request, reply) => forward(mcpConfig.gatewayUrl, request.url, reply));
    app.get(`${path}/*`, async (request, reply) => forward(mcpConfig.gatewayUrl, request.url, reply));
  }
  await app.listen({ port: mcpConfig.port, host: deps.host ?? '0.0.0.0' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : mcpConfig.port;
  return {
    port,
    stop: async () => {
      await app.close();
      await gateway.stop();
    },
  };
};

const forward = async (
  gatewayUrl: string,
  url: string,
  reply: { code(status: number): { type(t: string): { send(body: string): unknown } } },
) => {
  try {
    const response = await fetch(`${gatewayUrl}${url}`, { signal: AbortSignal.timeout(5_000) });
    return reply
      .code(response.status)
      .type(response.headers.get('content-type') ?? 'application/json')
      .send(await response.text());
  } catch {
    return reply
      .code(502)
      .type('application/problem+json')
      .send(
        JSON.stringify({
          type: '/api/v1/problems/bad-gateway',
          title: 'Bad gateway',
          status: 502,
          detail: 'the REST gateway did not answer',
        }),
      );
  }
};

export { buildServer } from './build-server.ts';
export { loadMcpConfig } from './config.ts';
export { MCP_PATH } from './http/mcp-plugin.ts';
