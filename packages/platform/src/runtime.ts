import type { Bus } from './bus/bus.ts';
import { connectNatsBus } from './bus/nats-bus.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { instrumentBus } from './observability/instrumented-bus.ts';
import { createMetrics } from './observability/metrics.ts';
import { createOps, type Ops, type Probes, startOpsServer } from './observability/ops.ts';
import { startTracing, type Tracing } from './observability/tracing.ts';

export interface Running {
  stop(): Promise<void>;
  /** the HTTP port, for services that listen */
  readonly port?: number;
  /** the stores and projections the process's /readyz and /metrics look at */
  readonly probes?: Probes;
}

/** what a process's composition root gets: the (measured) bus, the configuration, its logger and its /healthz, /readyz, /metrics */
export interface ProcessDeps {
  readonly bus: Bus;
  readonly config: Config;
  readonly logger: Logger;
  readonly ops: Ops;
}

/**
 * Stops once on SIGINT or SIGTERM (in-flight work drains, stores close), then exits 0. A second
 * signal while stopping exits at once.
 */
export const stopOnSignals = (running: Running, logger: Logger): void => {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'stopping');
    running.stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'failed to stop cleanly');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
};

/** Loads the configuration (every service's and edge's part, so a bad value stops start-up) or exits with every problem listed. */
export const configOrExit = (): Config => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
};

/**
 * Starts one service as its own process's content over NATS: the bus (measured), the service, and
 * its /healthz, /readyz and /metrics: on OPS_PORT for a service without an HTTP server, on the
 * edge's own server otherwise (`ownHttp`: the edge mounts `deps.ops`). `stop` is the graceful
 * shutdown: readiness turns 503 first, then the service stops (its HTTP server lets requests in
 * flight finish, its bus endpoints drain, its workers stop), then the bus drains and closes, then
 * the ops server.
 */
export const startServiceProcess = async (
  name: string,
  start: (deps: ProcessDeps) => Promise<Running>,
  options: {
    readonly config: Config;
    readonly logger: Logger;
    readonly natsUrl: string;
    readonly ownHttp?: boolean;
    /** spans for HTTP and bus traffic; default: when OTEL_EXPORTER_OTLP_ENDPOINT is set (tests: a provider of their own) */
    readonly traced?: boolean;
  },
) => {
  const tracing = await processTracing(name, options.config);
  const traced = options.traced ?? tracing !== null;
  const metrics = createMetrics(name);
  if (options.ownHttp) {
    // an edge mounts the ops routes on its own server, which starts with it, after NATS answers
    const bus = instrumentBus(
      await connectNatsBus({ servers: options.natsUrl, name, logger: options.logger }),
      metrics,
      {
        traced,
      },
    );
    return startOn(bus, createOps({ process: name, bus, metrics, traced, starting: true }), null);
  }
  // a service's ops server answers while it starts (a long read-model catch-up is not a dead
  // process: /healthz 200, /readyz 503 `starting`), from before it reaches NATS: while NATS is
  // awaited (the client waits for its first connection) /readyz names it
  const ops = createOps({ process: name, metrics, traced, starting: true });
  const opsServer = await startOpsServer(ops, { port: options.config.opsPort });
  ops.waiting('nats', `connecting to ${redactedNatsUrl(options.natsUrl)}`);
  let bus: ReturnType<typeof instrumentBus>;
  try {
    bus = instrumentBus(await connectNatsBus({ servers: options.natsUrl, name, logger: options.logger }), metrics, {
      traced,
    });
  } catch (error) {
    await opsServer.stop();
    throw error;
  }
  ops.waiting('nats', null);
  const connected = bus;
  if (connected.ping)
    ops.addProbes({ stores: [{ name: 'bus', ping: () => (connected.ping as () => Promise<void>)() }] });
  return startOn(bus, ops, opsServer);

  async function startOn(
    bus: ReturnType<typeof instrumentBus>,
    ops: Ops,
    opsServer: Awaited<ReturnType<typeof startOpsServer>> | null,
  ) {
    let service: Running;
    try {
      service = await start({ bus, config: options.config, logger: options.logger, ops });
    } catch (error) {
      await opsServer?.stop();
      await bus.close();
      throw error;
    }
    if (service.probes) ops.addProbes(service.probes);
    ops.started();
    return {
      ops,
      service,
      /** the service's HTTP port (an edge) */
      port: service.port,
      /** the ops server's port (a service without HTTP of its own) */
      opsPort: opsServer?.port,
      stop: async () => {
        ops.drain();
        try {
          await service.stop();
        } finally {
          await bus.close();
          await opsServer?.stop();
          await tracing?.shutdown();
        }
      },
    };
  }
};

/** NATS_URL without a password, for /readyz */
const redactedNatsUrl = (url: string): string => url.replace(/\/\/[^@/]*@/g, '//***@');

/** the process's tracer provider, exporting to OTEL_EXPORTER_OTLP_ENDPOINT; null when it is unset */
export const processTracing = async (name: string, config: Pick<Config, 'otlpEndpoint'>): Promise<Tracing | null> =>
  config.otlpEndpoint ? startTracing({ serviceName: name, endpoint: config.otlpEndpoint }) : null;

/**
 * Runs one service as its own process over NATS (cluster and production mode): connect, start,
 * serve /healthz, /readyz and /metrics, stop on a signal. `start` is the service's composition
 * root; an edge (`ownHttp`) mounts the ops routes on its own server.
 */
export const runServiceProcess = async (
  name: string,
  start: (deps: ProcessDeps) => Promise<Running>,
  options: { readonly ownHttp?: boolean } = {},
): Promise<void> => {
  const config = configOrExit();
  const logger = createLogger({ name, level: config.logLevel });
  if (!config.natsUrl) {
    console.error(
      `${name}: NATS_URL is required to run this service on its own (\`npm start\` runs everything in one process)`,
    );
    process.exit(2);
  }
  const running = await startServiceProcess(name, start, {
    config,
    logger,
    natsUrl: config.natsUrl,
    ownHttp: options.ownHttp ?? false,
  }).catch((error: unknown) => {
    // a rule of the service's own about its configuration (the gateway's keys with MONGO_URL):
    // said as configOrExit says the schema's problems
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${name}: ${error.message}`);
    process.exit(2);
  });
  logger.info({ nats: config.natsUrl, ops_port: running.opsPort }, `${name} started`);
  // a launcher that spawned us with an IPC channel waits for this before it reports ready
  process.send?.({
    type: 'ready',
    service: name,
    ...(running.port !== undefined ? { port: running.port } : {}),
    ...(running.opsPort !== undefined ? { opsPort: running.opsPort } : {}),
  });
  stopOnSignals(running, logger);
};
