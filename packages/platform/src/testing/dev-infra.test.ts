import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common';
import { MongoClient } from 'mongodb';
import { connect } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ferretDbMissing } from './ferretdb-server.ts';
import { natsServerBinary } from './nats-server.ts';
import { temporalSkipReason } from './temporal-server.ts';
import { TYPESENSE_INSTALL_HINT, typesenseServerAvailable } from './typesense-server.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const missing = [
  natsServerBinary() === undefined ? 'nats-server is not installed (scripts/stand-ins/typesense-nats.sh)' : null,
  ferretDbMissing() ?? null,
  typesenseServerAvailable() ? null : TYPESENSE_INSTALL_HINT,
  temporalSkipReason('dev'),
].filter((reason): reason is string => reason !== null);
if (missing.length > 0) console.warn(`dev-infra suite skipped: ${missing.join('; ')}`);

type Env = Record<
  'NATS_URL' | 'MONGO_URL' | 'TYPESENSE_URL' | 'TYPESENSE_API_KEY' | 'TEMPORAL_ADDRESS' | 'OAUTH_JWKS' | 'COOKIE_KEYS',
  string
>;

/** `npm run dev:infra` (its script) on free ports; resolves with the env it prints */
const startDevInfra = async (dataDir: string): Promise<{ child: ChildProcess; env: Env }> => {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/dev-infra.ts'), '--ports=free'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const exited = once(child, 'exit').then(() => {
    throw new Error(`dev-infra exited before printing its env:\n${stderr}`);
  });
  const printed = (async () => {
    for await (const line of lines) if (line.startsWith('export ')) return line;
    throw new Error(`dev-infra printed no env:\n${stderr}`);
  })();
  const line = await Promise.race([printed, exited]);
  const env = Object.fromEntries(
    [...line.matchAll(/([A-Z_]+)='([^']*)'/g)].map((match) => [match[1], match[2]]),
  ) as Env;
  return { child, env };
};

const stopDevInfra = async (child: ChildProcess): Promise<number | null> => {
  const exit = once(child, 'exit');
  child.kill('SIGINT');
  const [code] = await exit;
  return code as number | null;
};

const typesense = (env: Env, path: string, init: RequestInit = {}) =>
  fetch(`${env.TYPESENSE_URL}${path}`, {
    ...init,
    headers: { 'X-TYPESENSE-API-KEY': env.TYPESENSE_API_KEY, 'Content-Type': 'application/json' },
  });

describe.skipIf(missing.length > 0)('npm run dev:infra', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('starts every production stand-in, prints their env, stops on Ctrl-C and keeps the data for the next start', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dev-infra-'));
    dirs.push(dataDir);

    const first = await startDevInfra(dataDir);
    expect(Object.keys(first.env).sort()).toEqual([
      'COOKIE_KEYS',
      'MONGO_URL',
      'NATS_URL',
      'OAUTH_JWKS',
      'TEMPORAL_ADDRESS',
      'TYPESENSE_API_KEY',
      'TYPESENSE_URL',
    ]);
    // NATS with JetStream: a stream and one message
    const nats = await connect({ servers: first.env.NATS_URL });
    const jsm = await nats.jetstreamManager();
    await jsm.streams.add({ name: 'DEVINFRA', subjects: ['devinfra.>'] });
    await nats.jetstream().publish('devinfra.check', new TextEncoder().encode('kept'));
    await nats.close();
    // FerretDB answers the MongoDB protocol
    const mongo = new MongoClient(first.env.MONGO_URL);
    await mongo
      .db('devinfra')
      .collection('checks')
      .insertOne({ _id: 'kept' as never, at: 1 });
    await mongo.close();
    // Typesense with the printed key
    const created = await typesense(first.env, '/collections', {
      method: 'POST',
      body: JSON.stringify({ name: 'devinfra', fields: [{ name: 'title', type: 'string' }] }),
    });
    expect(created.status).toBe(201);
    // Temporal's frontend
    const temporal = await Connection.connect({ address: first.env.TEMPORAL_ADDRESS });
    await temporal.workflowService.registerNamespace({
      namespace: 'devinfra',
      workflowExecutionRetentionPeriod: msToTs('1 day'),
    });
    await temporal.close();

    expect(await stopDevInfra(first.child)).toBe(0);

    const second = await startDevInfra(dataDir);
    try {
      expect(second.env.TYPESENSE_API_KEY).toBe(first.env.TYPESENSE_API_KEY);
      // the gateway's keys (required with MONGO_URL) are valid configuration and kept too
      expect(loadConfig(second.env).edge.identitySecrets).not.toBeNull();
      expect(second.env.OAUTH_JWKS).toBe(first.env.OAUTH_JWKS);
      expect(second.env.COOKIE_KEYS).toBe(first.env.COOKIE_KEYS);
      const natsAgain = await connect({ servers: second.env.NATS_URL });
      const info = await (await natsAgain.jetstreamManager()).streams.info('DEVINFRA');
      expect(info.state.messages).toBe(1);
      await natsAgain.close();
      const mongoAgain = new MongoClient(second.env.MONGO_URL);
      expect(
        await mongoAgain
          .db('devinfra')
          .collection('checks')
          .findOne({ _id: 'kept' as never }),
      ).toMatchObject({
        at: 1,
      });
      await mongoAgain.close();
      const collection = await typesense(second.env, '/collections/devinfra');
      expect(collection.status).toBe(200);
      const temporalAgain = await Connection.connect({ address: second.env.TEMPORAL_ADDRESS });
      const described = await temporalAgain.workflowService.describeNamespace({ namespace: 'devinfra' });
      expect(described.namespaceInfo?.name).toBe('devinfra');
      await temporalAgain.close();
    } finally {
      expect(await stopDevInfra(second.child)).toBe(0);
    }
  }, 180_000);
});
