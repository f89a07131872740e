import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '@listings/platform/config';
import { createLogger, type Logger } from '@listings/platform/logger';
import { configOrExit, stopOnSignals } from '@listings/platform/runtime';
import { natsServerAvailable, startNatsServer } from '@listings/platform/testing/nats-server';
import { SERVICE_NODE_FLAGS } from './node-flags.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Every service in its own process; the gateway after the services, so it finds them answering,
 * then the MCP gateway (its own port, MCP_PORT, default 3001), which forwards OAuth discovery to it,
 * then the web edge, the site (its own port, WEB_PORT, default 3002).
 */
export const CLUSTER_SERVICES = ['catalog', 'drafting', 'commerce', 'claims', 'gateway', 'mcp-gateway', 'web'] as const;

const READY_TIMEOUT_MS = 30_000;

interface Child {
  readonly name: string;
  readonly process: ChildProcess;
  readonly ready: Promise<{ port?: number }>;
}

const startChild = (name: string, env: NodeJS.ProcessEnv, logger: Logger): Child => {
  const child = fork(path.join(ROOT, 'services', name, 'src', 'server.ts'), [], {
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [...process.execArgv.filter((flag) => !flag.includes('semi-space-size')), ...SERVICE_NODE_FLAGS],
  });
  const ready = new Promise<{ port?: number }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start within ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS,
    );
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message?.type !== 'ready') return;
      clearTimeout(timer);
      resolve(message.port === undefined ? {} : { port: message.port });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${signal ?? code}) before it was ready`));
    });
  });
  child.once('exit', (code, signal) => logger.info({ service: name, code, signal }, 'service process exited'));
  return { name, process: child, ready };
};

const stopChild = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => {
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      });

/**
 * Cluster mode: each service its own process with NATS between them. Uses NATS_URL when set;
 * otherwise starts a local `nats-server` (JetStream, store under DATA_DIR/nats) on a free port.
 */
export const startCluster = async (config: Config, logger: Logger, env: NodeJS.ProcessEnv = process.env) => {
  mkdirSync(config.dataDir, { recursive: true });
  let nats: { url: string; stop(): Promise<void> } | null = null;
  let natsUrl = config.natsUrl;
  if (!natsUrl) {
    if (!natsServerAvailable()) throw new Error('cluster mode needs NATS_URL or `nats-server` on the PATH');
    nats = await startNatsServer({ storeDir: path.join(config.dataDir, 'nats') });
    natsUrl = nats.url;
    logger.info({ nats: natsUrl }, 'started nats-server');
  }
  const childEnv = {
    ...env,
    NATS_URL: natsUrl,
    DATA_DIR: config.dataDir,
    PORT: String(config.port),
    PUBLIC_URL: config.publicUrl,
  };
  const children: Child[] = [];
  const stop = async () => {
    // the edge first, then the services, then the broker
    for (const child of [...children].reverse()) await stopChild(child.process);
    await nats?.stop();
  };
  try {
    let port = config.port;
    let mcpPort: number | undefined;
    let webPort: number | undefined;
    for (const name of CLUSTER_SERVICES) {
      const env = name === 'mcp-gateway' ? { ...childEnv, GATEWAY_URL: `http://127.0.0.1:${port}` } : childEnv;
      const child = startChild(name, env, logger);
      children.push(child);
      const ready = await child.ready;
      if (name === 'mcp-gateway') mcpPort = ready.port;
      else if (name === 'web') webPort = ready.port;
      else if (ready.port !== undefined) port = ready.port;
    }
    return { natsUrl, port, mcpPort, webPort, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};

if (import.meta.main) {
  const config = configOrExit();
  const logger = createLogger({ name: 'cluster', level: config.logLevel });
  const running = await startCluster(config, logger);
  logger.info(
    { port: running.port, mcpPort: running.mcpPort, webPort: running.webPort, nats: running.natsUrl },
    'cluster ready: REST at /api/v1, MCP at /mcp on mcpPort, the site on webPort',
  );
  stopOnSignals(running, logger);
}
