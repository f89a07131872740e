import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, silentLogger } from '../logger.ts';
import { createOps } from '../observability/ops.ts';
import { startInMemoryTracing } from '../testing/spans.ts';
import { fastifyTrustProxy, loadEdgeConfig } from './config.ts';
import { type FrontDoor, frontDoorServer } from './front-door.ts';

/**
 * A front door (requests answered ahead of Fastify on Fastify's own server): it answers what it
 * takes, with the client's address as Fastify's request.ip says it; Fastify answers the rest; a
 * request it answers is measured, traced and logged as Fastify's are; Fastify's server options
 * still apply.
 */
const door: FrontDoor = {
  route: '/door',
  operationId: 'door',
  takes: (req) => req.url === '/door',
  serve: (req, res, clientIp) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ by: 'door', clientIp, traceparent: req.headers.traceparent ?? null }));
  },
};

const lines: Record<string, unknown>[] = [];
const logger = createLogger({
  name: 'front-door-test',
  level: 'info',
  destination: new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  }),
});

describe('a front door on a Fastify server', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    lines.length = 0;
  });

  const start = async (options: Parameters<typeof frontDoorServer>[1], fastifyOptions: object = {}) => {
    const app = Fastify({ ...fastifyOptions, serverFactory: frontDoorServer(door, options) });
    app.get('/door/other', async () => ({ by: 'fastify' }));
    app.get('/elsewhere', async (request) => ({ by: 'fastify', ip: request.ip }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
    const address = app.server.address();
    return { app, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
  };

  it('answers what it takes and leaves every other request to Fastify', async () => {
    const { origin } = await start({ trustProxy: false, logger: silentLogger() });
    expect(await (await fetch(`${origin}/door`)).json()).toEqual({
      by: 'door',
      clientIp: '127.0.0.1',
      traceparent: null,
    });
    expect(await (await fetch(`${origin}/door/other`)).json()).toEqual({ by: 'fastify' });
    expect((await fetch(`${origin}/nowhere`)).status).toBe(404);
  });

  it('names the client as Fastify does: the socket, or the right-most X-Forwarded-For address no trusted proxy stands for', async () => {
    const forwarded = { 'x-forwarded-for': '203.0.113.7, 10.0.0.2' };
    const door = async (origin: string) =>
      ((await (await fetch(`${origin}/door`, { headers: forwarded })).json()) as { clientIp: string }).clientIp;
    const fastify = async (origin: string) =>
      ((await (await fetch(`${origin}/elsewhere`, { headers: forwarded })).json()) as { ip: string }).ip;
    for (const [setting, client] of [
      ['off', '127.0.0.1'],
      ['on', '10.0.0.2'],
      ['2', '203.0.113.7'],
      ['loopback', '10.0.0.2'],
      ['loopback,10.0.0.0/8', '203.0.113.7'],
    ] as const) {
      const trust = loadEdgeConfig('.', { TRUST_PROXY: setting }).trustProxy;
      const { origin } = await start(
        { trustProxy: trust, logger: silentLogger() },
        { trustProxy: fastifyTrustProxy(trust) },
      );
      expect(await door(origin), setting).toBe(client);
      expect(await fastify(origin), setting).toBe(client);
    }
  });

  it('measures, traces and logs what it answers as the Fastify routes are', async () => {
    const tracing = await startInMemoryTracing('front-door-test');
    try {
      const ops = createOps({ process: 'front-door-test', traced: true });
      const { origin } = await start({ trustProxy: false, logger, ops });
      const answer = (await (await fetch(`${origin}/door`)).json()) as { traceparent: string | null };
      await expect
        .poll(() => ops.metrics.registry.getSingleMetricAsString('listings_http_request_duration_seconds'))
        .toMatch(/_count\{process="front-door-test",method="GET",route="\/door",status="200"\} 1/);
      const span = tracing.spans().find((s) => s.name === 'GET /door');
      expect(span?.attributes['http.response.status_code']).toBe(200);
      // the request carried its span's traceparent while it was answered
      expect(answer.traceparent).toContain(span?.spanContext().traceId);
      expect(lines).toContainEqual(
        expect.objectContaining({
          msg: 'request',
          operation: 'door',
          method: 'GET',
          url: '/door',
          status: 200,
          trace_id: span?.spanContext().traceId,
        }),
      );
    } finally {
      await tracing.shutdown();
    }
  });

  it('keeps the server options Fastify would have set on its own server', async () => {
    const { app } = await start(
      { trustProxy: false, logger: silentLogger() },
      { keepAliveTimeout: 1234, requestTimeout: 5678 },
    );
    expect(app.server.keepAliveTimeout).toBe(1234);
    expect(app.server.requestTimeout).toBe(5678);
  });
});
