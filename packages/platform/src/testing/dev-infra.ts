/**
 * The production shape on one machine without Docker (`npm run dev:infra`): nats-server with
 * JetStream, FerretDB (MongoDB wire protocol on SQLite), Typesense 0.24.1 and a Temporal dev server,
 * each on loopback, with its data under `<dataDir>/dev-infra/` so it survives a restart. The binaries
 * are the stand-ins of scripts/stand-ins/ (run when one is missing).
 */

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { type IdentitySecrets, newIdentitySecrets } from '../edge/identity-secrets.ts';
import { ferretDbBinary } from './ferretdb-server.ts';
import { freePort } from './free-port.ts';
import { natsServerBinary } from './nats-server.ts';
import { findTemporalBinary } from './temporal-server.ts';
import { findTypesenseBinary } from './typesense-server.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const READY_TIMEOUT_MS = 60_000;

/** the usual ports of each server (`ports: 'standard'`), so a restart prints the same env */
export const STANDARD_PORTS = { nats: 4222, mongo: 27017, typesense: 8108, temporal: 7233 } as const;

export interface DevInfraOptions {
  /** data of every server goes under `<dataDir>/dev-infra/` */
  readonly dataDir: string;
  /** `standard` (default): 4222, 27017, 8108, 7233; `free`: ports the OS picks (tests) */
  readonly ports?: 'standard' | 'free';
  /** progress lines (installing, starting); default none */
  readonly log?: (line: string) => void;
}

export interface RunningDevInfra {
  /** the variables that point the product at these servers */
  readonly env: {
    readonly NATS_URL: string;
    readonly MONGO_URL: string;
    readonly TYPESENSE_URL: string;
    readonly TYPESENSE_API_KEY: string;
    readonly TEMPORAL_ADDRESS: string;
    readonly OAUTH_JWKS: string;
    readonly COOKIE_KEYS: string;
  };
  /** stops every server (SIGTERM, then SIGKILL after 10 s) */
  stop(): Promise<void>;
}

const binaries = () => {
  const nats = natsServerBinary();
  const ferret = ferretDbBinary();
  const typesense = findTypesenseBinary();
  const temporal = findTemporalBinary('dev');
  return {
    nats,
    ferret: 'path' in ferret ? ferret.path : undefined,
    typesense,
    temporal: 'path' in temporal ? temporal.path : undefined,
  };
};

/** runs the stand-in installers whose binary is missing; throws naming what is still missing */
const ensureBinaries = (log: (line: string) => void) => {
  let found = binaries();
  const installers: [keyof typeof found, string][] = [
    ['nats', 'typesense-nats.sh'],
    ['typesense', 'typesense-nats.sh'],
    ['ferret', 'ferretdb.sh'],
    ['temporal', 'temporal.sh'],
  ];
  const run = new Set<string>();
  for (const [name, script] of installers) {
    if (found[name] !== undefined || run.has(script)) continue;
    run.add(script);
    log(`dev-infra: ${name} is not installed, running scripts/stand-ins/${script}`);
    execFileSync('bash', [join(ROOT, 'scripts', 'stand-ins', script)], { stdio: ['ignore', 'inherit', 'inherit'] });
  }
  if (run.size > 0) found = binaries();
  const missing = Object.entries(found)
    .filter(([, path]) => path === undefined)
    .map(([name]) => name);
  if (missing.length > 0) throw new Error(`dev-infra: still missing after the installers: ${missing.join(', ')}`);
  return found as { [K in keyof typeof found]: string };
};

const accepts = (port: number): Promise<boolean> =>
  new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

