import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '@listings/platform/config';
import { createLogger, type Logger } from '@listings/platform/logger';
import { configOrExit, stopOnSignals } from '@listings/platform/runtime';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '@listings/platform/testing/nats-server';
import { SERVICE_NODE_FLAGS } from './node-flags.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Every service in its own process, the four services side by side; the gateway after them, so it
 * finds them answering, then the MCP gateway (its own port, MCP_PORT, default 3001), which forwards OAuth discovery to it,
 * then the web edge, the site (its own port, WEB_PORT, default 3002).
 */
export const CLUSTER_SERVICES = ['catalog', 'drafting', 'commerce', 'claims', 'gateway', 'mcp-gateway', 'web'] as const;
/** the processes people's requests reach: they start after the services, one after another */
const EDGES: ReadonlySet<string> = new Set(['gateway', 'mcp-gateway', 'web']);

/**
 * How long a starting process may go without a sign of progress before the start fails. A process
 * reports progress while its start moves (a read model catching up, the demo catalog loading, a
 * store it waits for: @listings/platform/progress), and each report gives it this long again, so
 * a long but moving start is waited for, however long it takes; a silent one is not. The one
 * limit: tests that start a cluster wait on it too (launcher/test/support.ts).
 */
export const CLUSTER_READY_TIMEOUT_MS = 120_000;

export interface Child {
  readonly name: string;
  readonly process: ChildProcess;
  readonly ready: Promise<{ port?: number; opsPort?: number }>;
}

/** how many of a child's last stderr lines a failed start reports */
const STDERR_TAIL_LINES = 20;

/**
 * Starts one service's process (`services/<name>/src/server.ts`) with `env`; `ready` resolves with
 * the ports it reports, or rejects when it exits first (with its last stderr lines in the message:
 * its own log says why) or makes no progress for CLUSTER_READY_TIMEOUT_MS. Its stderr is passed
 * through to this process's.
 */
export const startServiceProcess = (name: string, env: NodeJS.ProcessEnv, logger: Logger): Child => {
  const child = fork(path.join(ROOT, 'services', name, 'src', 'server.ts'), [], {
    env,
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    execArgv: [...process.execArgv.filter((flag) => !flag.includes('semi-space-size')), ...SERVICE_NODE_FLAGS],
  });
  const tail: string[] = [];
  let partial = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    tail.push(...lines.filter((line) => line.trim() !== ''));
    tail.splice(0, Math.max(0, tail.length - STDERR_TAIL_LINES));
  });
  const lastStderr = () => [...tail, ...(partial.trim() ? [partial] : [])].slice(-STDERR_TAIL_LINES).join('\n');
  const ready = new Promise<{ port?: number; opsPort?: number }>((resolve, reject) => {
    const stalled = () =>
      reject(new Error(`${name} made no progress for ${CLUSTER_READY_TIMEOUT_MS} ms and was not ready`));
    let timer = setTimeout(stalled, CLUSTER_READY_TIMEOUT_MS);
    child.on('message', (message: { type?: string; port?: number; opsPort?: number }) => {
      if (message?.type === 'progress') {
        clearTimeout(timer);
        timer = setTimeout(stalled, CLUSTER_READY_TIMEOUT_MS);
        return;
      }
      if (message?.type !== 'ready') return;
      clearTimeout(timer);
      resolve({
        ...(message.port === undefined ? {} : { port: message.port }),
        ...(message.opsPort === undefined ? {} : { opsPort: message.opsPort }),
      });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      // the stderr pipe may still hold the last lines: read them to its end first
      const report = () => {
        const said = lastStderr();
        reject(
          new Error(
            `${name} exited (${signal ?? code}) before it was ready${said ? `; its last stderr lines:\n${said}` : ' (nothing on stderr)'}`,
          ),
        );
      };
      if (!child.stderr || child.stderr.readableEnded) return report();
      const late = setTimeout(report, 2_000);
      late.unref();
      child.stderr.once('close', () => {
        clearTimeout(late);
        report();
      });
    });
  });
  child.once('exit', (code, signal) => logger.info({ service: name, code, signal }, 'service process exited'));
  return { name, process: child, ready };
};

