import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@listings/platform/config';
import { silentLogger } from '@listings/platform/logger';
import { startServiceProcess } from '@listings/platform/runtime';
import { ferretDbMissing, type RunningFerretDb, startFerretDb } from '@listings/platform/testing/ferretdb-server';
import { freePort } from '@listings/platform/testing/free-port';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '@listings/platform/testing/nats-server';
import { until } from '@listings/platform/testing/until';
import { afterAll, describe, expect, it } from 'vitest';
import { startCommerce } from '../src/main.ts';

const missing = natsServerAvailable() ? ferretDbMissing() : 'nats-server not found';
if (missing) console.warn(`commerce start before its MongoDB: skipped (${missing})`);

interface ReadyAnswer {
  readonly status: number;
  readonly checks: Record<string, string>;
}

/**
 * Issue #28: started before its MongoDB (here FerretDB), commerce crashed on the refused
 * connection (server selection failed) and its launcher stopped the cluster. Here commerce starts
 * while nothing listens on MONGO_URL yet: it stays up, its /readyz answers 503 naming the read
 * models, and once FerretDB starts there (late, on the port it was told) commerce becomes ready.
 */
describe.skipIf(missing !== undefined)('commerce started before its MongoDB', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'commerce-late-store-'));
  let nats: RunningNatsServer | undefined;
  let ferretDb: RunningFerretDb | undefined;
  let running: Awaited<ReturnType<typeof startServiceProcess>> | undefined;
  afterAll(async () => {
    await running?.stop();
    await ferretDb?.stop();
    await nats?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when MongoDB is not there yet then commerce waits, /readyz names the read models with 503, and it becomes ready once MongoDB starts', async () => {
    nats = await startNatsServer();
    const mongoPort = await freePort();
    const opsPort = await freePort();
    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        DEMO_DATA: 'off',
        NATS_URL: nats.url,
        OPS_PORT: String(opsPort),
        MONGO_URL: `mongodb://127.0.0.1:${mongoPort}/listings`,
      },
      process.cwd(),
    );
    let outcome: 'pending' | 'started' | Error = 'pending';
    const starting = startServiceProcess('commerce', startCommerce, {
      config,
      logger: silentLogger(),
      natsUrl: nats.url,
    }).then(
      (started) => {
        running = started;
        outcome = 'started';
        return started;
      },
      (error: Error) => {
        outcome = error;
        throw error;
      },
    );
    const readyz = async (): Promise<ReadyAnswer | Error> => {
      if (outcome instanceof Error) return outcome;
      try {
        const response = await fetch(`http://127.0.0.1:${opsPort}/readyz`);
        return { status: response.status, checks: ((await response.json()) as ReadyAnswer).checks };
      } catch (error) {
        return error as Error; // the ops server is not listening yet
      }
    };
    const waiting = await until(
      readyz,
      (answer) =>
        outcome instanceof Error || (!(answer instanceof Error) && answer.checks['read models'] !== undefined),
      { tries: 300 },
    );
    expect(outcome).toBe('pending');
    expect(waiting).toMatchObject({ status: 503, checks: { 'read models': expect.stringMatching(/^down: /) } });

    ferretDb = await startFerretDb({ port: mongoPort });
    await starting;
    const ready = await readyz();
    expect(ready).toMatchObject({ status: 200, checks: { 'read models': 'up' } });
  }, 120_000);
});
