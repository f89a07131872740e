import { newIdentitySecrets } from '@listings/platform/edge';
import { silentLogger } from '@listings/platform/logger';
import { ferretDbMissing, type RunningFerretDb, startFerretDb } from '@listings/platform/testing/ferretdb-server';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '@listings/platform/testing/nats-server';
import { until } from '@listings/platform/testing/until';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_SERVICES, startCluster } from '../../src/cluster.ts';
import { startAllInOneInProcess } from '../in-process.ts';
import { tempDataDir, testConfig } from '../support.ts';

/**
 * `/healthz`, `/readyz` and `/metrics` on every process (issue 15): the all-in-one process serves
 * them on PORT for everything it runs; in cluster mode the three edges serve them on their own
 * ports and the four services on OPS_PORT. Readiness fails, naming what is down, when MongoDB
 * (FerretDB) stops (the services whose read models live there) and when NATS stops (every process).
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
const json = async (response: Response): Promise<any> => response.json();

const readiness = async (base: string) => {
  const response = await fetch(`${base}/readyz`);
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await json(response) };
};

describe('the all-in-one process', () => {
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  beforeAll(async () => {
    running = await startAllInOneInProcess();
  }, 60_000);
  afterAll(async () => running?.stop());

  it('answers /healthz, /readyz with every service’s stores and /metrics with requests, bus round trips and projections', async () => {
    expect((await fetch(`${running.base}/healthz`)).status).toBe(200);
    const ready = await readiness(running.base);
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toMatchObject({
      'catalog: event store': 'up',
      'catalog: read models': 'up',
      'catalog: search index': 'up',
      'drafting: read models': 'up',
      'commerce: read models': 'up',
      'claims: read models': 'up',
      'gateway: identity store': 'up',
    });
    // one request through the edge and the bus, then the figures
    expect((await fetch(`${running.base}/api/v1/categories`)).status).toBe(200);
    const metrics = await (await fetch(`${running.base}/metrics`)).text();
    expect(metrics).toMatch(
      /listings_http_request_duration_seconds_count\{process="listings",method="GET",route="\/api\/v1\/categories",status="200"\} 1/,
    );
    expect(metrics).toMatch(
      /listings_bus_request_duration_seconds_count\{process="listings",subject="catalog\.[a-z_]+",outcome="ok"\} [1-9]/,
    );
    for (const projection of [
      'catalog: catalog',
      'commerce: orders index',
      'claims: claims index',
      'drafting: drafts index',
    ])
      expect(metrics).toContain(`projection="${projection}"`);
  });
});

const missing = [natsServerAvailable() ? null : 'nats-server is not on the PATH', ferretDbMissing() ?? null].filter(
  (reason): reason is string => reason !== null,
);
if (missing.length > 0) console.warn(`health of the cluster's processes skipped: ${missing.join('; ')}`);

describe.skipIf(missing.length > 0)('every process of cluster mode (NATS, MongoDB on FerretDB)', () => {
  const data = tempDataDir();
  let nats: RunningNatsServer;
  let mongo: RunningFerretDb;
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  /** each process's base URL for /healthz, /readyz and /metrics */
  let bases: Record<(typeof CLUSTER_SERVICES)[number], string>;
  const SERVICES = ['catalog', 'drafting', 'commerce', 'claims'] as const;

  beforeAll(async () => {
    nats = await startNatsServer({ storeDir: `${data.dir}/nats` });
    mongo = await startFerretDb();
    const identitySecrets = newIdentitySecrets();
    const settings = {
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'off',
      PORT: '0',
      DATA_DIR: data.dir,
      NATS_URL: nats.url,
      MONGO_URL: mongo.url,
      MONGO_DB: 'health_test',
      // with MONGO_URL the gateway takes its keys from configuration (docs/identity.md)
      OAUTH_JWKS: JSON.stringify(identitySecrets.jwks),
      COOKIE_KEYS: identitySecrets.cookieKeys.join(','),
    };
    cluster = await startCluster(testConfig(settings), silentLogger(), { ...process.env, ...settings });
    const at = (port: number | undefined) => `http://127.0.0.1:${port}`;
    bases = {
      gateway: at(cluster.port),
      'mcp-gateway': at(cluster.mcpPort),
      web: at(cluster.webPort),
      catalog: at(cluster.opsPorts.catalog),
      drafting: at(cluster.opsPorts.drafting),
      commerce: at(cluster.opsPorts.commerce),
      claims: at(cluster.opsPorts.claims),
    };
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
    await nats?.stop();
    await mongo?.stop();
    data.remove();
  }, 60_000);

  it('when everything runs then all seven processes answer /healthz, /readyz and /metrics', async () => {
    for (const name of CLUSTER_SERVICES) {
      const base = bases[name];
      expect((await fetch(`${base}/healthz`)).status, `${name} /healthz`).toBe(200);
      const ready = await readiness(base);
      expect(ready.status, `${name} /readyz: ${JSON.stringify(ready.body)}`).toBe(200);
      expect(ready.body.checks.bus).toBe('up');
      const metrics = await (await fetch(`${base}/metrics`)).text();
      expect(metrics, name).toContain(`process_resident_memory_bytes{process="${name}"}`);
    }
    for (const name of SERVICES) {
      const ready = await readiness(bases[name]);
      expect(ready.body.checks).toMatchObject({ 'event store': 'up', 'read models': 'up' });
      expect(await (await fetch(`${bases[name]}/metrics`)).text()).toContain('listings_projection_lag_seconds');
    }
    expect((await readiness(bases.gateway)).body.checks['identity store']).toBe('up');
  });

  it('when MongoDB stops then the services’ /readyz is 503 naming their read models, the gateway’s naming its identity store, and the other edges stay ready', async () => {
    await mongo.stop();
    for (const name of SERVICES) {
      const down = await until(
        () => readiness(bases[name]),
        (r) => r.status === 503,
      );
      expect(down.type, name).toContain('application/problem+json');
      expect(down.body.checks['read models'], name).toMatch(/^down: /);
      expect(down.body.detail, name).toContain('read models');
      expect((await fetch(`${bases[name]}/healthz`)).status, name).toBe(200);
    }
    // the gateway keeps accounts, keys and OAuth records in MongoDB: it cannot sign anyone in
    const gateway = await until(
      () => readiness(bases.gateway),
      (r) => r.status === 503,
    );
    expect(gateway.body.checks['identity store']).toMatch(/^down: /);
    expect((await fetch(`${bases.gateway}/healthz`)).status).toBe(200);
    // the other edges ask the gateway and the services over NATS: they stay ready
    for (const name of ['mcp-gateway', 'web'] as const) expect((await readiness(bases[name])).status, name).toBe(200);
  }, 120_000);

  it('when NATS stops then every process’s /readyz is 503 naming the bus', async () => {
    await nats.stop();
    for (const name of CLUSTER_SERVICES) {
      const down = await until(
        () => readiness(bases[name]),
        (r) => r.status === 503 && r.body.checks.bus !== 'up',
      );
      expect(down.body.checks.bus, name).toMatch(/^down: /);
    }
    // back, so the processes drain and stop cleanly
    nats = await startNatsServer({ port: nats.port, storeDir: `${data.dir}/nats` });
  }, 120_000);
});
