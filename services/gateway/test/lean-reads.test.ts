import net from 'node:net';
import { type Bus, createInProcessBus, encodedOnce } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import { NotFoundError } from '@listings/platform/errors';
import { createLogger } from '@listings/platform/logger';
import { createOps } from '@listings/platform/observability';
import { serveOperations } from '@listings/platform/service-host';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GatewayOptions } from '../src/app.ts';
import { buildTestApp, capturingLogger } from './support.ts';

/**
 * The public reads answered ahead of Fastify (src/routes/lean-reads.ts) keep every guarantee of
 * the router: the same bytes on the wire (status line, headers in their order, body), the rate
 * limit, the contract's 400 naming the field, authentication, the request's metrics, log line and
 * trace. Each app is a real server (app.inject would skip the front door).
 */

const SITE = { name: 'Listings Directory', counts: { live_listings: 2, categories: 1 } };
const traceparentsSeen: string[] = [];

/** the catalog's reads as a service would answer them: kept answers encoded once, a 404, a query echoed */
const serveCatalog = (bus: Bus) =>
  serveOperations({
    service: 'catalog',
    bus,
    logger: createLogger({ name: 'catalog', level: 'silent' }),
    handlers: {
      get_site_info: async () => encodedOnce(SITE),
      get_listing: async (call) => {
        if (call.params.slug !== 'notion') throw new NotFoundError(`no listing with slug ${call.params.slug}`);
        return { slug: 'notion', name: 'Notion — notes & docs' };
      },
      search_listings: async (call) => ({ items: [], query: call.query }),
      list_categories: async () => encodedOnce({ items: [{ slug: 'tools', name: 'Tools' }] }),
    },
  });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  traceparentsSeen.length = 0;
});

/** one gateway listening on loopback; `routed` counts the requests Fastify's lifecycle saw */
const listen = async (bus: Bus, options: Partial<Omit<GatewayOptions, 'bus'>>) => {
  const app: FastifyInstance = await buildTestApp(bus, { clock: manualClock('2026-11-29T12:00:10Z'), ...options });
  const routed: string[] = [];
  app.addHook('onRequest', (request, _reply, done) => {
    routed.push(request.url);
    done();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => app.close());
  const address = app.server.address();
  return { app, port: typeof address === 'object' && address ? address.port : 0, routed };
};

/** a lean gateway and a router-only one on the same services */
const twoGateways = async (options: Partial<Omit<GatewayOptions, 'bus'>> = {}) => {
  const bus = createInProcessBus();
  const served = await serveCatalog(bus);
  cleanups.push(async () => {
    await served.stop();
    await bus.close();
  });
  // what each call was passed on to the service with: the trace the edge sent
  const recording: Bus = {
    ...bus,
    request: (subject, payload, requestOptions) => {
      traceparentsSeen.push(requestOptions?.headers?.traceparent ?? '');
      return bus.request(subject, payload, requestOptions);
    },
  };
  return {
    lean: await listen(recording, options),
    router: await listen(recording, { ...options, leanReads: false }),
  };
};

/** the raw response to a GET, as bytes on the wire, its Date header blanked (the clock's second may turn) */
const rawGet = (port: number, path: string, headers: Record<string, string> = {}): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const head = Object.entries({ host: `127.0.0.1:${port}`, ...headers })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`GET ${path} HTTP/1.1\r\n${head}connection: close\r\n\r\n`);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('end', () =>
      resolve(
        Buffer.concat(chunks)
          .toString('utf8')
          .replace(/^Date: .*$/m, 'Date: (blanked)'),
      ),
    );
    socket.once('error', reject);
  });

