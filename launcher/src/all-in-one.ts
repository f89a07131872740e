import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startCatalog } from '@listings/catalog';
import { startClaims } from '@listings/claims';
import { startCommerce } from '@listings/commerce';
import { startDrafting } from '@listings/drafting';
import { startGateway } from '@listings/gateway';
import { createMcpGateway, loadMcpConfig } from '@listings/mcp-gateway';
import { createInProcessBus } from '@listings/platform/bus';
import { systemClock } from '@listings/platform/clock';
import type { Config } from '@listings/platform/config';
import { openEdgeStores } from '@listings/platform/edge';
import { createLogger, type Logger } from '@listings/platform/logger';
import { createMetrics, createOps, instrumentBus } from '@listings/platform/observability';
import { configOrExit, processTracing, type Running, stopOnSignals } from '@listings/platform/runtime';
import { createWebPlugin } from '@listings/web';

/**
 * Every service in one process on the in-process bus, embedded stores under DATA_DIR: the way a
 * newcomer runs it and the way most tests run it.
 */
export const startAllInOne = async (
  config: Config,
  logger: Logger,
  options: {
    host?: string /** spans (default: OTEL_EXPORTER_OTLP_ENDPOINT set; tests: a provider of their own) */;
    traced?: boolean;
  } = {},
) => {
  mkdirSync(config.dataDir, { recursive: true });
  // the edges only read and serialise replies, so in one process they are handed over, not copied
  // one /healthz, /readyz and /metrics for the whole process, on PORT; every bus round trip measured
  const tracing = await processTracing('listings', config);
  const traced = options.traced ?? tracing !== null;
  const metrics = createMetrics('listings');
  const bus = instrumentBus(
    createInProcessBus({
      eventLogPath: path.join(config.dataDir, 'bus-events.sqlite'),
      shareReplies: true,
      shareRequests: true,
    }),
    metrics,
    { traced },
  );
  const ops = createOps({ process: 'listings', bus, metrics, traced });
  const services: Running[] = [];
  /** a service started, its stores and projections handed to the process's readiness and metrics */
  const started = <S extends Running>(name: string, service: S): S => {
    if (service.probes) ops.addProbes(service.probes, name);
    services.push(service);
    return service;
  };
  try {
    const deps = { bus, config, logger };
    started('catalog', await startCatalog({ ...deps, logger: logger.child({ service: 'catalog' }) }));
    started('drafting', await startDrafting({ ...deps, logger: logger.child({ service: 'drafting' }) }));
    started('commerce', await startCommerce({ ...deps, logger: logger.child({ service: 'commerce' }) }));
    started('claims', await startClaims({ ...deps, logger: logger.child({ service: 'claims' }) }));
    // one set of idempotency records and rate-limit counters for both edges: a key or a quota
    // means the same over REST and MCP
    const edge = config.edge;
    const edgeStores = await openEdgeStores({ natsUrl: null, edge, clock: systemClock });
    services.push({ stop: () => edgeStores.close() });
    // the MCP server shares the gateway's port at /mcp; it stops after the gateway
    const mcp = await createMcpGateway({
      ...deps,
      edgeConfig: edge,
      readCache: true,
      idempotencyStore: edgeStores.idempotencyStore,
      rateLimitCounter: edgeStores.rateLimitCounter,
      logger: logger.child({ service: 'mcp-gateway' }),
      conformanceFixtures: loadMcpConfig(config).conformanceFixtures,
    });
    services.push(mcp);
    const gateway = await startGateway({
      ...deps,
      logger: logger.child({ service: 'gateway' }),
      // the site for people at `/`, on the same server as the API and MCP
      mounts: [
        mcp.plugin,
        createWebPlugin({
          ...deps,
          logger: logger.child({ service: 'web' }),
          // vote limits count in the same store as the API's and MCP's
          rateLimitCounter: edgeStores.rateLimitCounter,
        }),
      ],
      siteAtRoot: true,
      // the MCP gateway's lean tool calls, answered before Fastify routes them
      ...(mcp.frontDoor ? { frontDoor: mcp.frontDoor } : {}),
      edgeConfig: edge,
      edgeStores,
      ops,
      ...(options.host ? { host: options.host } : {}),
    });
    if (gateway.probes) ops.addProbes(gateway.probes, 'gateway');
    services.unshift(gateway);
    return {
      port: gateway.port,
      /** the gateway's identity module (tests make accounts and API keys through its store) */
      identity: gateway.identity,
      /** the in-process bus the services share (tests call internal operations on it) */
      bus,
      /** the process's readiness and metrics (served at /readyz and /metrics) */
      ops,
      stop: async () => {
        // readiness says so first; the edge next, so nothing new comes in while services drain
        ops.drain();
        for (const service of services) await service.stop();
        await bus.close();
        await tracing?.shutdown();
      },
    };
  } catch (error) {
    for (const service of services) await service.stop().catch(() => {});
    await bus.close().catch(() => {});
    await tracing?.shutdown().catch(() => {});
    throw error;
  }
};

if (import.meta.main) {
  const config = configOrExit();
  const logger = createLogger({ name: 'listings', level: config.logLevel });
  const running = await startAllInOne(config, logger);
  logger.info(
    { url: config.publicUrl, port: running.port, dataDir: config.dataDir },
    'listening: the site at /, REST at /api/v1, docs at /api/v1/docs, MCP at /mcp',
  );
  stopOnSignals(running, logger);
}