export const stopServiceProcess = (child: ChildProcess): Promise<void> =>
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

/** the first restart waits this long, each next one twice as long, up to RESTART_MAX_MS */
const RESTART_FIRST_MS = 500;
const RESTART_MAX_MS = 30_000;
/** a process that ran this long before it crashed starts the backoff over */
const RESTART_STABLE_MS = 60_000;

/**
 * Keeps one service's process running: when it exits without being asked to (a crash, a kill -9),
 * it starts again after a backoff (0.5 s, 1 s, 2 s, ... 30 s; from the start again once a process
 * ran a minute), on the same ports, and says so in the log.
 */
const supervise = (name: string, env: NodeJS.ProcessEnv, logger: Logger) => {
  let child = startServiceProcess(name, env, logger);
  let stopping = false;
  let restarts = 0;
  let startedAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let restartEnv = env;
  const watch = (current: Child) => {
    current.process.once('exit', (code, signal) => {
      if (stopping || current !== child) return;
      if (Date.now() - startedAt >= RESTART_STABLE_MS) restarts = 0;
      const delayMs = Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** restarts);
      restarts++;
      logger.warn(
        { service: name, code, signal, restart_in_ms: delayMs, restarts },
        'service process crashed: restarting',
      );
      timer = setTimeout(() => {
        if (stopping) return;
        startedAt = Date.now();
        child = startServiceProcess(name, restartEnv, logger);
        watch(child);
        child.ready.then(
          () => logger.info({ service: name, restarts }, 'service process restarted'),
          (error: unknown) =>
            logger.error({ service: name, err: error }, 'restarted service process did not become ready'),
        );
      }, delayMs);
      timer.unref();
    });
  };
  return {
    name,
    get process() {
      return child.process;
    },
    /** resolves once the first process is ready; afterwards crashes restart it */
    ready: async () => {
      const ready = await child.ready;
      watch(child);
      return ready;
    },
    /** the env a restart uses: the ports the first process took (PORT=0 picks a free one once) */
    keepPorts: (ports: NodeJS.ProcessEnv) => {
      restartEnv = { ...restartEnv, ...ports };
    },
    stop: async () => {
      stopping = true;
      if (timer) clearTimeout(timer);
      await stopServiceProcess(child.process);
    },
  };
};

/**
 * The nats-server cluster mode started, kept running: when it exits without being asked to (a
 * crash, a kill -9) it starts again on the same port with the same JetStream store, after a
 * backoff as for the services (the services' clients reconnect on their own meanwhile, and the
 * edges answer 503 with Retry-After until they do).
 */
const superviseNats = async (storeDir: string, logger: Logger) => {
  let server: RunningNatsServer = await startNatsServer({ storeDir });
  const port = server.port;
  let stopping = false;
  let restarts = 0;
  let startedAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const watch = (current: RunningNatsServer) => {
    current.exited.then(({ code, signal }) => {
      if (stopping || current !== server) return;
      if (Date.now() - startedAt >= RESTART_STABLE_MS) restarts = 0;
      const delayMs = Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** restarts);
      restarts++;
      logger.warn({ code, signal, restart_in_ms: delayMs, restarts }, 'nats-server exited: restarting');
      const restart = () => {
        timer = undefined;
        if (stopping) return;
        startNatsServer({ storeDir, port }).then(
          (next) => {
            if (stopping) return void next.stop();
            server = next;
            startedAt = Date.now();
            watch(next);
            logger.info({ nats: next.url, restarts }, 'nats-server restarted');
          },
          (error: unknown) => {
            // the port still held by the dying server, or the binary gone: try again, later
            logger.error({ err: error, restarts }, 'nats-server did not restart: trying again');
            restarts++;
            timer = setTimeout(restart, Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** restarts));
            timer.unref();
          },
        );
      };
      timer = setTimeout(restart, delayMs);
      timer.unref();
    });
  };
  watch(server);
  return {
    url: server.url,
    /** the running server's process id (operators' tools and tests) */
    get pid() {
      return server.pid;
    },
    stop: async () => {
      stopping = true;
      if (timer) clearTimeout(timer);
      await server.stop();
    },
  };
};

