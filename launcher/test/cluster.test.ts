import { silentLogger } from '@listings/platform/logger';
import { natsServerAvailable, startNatsServer } from '@listings/platform/testing/nats-server';
import { until } from '@listings/platform/testing/until';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, startServiceProcess, stopServiceProcess } from '../src/cluster.ts';
import { CLUSTER_START_TIMEOUT_MS, createApiKey, freePort, tempDataDir, testConfig } from './support.ts';

const available = natsServerAvailable();
if (!available) console.warn('cluster tests skipped: nats-server is not on the PATH (apt-get install nats-server)');

describe.skipIf(!available)('cluster mode: every service its own process over a real nats-server', () => {
  const data = tempDataDir();
  let nats: Awaited<ReturnType<typeof startNatsServer>>;
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let base: string;

  beforeAll(async () => {
    nats = await startNatsServer();
    const port = await freePort();
    cluster = await startCluster(
      testConfig({ PORT: String(port), DATA_DIR: data.dir, NATS_URL: nats.url }),
      silentLogger(),
      { ...process.env, LOG_LEVEL: 'silent', DEMO_DATA: 'off' },
    );
    base = `http://127.0.0.1:${cluster.port}`;
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
    await nats?.stop();
    data.remove();
  });

  it('when GET /api/v1/site then the gateway process reaches the catalog process over NATS', async () => {
    const response = await fetch(`${base}/api/v1/site`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ counts: { live_listings: 0, categories: 0 } });
  });

  it('when a signed-in drafting operation is called with an API key then the drafting process answers over NATS', async () => {
    const key = await createApiKey({ DATA_DIR: data.dir, DEMO_DATA: 'off' }, 'cluster@example.com', 'account:read');
    const response = await fetch(`${base}/api/v1/drafts`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ items: [], page: 1, per_page: 20, total: 0 });
  });

  it('when input is invalid then the gateway refuses it before NATS', async () => {
    const response = await fetch(`${base}/api/v1/listings?per_page=101`);
    expect(response.status).toBe(400);
  });
});

describe.skipIf(!available)('cluster mode with the nats-server the launcher starts', () => {
  const data = tempDataDir();
  let cluster: Awaited<ReturnType<typeof startCluster>>;

  beforeAll(async () => {
    const port = await freePort();
    const settings = { PORT: String(port), DATA_DIR: data.dir, LOG_LEVEL: 'silent', DEMO_DATA: 'off' };
    cluster = await startCluster(testConfig(settings), silentLogger(), { ...process.env, ...settings, NATS_URL: '' });
  }, CLUSTER_START_TIMEOUT_MS);
  afterAll(async () => {
    await cluster?.stop();
    data.remove();
  });

  it('when its nats-server is killed (-9) then the launcher starts it again and requests are answered again', async () => {
    const site = () => fetch(`http://127.0.0.1:${cluster.port}/api/v1/site`).then((response) => response.status);
    expect(await site()).toBe(200);
    const killed = cluster.natsPid();
    expect(killed).toBeTypeOf('number');
    process.kill(killed as number, 'SIGKILL');
    // a new server (a new process) on the same URL, and the services back on it
    await until(
      async () => cluster.natsPid(),
      (pid) => pid !== undefined && pid !== killed,
    );
    expect(await until(site, (status) => status === 200, { tries: 300 })).toBe(200);
  }, 90_000);
});

describe('a service process that exits before it is ready', () => {
  it('when it exits at start then the error carries its last stderr lines (why it stopped)', async () => {
    const data = tempDataDir();
    try {
      const child = startServiceProcess(
        'catalog',
        { ...process.env, DATA_DIR: data.dir, LOG_LEVEL: 'silent', MONGO_URL: 'not-a-mongo-url', OPS_PORT: '0' },
        silentLogger(),
      );
      await expect(child.ready).rejects.toThrow(
        /catalog exited \(\d\) before it was ready; its last stderr lines:\n.*MONGO_URL/s,
      );
    } finally {
      data.remove();
    }
  }, 60_000);
});

describe.skipIf(!available)('a service process started before NATS listens', () => {
  it('when NATS is not there yet then /healthz answers 200 and /readyz 503 naming NATS, and once it listens the process is ready', async () => {
    const data = tempDataDir();
    const [natsPort, opsPort] = [await freePort(), await freePort()];
    const child = startServiceProcess(
      'claims',
      {
        ...process.env,
        DATA_DIR: data.dir,
        LOG_LEVEL: 'silent',
        NATS_URL: `nats://127.0.0.1:${natsPort}`,
        OPS_PORT: String(opsPort),
      },
      silentLogger(),
    );
    let nats: Awaited<ReturnType<typeof startNatsServer>> | undefined;
    try {
      const ops = (route: string) =>
        fetch(`http://127.0.0.1:${opsPort}${route}`).then(
          async (response) => ({ status: response.status, body: await response.text() }),
          () => ({ status: 0, body: '' }),
        );
      expect(
        (
          await until(
            () => ops('/healthz'),
            (answer) => answer.status === 200,
          )
        ).status,
      ).toBe(200);
      const waiting = await ops('/readyz');
      expect(waiting.status).toBe(503);
      expect(waiting.body).toContain(`"nats":"down: connecting to nats://127.0.0.1:${natsPort}"`);
      nats = await startNatsServer({ port: natsPort });
      await child.ready;
      expect(
        (
          await until(
            () => ops('/readyz'),
            (answer) => answer.status === 200,
          )
        ).body,
      ).toContain('"bus":"up"');
    } finally {
      await stopServiceProcess(child.process);
      await nats?.stop();
      data.remove();
    }
  }, 90_000);
});