describe('public reads on the lean path', () => {
  it('answer the hot GETs with the bytes the router writes, headers included, without Fastify', async () => {
    const { lean, router } = await twoGateways();
    for (const path of [
      '/api/v1/site',
      '/api/v1/categories',
      '/api/v1/listings/notion',
      '/api/v1/listings/notion/',
      '/api/v1/listings?q=notes&sort=newest',
      '/api/v1/listings/unknown-slug',
    ]) {
      const [viaLean, viaRouter] = [await rawGet(lean.port, path), await rawGet(router.port, path)];
      expect(viaLean, path).toBe(viaRouter);
      expect(viaLean, path).toMatch(/^HTTP\/1\.1 (200|404) /);
    }
    expect(lean.routed).toEqual([]);
    expect(router.routed).toHaveLength(6);
  });

  it('keep the rate limit: the call over the quota is the router’s 429 with Retry-After', async () => {
    const limits = {
      authenticated: { name: 'authenticated', limit: 2, windowSeconds: 60 },
      anonymous: { name: 'anonymous', limit: 2, windowSeconds: 60 },
    };
    const { lean, router } = await twoGateways({ rateLimits: limits });
    const answers = { lean: [] as string[], router: [] as string[] };
    for (let i = 0; i < 3; i++) {
      answers.lean.push(await rawGet(lean.port, '/api/v1/site'));
      answers.router.push(await rawGet(router.port, '/api/v1/site'));
    }
    expect(answers.lean).toEqual(answers.router);
    expect(answers.lean[2]).toMatch(/^HTTP\/1\.1 429 /);
    expect(answers.lean[2]).toContain('retry-after: 50\r\n');
    expect(answers.lean[2]).toContain('ratelimit: "anonymous";r=0;t=50\r\n');
    expect(lean.routed).toEqual([]);
  });

  it('leave input the contract refuses to the router: a 400 naming the field, counted once against the limit', async () => {
    const { lean, router } = await twoGateways();
    const path = '/api/v1/listings?limit=abc';
    const [viaLean, viaRouter] = [await rawGet(lean.port, path), await rawGet(router.port, path)];
    expect(viaLean).toBe(viaRouter);
    expect(viaLean).toMatch(/^HTTP\/1\.1 400 /);
    expect(viaLean).toContain('"field":"query.limit"');
    expect(lean.routed).toEqual([path]);
    // the next call's quota says one call was counted, not two
    expect(await rawGet(lean.port, '/api/v1/site')).toContain('ratelimit: "anonymous";r=999998;');
  });

  it('authenticate as the router does: a credential that is not valid is its 401 with WWW-Authenticate', async () => {
    const { lean, router } = await twoGateways();
    const headers = { authorization: 'Bearer ld_not_a_key' };
    const [viaLean, viaRouter] = [
      await rawGet(lean.port, '/api/v1/site', headers),
      await rawGet(router.port, '/api/v1/site', headers),
    ];
    expect(viaLean).toBe(viaRouter);
    expect(viaLean).toMatch(/^HTTP\/1\.1 401 /);
    expect(viaLean).toContain('www-authenticate: Bearer ');
    expect(lean.routed).toEqual([]);
  });

  it('answer a service that is not running as the router does: 503 with Retry-After', async () => {
    const { lean, router } = await twoGateways();
    // commerce is not served on this bus
    const [viaLean, viaRouter] = [
      await rawGet(lean.port, '/api/v1/products'),
      await rawGet(router.port, '/api/v1/products'),
    ];
    expect(viaLean).toBe(viaRouter);
    expect(viaLean).toMatch(/^HTTP\/1\.1 503 /);
    expect(viaLean).toContain('retry-after: 2\r\n');
    expect(lean.routed).toEqual([]);
  });

  it('pass the caller’s trace on, and are measured and logged under their route as the router’s requests are', async () => {
    const { logger, lines } = capturingLogger();
    const ops = createOps({ process: 'test' });
    const { lean } = await twoGateways({ logger, ops });
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    expect(await rawGet(lean.port, '/api/v1/listings/notion', { traceparent })).toMatch(/^HTTP\/1\.1 200 /);
    expect(lean.routed).toEqual([]);
    expect(traceparentsSeen).toEqual([traceparent]);
    await vi.waitFor(() =>
      expect(lines.filter((l) => l.msg === 'request')).toEqual([
        expect.objectContaining({
          operation: 'get_listing',
          method: 'GET',
          url: '/api/v1/listings/notion',
          principal: null,
          trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
          status: 200,
        }),
      ]),
    );
    const metrics = await ops.metrics.registry.metrics();
    expect(metrics).toMatch(
      /listings_http_request_duration_seconds_count\{[^}]*route="\/api\/v1\/listings\/:slug"[^}]*\} 1/,
    );
  });
});
