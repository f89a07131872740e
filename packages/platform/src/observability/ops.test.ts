import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { silentLogger } from '../logger.ts';
import { startServiceProcess } from '../runtime.ts';
import { freePort } from '../testing/free-port.ts';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '../testing/nats-server.ts';
import { until } from '../testing/until.ts';
import { mountOps, type Ops } from './ops.ts';

/**
 * One process's operations surface over a real nats-server: /healthz, /readyz (503 problem+json
 * naming what is down: the bus when the broker is stopped, a store whose ping fails, and the
 * process itself once shutdown began) and /metrics (bus round trips, handlers, projection lag),
 * and the graceful shutdown: requests in flight on the bus and over HTTP finish before it ends.
 */
const available = natsServerAvailable();
if (!available) console.warn('ops test skipped: nats-server is not on the PATH');

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

const get = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
};

describe.skipIf(!available)('a process’s /healthz, /readyz and /metrics', () => {
  let nats: RunningNatsServer | undefined;
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
    await nats?.stop();
    nats = undefined;
  });

  /** a service (no HTTP of its own): serves `test.slow`, whose reply waits for `release` */
  const startService = async (options: {
    storeUp: () => boolean;
    release: Promise<void>;
    /** resolved when `test.slow` reaches its handler */
    arrived?: () => void;
  }) => {
    nats = await startNatsServer();
    const config = loadConfig({ OPS_PORT: '0', NATS_URL: nats.url, LOG_LEVEL: 'silent' });
    const events = [
      { position: 1, recordedAt: new Date(Date.now() - 60_000).toISOString() },
      { position: 2, recordedAt: new Date().toISOString() },
    ];
    const started = await startServiceProcess(
      'probe-service',
      async ({ bus }) => {
        const served = await bus.serve('test.slow', async (payload) => {
          options.arrived?.();
          await options.release;
          return { echoed: payload };
        });
        return {
          stop: () => served.stop(),
          probes: {
            stores: [
              {
                name: 'read models',
                ping: async () => {
                  if (!options.storeUp()) throw new Error('connection refused');
                },
              },
            ],
            // folded up to position 1: the event at 2 is the oldest not folded in
            projections: [
              {
                name: 'orders index',
                position: () => 0,
                events: { readAll: async (after: number) => events.filter((e) => e.position > after) as never },
              },
            ],
          },
        };
      },
      { config, logger: silentLogger(), natsUrl: nats.url },
    );
    cleanups.push(() => started.stop());
    return { ...started, base: `http://127.0.0.1:${started.opsPort}` };
  };

  it('when the bus and stores answer then /healthz and /readyz are 200 and /metrics has the bus round trips and projection lag', async () => {
    const release = deferred();
    release.resolve();
    const service = await startService({ storeUp: () => true, release: release.promise });
    expect(await get(`${service.base}/healthz`)).toMatchObject({ status: 200 });
    const ready = await get(`${service.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toEqual({ status: 'ready', checks: { bus: 'up', 'read models': 'up' } });

    // one round trip through the broker, measured on both sides
    await service.ops.metrics.registry.resetMetrics();
    const client = await startNatsClient(nats as RunningNatsServer);
    cleanups.push(() => client.close());
    await client.request('test.slow', { n: 1 });
    const metrics = await get(`${service.base}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.type).toContain('text/plain');
    expect(metrics.text).toMatch(
      /listings_bus_handler_duration_seconds_count\{process="probe-service",subject="test\.slow",outcome="ok"\} 1/,
    );
    expect(sample(metrics.text, 'listings_projection_position', 'projection="orders index"')).toBe(0);
    expect(sample(metrics.text, 'listings_projection_lag_seconds', 'projection="orders index"')).toBeGreaterThanOrEqual(
      59,
    );
    expect(metrics.text).toContain('process_resident_memory_bytes');
  });

  it('when a store does not answer then /readyz is 503 problem+json naming it, and /healthz stays 200', async () => {
    let storeUp = true;
    const service = await startService({ storeUp: () => storeUp, release: Promise.resolve() });
    expect((await get(`${service.base}/readyz`)).status).toBe(200);
    storeUp = false;
    const down = await get(`${service.base}/readyz`);
    expect(down.status).toBe(503);
    expect(down.type).toContain('application/problem+json');
    const problem = JSON.parse(down.text);
    expect(problem).toMatchObject({ status: 503, title: 'Service unavailable', checks: { bus: 'up' } });
    expect(problem.checks['read models']).toBe('down: connection refused');
    expect(problem.detail).toContain('read models');
    expect((await get(`${service.base}/healthz`)).status).toBe(200);
  });

  it('when the NATS server stops then /readyz is 503 naming the bus, and 200 again once it is back', async () => {
    const service = await startService({ storeUp: () => true, release: Promise.resolve() });
    const port = (nats as RunningNatsServer).port;
    await (nats as RunningNatsServer).stop();
    const down = await until(
      () => get(`${service.base}/readyz`),
      (r) => r.status === 503,
    );
    expect(down.type).toContain('application/problem+json');
    expect(JSON.parse(down.text).checks.bus).toMatch(/^down: /);
    expect((await get(`${service.base}/healthz`)).status).toBe(200);
    nats = await startNatsServer({ port });
    await until(
      () => get(`${service.base}/readyz`),
      (r) => r.status === 200,
    );
  });

  it('when shutdown begins then /readyz is 503 at once and a bus request in flight still gets its reply', async () => {
    const release = deferred();
    const arrived = deferred();
    const service = await startService({ storeUp: () => true, release: release.promise, arrived: arrived.resolve });
    const client = await startNatsClient(nats as RunningNatsServer);
    cleanups.push(() => client.close());
    const inFlight = client.request('test.slow', { n: 2 });
    // the request has reached the handler (it waits for `release`) before shutdown starts
    await arrived.promise;
    const stopping = service.stop();
    const readyz = await get(`${service.base}/readyz`).catch(() => null);
    // the ops server is the last thing to stop: it answers, and says the process is going
    expect(readyz?.status).toBe(503);
    expect(JSON.parse(readyz?.text ?? '{}').checks.process).toBe('shutting down');
    release.resolve();
    expect(await inFlight).toEqual({ echoed: { n: 2 } });
    await stopping;
  });

  it('when a service is still starting then /healthz is 200 and /readyz 503 `starting`, and ready once it has started', async () => {
    nats = await startNatsServer();
    const opsPort = await freePort();
    const config = loadConfig({ OPS_PORT: String(opsPort), NATS_URL: nats.url, LOG_LEVEL: 'silent' });
    const finishStart = deferred();
    const starting = startServiceProcess(
      'slow-start',
      async () => {
        await finishStart.promise;
        return { stop: async () => {} };
      },
      { config, logger: silentLogger(), natsUrl: nats.url },
    );
    const base = `http://127.0.0.1:${opsPort}`;
    const early = await until(
      () => get(`${base}/readyz`).catch(() => ({ status: 0, type: '', text: '' })),
      (r) => r.status !== 0,
    );
    expect(early.status).toBe(503);
    expect(JSON.parse(early.text).checks.process).toBe('starting');
    expect((await get(`${base}/healthz`)).status).toBe(200);
    finishStart.resolve();
    const started = await starting;
    cleanups.push(() => started.stop());
    expect((await get(`${base}/readyz`)).status).toBe(200);
  });

  it('when an edge shuts down then an HTTP request in flight completes, and new connections are refused', async () => {
    nats = await startNatsServer();
    const config = loadConfig({ OPS_PORT: '0', NATS_URL: nats.url, LOG_LEVEL: 'silent' });
    const release = deferred();
    const arrived = deferred();
    const edge = await startServiceProcess(
      'probe-edge',
      async ({ ops }: { ops: Ops }) => {
        const app = Fastify();
        mountOps(app, ops);
        app.get('/slow', async () => {
          arrived.resolve();
          await release.promise;
          return { done: true };
        });
        await app.listen({ port: 0, host: '127.0.0.1' });
        const address = app.server.address();
        return { port: typeof address === 'object' && address ? address.port : 0, stop: () => app.close() };
      },
      { config, logger: silentLogger(), natsUrl: nats.url, ownHttp: true },
    );
    const base = `http://127.0.0.1:${edge.port}`;
    expect((await get(`${base}/healthz`)).status).toBe(200);
    expect(edge.opsPort).toBeUndefined();
    const inFlight = get(`${base}/slow`);
    await arrived.promise;
    const stopping = edge.stop();
    release.resolve();
    expect(await inFlight).toMatchObject({ status: 200, text: '{"done":true}' });
    await stopping;
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    const metrics = await edge.ops.metrics.registry.getSingleMetricAsString('listings_http_request_duration_seconds');
    expect(metrics).toMatch(/_count\{process="probe-edge",method="GET",route="\/slow",status="200"\} 1/);
  });
});

/** the value of the series `name` whose labels include `label` (label order is prom-client's) */
const sample = (text: string, name: string, label: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(label));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

/** a plain requester on its own connection (another process, as far as the service can tell) */
const startNatsClient = async (server: RunningNatsServer) => {
  const { connectNatsBus } = await import('../bus/nats-bus.ts');
  return connectNatsBus({ servers: server.url, name: 'probe-client' });
};
