import type { Bus } from './bus/bus.ts';
import { connectNatsBus } from './bus/nats-bus.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createLogger, type Logger } from './logger.ts';

export interface Running {
  stop(): Promise<void>;
  /** the HTTP port, for services that listen */
  readonly port?: number;
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
 * Runs one service as its own process over NATS (cluster and production mode): connect, start,
 * stop on a signal. `start` is the service's composition root.
 */
export const runServiceProcess = async (
  name: string,
  start: (deps: { bus: Bus; config: Config; logger: Logger }) => Promise<Running>,
): Promise<void> => {
  const config = configOrExit();
  const logger = createLogger({ name, level: config.logLevel });
  if (!config.natsUrl) {
    console.error(
      `${name}: NATS_URL is required to run this service on its own (\`npm start\` runs everything in one process)`,
    );
    process.exit(2);
  }
  const bus = await connectNatsBus({ servers: config.natsUrl, name });
  const service = await start({ bus, config, logger });
  logger.info({ nats: config.natsUrl }, `${name} started`);
  // a launcher that spawned us with an IPC channel waits for this before it reports ready
  process.send?.({ type: 'ready', service: name, ...('port' in service ? { port: service.port } : {}) });
  stopOnSignals(
    {
      stop: async () => {
        await service.stop();
        await bus.close();
      },
    },
    logger,
  );
};