/**
 * Cluster mode: each service its own process with NATS between them, each supervised (a crashed
 * process is restarted, see `supervise`). Uses NATS_URL when set; otherwise starts a local
 * `nats-server` (JetStream, store under DATA_DIR/nats) on a free port, supervised too
 * (`superviseNats`).
 */
export const startCluster = async (config: Config, logger: Logger, env: NodeJS.ProcessEnv = process.env) => {
  mkdirSync(config.dataDir, { recursive: true });
  let nats: Awaited<ReturnType<typeof superviseNats>> | null = null;
  let natsUrl = config.natsUrl;
  if (!natsUrl) {
    if (!natsServerAvailable()) throw new Error('cluster mode needs NATS_URL or `nats-server` on the PATH');
    nats = await superviseNats(path.join(config.dataDir, 'nats'), logger);
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
  const children: ReturnType<typeof supervise>[] = [];
  const stop = async () => {
    // the edge first, then the services, then the broker
    for (const child of [...children].reverse()) await child.stop();
    await nats?.stop();
  };
  try {
    let port = config.port;
    let mcpPort: number | undefined;
    let webPort: number | undefined;
    /** each service's /healthz, /readyz and /metrics port (the edges serve them on their own port) */
    const opsPorts: Partial<Record<(typeof CLUSTER_SERVICES)[number], number>> = {};
    const startOne = async (name: (typeof CLUSTER_SERVICES)[number]) => {
      // the four services share this host: each takes a free OPS_PORT and reports it when ready
      const env =
        name === 'mcp-gateway'
          ? { ...childEnv, GATEWAY_URL: `http://127.0.0.1:${port}` }
          : { ...childEnv, OPS_PORT: '0' };
      const child = supervise(name, env, logger);
      children.push(child);
      const ready = await child.ready();
      if (ready.opsPort !== undefined) {
        opsPorts[name] = ready.opsPort;
        child.keepPorts({ OPS_PORT: String(ready.opsPort) });
      }
      if (name === 'mcp-gateway') mcpPort = ready.port;
      else if (name === 'web') webPort = ready.port;
      else if (ready.port !== undefined) port = ready.port;
      if (ready.port !== undefined)
        child.keepPorts(
          name === 'mcp-gateway'
            ? { MCP_PORT: String(ready.port) }
            : name === 'web'
              ? { WEB_PORT: String(ready.port) }
              : { PORT: String(ready.port) },
        );
    };
    // the four services side by side (none needs another to start: on 2 cores one after another
    // took 20-35 s of the start with the demo catalog), then the edges in order
    await Promise.all(CLUSTER_SERVICES.filter((name) => !EDGES.has(name)).map(startOne));
    for (const name of CLUSTER_SERVICES.filter((name) => EDGES.has(name))) await startOne(name);
    /** a service's process now (a restart replaces it): for operators' tools and tests */
    const processOf = (name: (typeof CLUSTER_SERVICES)[number]): ChildProcess | undefined =>
      children.find((child) => child.name === name)?.process;
    /** the nats-server this launcher started and keeps running (none with NATS_URL) */
    const natsPid = (): number | undefined => nats?.pid;
    return { natsUrl, port, mcpPort, webPort, opsPorts, processOf, natsPid, stop };
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
    {
      port: running.port,
      mcpPort: running.mcpPort,
      webPort: running.webPort,
      opsPorts: running.opsPorts,
      nats: running.natsUrl,
    },
    'cluster ready: REST at /api/v1, MCP at /mcp on mcpPort, the site on webPort',
  );
  stopOnSignals(running, logger);
}
