/**
 * FerretDB (the MongoDB wire protocol on SQLite) for tests of the Mongo adapters. Each server
 * listens on 127.0.0.1 on ports the OS picked, with its SQLite files and state in temporary
 * directories removed on stop, so tests never touch a MongoDB that happens to be running elsewhere.
 * The binary: FERRETDB_BIN, or the one `scripts/stand-ins/ferretdb.sh` builds into the project's
 * ignored cache (`.cache/stand-ins/ferretdb-v1.24.2/ferretdb`).
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { executable, stopChild as kill } from './child-process.ts';
import { freePort } from './free-port.ts';

export const FERRETDB_VERSION = 'v1.24.2';
const ROOT = resolve(fileURLToPath(import.meta.url), '../../../../..');
const CACHED = join(ROOT, '.cache', 'stand-ins', `ferretdb-${FERRETDB_VERSION}`, 'ferretdb');
const READY_TIMEOUT_MS = 20_000;
const PORT_ATTEMPTS = 5;

export interface RunningFerretDb {
  /** `mongodb://127.0.0.1:<port>/` */
  readonly url: string;
  readonly port: number;
  /** kills the server and removes its data and state directories */
  stop(): Promise<void>;
}

/** the binary to run, or why there is none (tests skip and print the reason) */
export const ferretDbBinary = (): { path: string } | { missing: string } => {
  const fromEnv = process.env.FERRETDB_BIN?.trim();
  if (fromEnv)
    return executable(fromEnv) ? { path: fromEnv } : { missing: `FERRETDB_BIN=${fromEnv} is not executable` };
  if (executable(CACHED)) return { path: CACHED };
  return {
    missing: `FerretDB ${FERRETDB_VERSION} not found (set FERRETDB_BIN, or run scripts/stand-ins/ferretdb.sh to build ${CACHED})`,
  };
};

/** the reason Mongo suites skip, or undefined when FerretDB can run */
export const ferretDbMissing = (): string | undefined => {
  const found = ferretDbBinary();
  return 'missing' in found ? found.missing : undefined;
};

class PortInUseError extends Error {}

/** whether something accepts TCP connections on 127.0.0.1:port */
const accepts = (port: number): Promise<boolean> =>
  new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

/**
 * Resolves once the child logged that it listens and the port accepts connections (the log first,
 * so a server someone else started on the port in between is never taken for ours).
 */
const waitUntilReady = (child: ChildProcess, port: number): Promise<void> =>
  new Promise((ready, fail) => {
    let log = '';
    let settled = false;
    const finish = (error?: Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stderr?.off('data', onData);
      child.stdout?.off('data', onData);
      child.off('close', onExit);
      child.off('error', onError);
      // keep draining the log so a chatty server never blocks on a full pipe
      child.stderr?.resume();
      child.stdout?.resume();
      if (error) fail(error);
      else ready();
    };
    const onData = (chunk: Buffer): void => {
      log += chunk.toString();
      if (/Listening on .*127\.0\.0\.1:(\d+)/.test(log) && log.includes(`:${port}`)) {
        void accepts(port).then((ok) =>
          ok ? finish() : finish(new Error(`ferretdb logged it listens but refuses connections:\n${log}`)),
        );
      }
    };
    const onExit = (code: number | null): void => {
      finish(
        /address already in use/i.test(log)
          ? new PortInUseError(log)
          : new Error(`ferretdb exited (code ${code}) before it was ready:\n${log}`),
      );
    };
    const onError = (error: Error): void => finish(error);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new Error(`ferretdb was not ready within ${READY_TIMEOUT_MS} ms:\n${log}`));
    }, READY_TIMEOUT_MS);
    child.stderr?.on('data', onData);
    child.stdout?.on('data', onData);
    child.once('close', onExit);
    child.once('error', onError);
  });

/**
 * Starts FerretDB with its SQLite backend; throws (with the reason) when the binary is absent.
 * `port`: a server a client was told of before it started (a store that starts late); default a free port.
 */
export const startFerretDb = async (options: { port?: number } = {}): Promise<RunningFerretDb> => {
  const found = ferretDbBinary();
  if ('missing' in found) throw new Error(found.missing);
  for (let attempt = 1; ; attempt++) {
    const dataDir = await mkdtemp(join(tmpdir(), 'ferretdb-data-'));
    const stateDir = await mkdtemp(join(tmpdir(), 'ferretdb-state-'));
    const removeDirs = async () => {
      await rm(dataDir, { recursive: true, force: true });
      await rm(stateDir, { recursive: true, force: true });
    };
    const port = options.port ?? (await freePort());
    const debugPort = await freePort();
    const child = spawn(
      found.path,
      [
        '--handler=sqlite',
        `--sqlite-url=file:${dataDir}/`,
        `--listen-addr=127.0.0.1:${port}`,
        `--state-dir=${stateDir}`,
        `--debug-addr=127.0.0.1:${debugPort}`,
        '--telemetry=disable',
        '--log-level=info',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    // a test run that dies without calling stop() must not leave the server behind
    const killOnExit = (): void => {
      child.kill('SIGKILL');
    };
    process.once('exit', killOnExit);
    try {
      await waitUntilReady(child, port);
    } catch (error) {
      process.off('exit', killOnExit);
      await kill(child);
      await removeDirs();
      if (error instanceof PortInUseError && attempt < PORT_ATTEMPTS && options.port === undefined) continue;
      throw error;
    }
    return {
      url: `mongodb://127.0.0.1:${port}/`,
      port,
      async stop() {
        process.off('exit', killOnExit);
        await kill(child);
        await removeDirs();
      },
    };
  }
};

/**
 * A raw MongoDB database handle for tests that look at (or damage, to stand for a crash) what an
 * adapter stored, for packages that do not depend on the driver themselves; closed after `use`.
 */
export const withMongoDatabase = async <T>(
  url: string,
  database: string,
  use: (db: import('mongodb').Db) => Promise<T>,
): Promise<T> => {
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(url);
  try {
    return await use(client.db(database));
  } finally {
    await client.close();
  }
};
