import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Scope } from '@listings/contracts';
import { identityDatabaseFile, openSqliteIdentityStore } from '@listings/identity/store';
import { systemClock } from '@listings/platform/clock';
import { type Config, loadConfig } from '@listings/platform/config';
import { silentLogger } from '@listings/platform/logger';
import { startNatsServer } from '@listings/platform/testing/nats-server';
import { CLUSTER_READY_TIMEOUT_MS, startCluster } from '../src/cluster.ts';

export const tempDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'listings-test-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
};

export { freePort } from '@listings/platform/testing/free-port';

/** Test configuration: quiet, and no demo catalog unless a test asks for it. */
export const testConfig = (overrides: Record<string, string>): Config =>
  loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'off', ...overrides }, process.cwd());

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface StartedProcess {
  readonly child: ChildProcess;
  /** resolves once the process logged that it is listening */
  readonly listening: Promise<void>;
  readonly exited: Promise<number | null>;
  output(): string;
  /** Ctrl-C, then its exit code */
  interrupt(): Promise<number | null>;
}

/** Starts the all-in-one entry point as `npm start` does (after installing) in a process of its own. */
export const startAllInOneProcess = (env: Record<string, string>): StartedProcess => {
  const child = spawn(process.execPath, [path.join(ROOT, 'launcher/src/all-in-one.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
  });
  return {
    child,
    listening,
    exited,
    output: () => output,
    interrupt: () => {
      child.kill('SIGINT');
      return exited;
    },
  };
};

const execFileAsync = promisify(execFile);

/** Runs the operator CLI (`npm run cli -- ...`) as its own process; never throws on a non-zero exit. */
export const runCli = (env: Record<string, string>, ...args: string[]) =>
  execFileAsync(process.execPath, [path.join(ROOT, 'launcher/src/cli.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

/** `api-key create` through the CLI: the new key is alone on the last line of its output. */
export const createApiKey = async (env: Record<string, string>, email: string, scopes: string): Promise<string> => {
  const result = await runCli(env, 'api-key', 'create', '--email', email, '--scopes', scopes);
  if (result.code !== 0) throw new Error(`api-key create failed: ${result.stderr}`);
  return result.stdout.trimEnd().split('\n').at(-1) as string;
};

/**
 * How long a test hook that starts a cluster waits: past the launcher's own readiness limit, so on a
 * slow machine the launcher's error (which process did not start within CLUSTER_READY_TIMEOUT_MS)
 * fails the hook, not the hook's timer.
 */
export const CLUSTER_START_TIMEOUT_MS = CLUSTER_READY_TIMEOUT_MS + 60_000;

/**
 * Cluster mode on its own nats-server (a free loopback port): every service its own process, `env`
 * over the test defaults (quiet, no demo catalog, any port).
 */
export const startClusterOverNats = async (env: Record<string, string>) => {
  const nats = await startNatsServer();
  const settings = { LOG_LEVEL: 'silent', DEMO_DATA: 'off', PORT: '0', ...env, NATS_URL: nats.url };
  try {
    const cluster = await startCluster(testConfig(settings), silentLogger(), { ...process.env, ...settings });
    return {
      port: cluster.port,
      /** the web edge's own port (WEB_PORT) */
      webPort: cluster.webPort,
      natsUrl: nats.url,
      stop: async () => {
        await cluster.stop();
        await nats.stop();
      },
    };
  } catch (error) {
    await nats.stop();
    throw error;
  }
};

/**
 * API keys made straight in the identity store under `dataDir` (a running service sees them at
 * once): one account `<name>@example.com` and one key per name.
 */
export const apiKeysFor = async <N extends string>(
  dataDir: string,
  names: readonly N[],
  scopes: readonly Scope[],
): Promise<Record<N, string>> => {
  const store = openSqliteIdentityStore({ file: identityDatabaseFile(dataDir), clock: systemClock });
  try {
    const keys = {} as Record<N, string>;
    for (const name of names) {
      const { account } = await store.ensureAccount(`${name}@example.com`);
      keys[name] = (await store.createApiKey({ accountId: account.id, name, scopes: [...scopes] })).key;
    }
    return keys;
  } finally {
    await store.close();
  }
};

/**
 * Makes a signed-up account old (created 2025-01-01), so its votes are not discounted as a young
 * account's (ranking rules: accounts younger than VOTE_INTEGRITY's days weigh 0). For tests whose
 * subject is voting itself, not vote integrity.
 */
export const ageAccount = async (
  running: {
    dataDir: string;
    identity: { store: { findAccountForSignIn: (email: string) => Promise<{ id: string } | null> } };
  },
  email: string,
) => {
  const account = await running.identity.store.findAccountForSignIn(email);
  if (!account) throw new Error(`no account for ${email}`);
  const db = new DatabaseSync(identityDatabaseFile(running.dataDir));
  try {
    db.prepare('UPDATE accounts SET created_at = ? WHERE id = ?').run('2025-01-01T00:00:00.000Z', account.id);
  } finally {
    db.close();
  }
};