/** polls `ready` until it answers true; fails at once if the process exits (its log in the message) */
const waitFor = async (name: string, child: ChildProcess, logFile: string, ready: () => Promise<boolean>) => {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-3000) : '';
      throw new Error(`${name} exited (code ${child.exitCode}) before it was ready; ${logFile}:\n${log}`);
    }
    if (await ready().catch(() => false)) return;
    // these servers have no readiness event to wait for: poll
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} was not ready within ${READY_TIMEOUT_MS} ms (see ${logFile})`);
};

const stopChild = (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
};

/** starts the four servers (in parallel) and resolves once each answers */
export const startDevInfra = async (options: DevInfraOptions): Promise<RunningDevInfra> => {
  const log = options.log ?? (() => undefined);
  const bin = ensureBinaries(log);
  const base = join(options.dataDir, 'dev-infra');
  for (const dir of ['nats', 'ferretdb/data', 'ferretdb/state', 'typesense', 'temporal', 'logs'])
    mkdirSync(join(base, dir), { recursive: true });
  const port = async (name: keyof typeof STANDARD_PORTS) =>
    options.ports === 'free' ? freePort() : STANDARD_PORTS[name];
  const ports = {
    nats: await port('nats'),
    mongo: await port('mongo'),
    typesense: await port('typesense'),
    temporal: await port('temporal'),
  };
  for (const [name, value] of Object.entries(ports))
    if (await accepts(value)) throw new Error(`dev-infra: port ${value} (${name}) is already taken on 127.0.0.1`);

  // one key per data dir, kept with the data, so a restart prints the same env
  const keyFile = join(base, 'typesense', 'api-key');
  if (!existsSync(keyFile)) writeFileSync(keyFile, randomBytes(16).toString('hex'), { mode: 0o600 });
  const apiKey = readFileSync(keyFile, 'utf8').trim();
  // the gateway's OAuth signing and cookie keys, which it takes from configuration with MONGO_URL
  // (a Kubernetes Secret in production): made once per data dir too, so sessions survive a restart
  const identityFile = join(base, 'identity-secrets.json');
  if (!existsSync(identityFile)) writeFileSync(identityFile, JSON.stringify(newIdentitySecrets()), { mode: 0o600 });
  const identity = JSON.parse(readFileSync(identityFile, 'utf8')) as IdentitySecrets;

  const children: ChildProcess[] = [];
  const start = (name: string, binary: string, args: string[]) => {
    const logFile = join(base, 'logs', `${name}.log`);
    const out = createWriteStream(logFile, { flags: 'a' });
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
    children.push(child);
    log(`dev-infra: starting ${name} (log: ${logFile})`);
    return { child, logFile };
  };
  const killAll = () => {
    for (const child of children) child.kill('SIGKILL');
  };
  process.once('exit', killAll);

  const stop = async () => {
    process.off('exit', killAll);
    await Promise.all(children.map(stopChild));
  };

  const typesenseUrl = `http://127.0.0.1:${ports.typesense}`;
  try {
    const nats = start('nats-server', bin.nats, [
      '-a',
      '127.0.0.1',
      '-p',
      String(ports.nats),
      '-js',
      '-sd',
      join(base, 'nats'),
    ]);
    const ferret = start('ferretdb', bin.ferret, [
      '--handler=sqlite',
      `--sqlite-url=file:${join(base, 'ferretdb', 'data')}/`,
      `--listen-addr=127.0.0.1:${ports.mongo}`,
      `--state-dir=${join(base, 'ferretdb', 'state')}`,
      `--debug-addr=127.0.0.1:${await freePort()}`,
      '--telemetry=disable',
      '--log-level=warn',
    ]);
    const typesense = start('typesense', bin.typesense, [
      '--data-dir',
      join(base, 'typesense'),
      `--api-key=${apiKey}`,
      '--api-address',
      '127.0.0.1',
      '--api-port',
      String(ports.typesense),
      '--peering-address',
      '127.0.0.1',
      '--peering-port',
      String(await freePort()),
    ]);
    const temporal = start('temporal', bin.temporal, [
      'server',
      'start-dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(ports.temporal),
      '--http-port',
      String(await freePort()),
      '--metrics-port',
      String(await freePort()),
      '--headless',
      '--db-filename',
      join(base, 'temporal', 'temporal.db'),
      '--log-level',
      'warn',
    ]);
    await Promise.all([
      waitFor('nats-server', nats.child, nats.logFile, () => accepts(ports.nats)),
      waitFor('ferretdb', ferret.child, ferret.logFile, () => accepts(ports.mongo)),
      waitFor('typesense', typesense.child, typesense.logFile, async () => {
        const health = await fetch(`${typesenseUrl}/health`, { signal: AbortSignal.timeout(1_000) });
        return ((await health.json()) as { ok?: boolean }).ok === true;
      }),
      waitFor('temporal', temporal.child, temporal.logFile, () => accepts(ports.temporal)),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    env: {
      NATS_URL: `nats://127.0.0.1:${ports.nats}`,
      MONGO_URL: `mongodb://127.0.0.1:${ports.mongo}/`,
      TYPESENSE_URL: typesenseUrl,
      TYPESENSE_API_KEY: apiKey,
      TEMPORAL_ADDRESS: `127.0.0.1:${ports.temporal}`,
      OAUTH_JWKS: JSON.stringify(identity.jwks),
      COOKIE_KEYS: identity.cookieKeys.join(','),
    },
    stop,
  };
};

/** the collections of one database (tests that check data went to MongoDB) */
export const mongoCollectionNames = async (url: string, database: string): Promise<string[]> => {
  const client = new MongoClient(url);
  try {
    return (await client.db(database).listCollections().toArray()).map((collection) => collection.name).sort();
  } finally {
    await client.close();
  }
};
