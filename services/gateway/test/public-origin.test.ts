import { createInProcessBus } from '@listings/platform/bus';
import { loadEdgeConfig } from '@listings/platform/edge';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './support.ts';

const PUBLIC_URL = 'http://localhost:3000';

/** what a client sends to make a server that trusts it write its URLs elsewhere */
const HOSTILE_HEADERS = [
  { host: 'evil.example' },
  { host: 'evil.example:8443', 'x-forwarded-proto': 'https' },
  { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-port': '8443' },
  { forwarded: 'host=evil.example;proto=https' },
];

/** every absolute URL in a JSON value */
const urlsIn = (value: unknown): string[] =>
  typeof value === 'string'
    ? /^[a-z][a-z0-9+.-]*:\/\//i.test(value)
      ? [value]
      : []
    : Array.isArray(value)
      ? value.flatMap(urlsIn)
      : value !== null && typeof value === 'object'
        ? Object.values(value).flatMap(urlsIn)
        : [];

describe.each([false, 1] as const)('absolute URLs come from PUBLIC_URL alone (TRUST_PROXY %s)', (trustProxy) => {
  let app: FastifyInstance;
  const bus = createInProcessBus();
  beforeAll(async () => {
    app = await buildTestApp(bus, { trustProxy });
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  it.each([
    '/.well-known/oauth-authorization-server',
    '/.well-known/openid-configuration',
    '/.well-known/oauth-protected-resource/api/v1',
    '/.well-known/oauth-protected-resource/mcp',
    '/api/v1/openapi.json',
  ])('when %s is asked with a hostile Host or X-Forwarded-* then every URL in it is on PUBLIC_URL', async (url) => {
    for (const headers of HOSTILE_HEADERS) {
      const res = await app.inject({ url, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      const urls = urlsIn(res.json());
      expect(urls.length).toBeGreaterThan(0);
      for (const found of urls)
        expect(found, `${url} ${JSON.stringify(headers)}`).toMatch(/^http:\/\/localhost:3000(\/|$)/);
      expect(res.body).not.toContain('evil.example');
    }
  });

  it('when the authorization server metadata is read then its issuer and endpoints are on PUBLIC_URL', async () => {
    const metadata = (await app.inject({ url: '/.well-known/oauth-authorization-server' })).json();
    expect(metadata).toMatchObject({
      issuer: PUBLIC_URL,
      authorization_endpoint: `${PUBLIC_URL}/oauth/authorize`,
      token_endpoint: `${PUBLIC_URL}/oauth/token`,
      registration_endpoint: `${PUBLIC_URL}/oauth/register`,
    });
  });
});

describe('the client IP behind a proxy', () => {
  /** the statuses of two anonymous calls (a quota of one), each with its X-Forwarded-For, under TRUST_PROXY=`trust` */
  const limited = async (trust: string, forwarded: readonly string[] = ['203.0.113.1', '203.0.113.2']) => {
    const bus = createInProcessBus();
    const app = await buildTestApp(bus, {
      trustProxy: loadEdgeConfig('.', { TRUST_PROXY: trust }).trustProxy,
      rateLimits: {
        authenticated: { name: 'authenticated', limit: 100, windowSeconds: 60 },
        anonymous: { name: 'anonymous', limit: 1, windowSeconds: 60 },
      },
      requestTimeoutMs: 100,
    });
    const statuses: number[] = [];
    for (const header of forwarded)
      statuses.push((await app.inject({ url: '/api/v1/site', headers: { 'x-forwarded-for': header } })).statusCode);
    await app.close();
    await bus.close();
    return statuses;
  };

  it('when TRUST_PROXY is off then X-Forwarded-For is ignored: two "addresses" from one socket share one limit', async () => {
    expect(await limited('off')).toEqual([503, 429]);
  });

  it('when TRUST_PROXY is on then X-Forwarded-For names the client: each address has its own limit', async () => {
    expect(await limited('on')).toEqual([503, 503]);
  });

  // #27 item 9d: `on` trusted the first (left-most) address, which the client writes itself behind
  // a proxy that appends
  it('when TRUST_PROXY is on behind a proxy that appends then what the client wrote is not its address: the proxy’s entry is', async () => {
    expect(await limited('on', ['1.1.1.1, 203.0.113.9', '2.2.2.2, 203.0.113.9'])).toEqual([503, 429]);
  });

  it('when TRUST_PROXY counts two proxies then the address the outer one appended names the client', async () => {
    expect(await limited('2', ['1.1.1.1, 203.0.113.9, 10.0.0.2', '2.2.2.2, 203.0.113.9, 10.0.0.3'])).toEqual([
      503, 429,
    ]);
    expect(await limited('2', ['203.0.113.1, 10.0.0.2', '203.0.113.2, 10.0.0.2'])).toEqual([503, 503]);
  });

  it('when TRUST_PROXY lists the proxies’ addresses then the right-most address outside them names the client', async () => {
    // the socket (loopback here) and the inner proxies are trusted; a spoofed left part is not the client
    const behindTwo = ['6.6.6.6, 203.0.113.9, 10.1.2.3', '7.7.7.7, 203.0.113.9, 10.9.8.7'];
    expect(await limited('loopback, 10.0.0.0/8', behindTwo)).toEqual([503, 429]);
    // a proxy outside the list is the client, as far as the edge can tell
    expect(await limited('loopback', behindTwo)).toEqual([503, 503]);
  });
});

describe('the API reference page ("Try it") at any origin the service answers on', () => {
  let app: FastifyInstance;
  const bus = createInProcessBus();
  beforeAll(async () => {
    app = await buildTestApp(bus);
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  it.each(['http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000', 'https://directory.example'])(
    'when the page is opened at %s then its document sends "Try it" to that same origin',
    async (origin) => {
      const pageUrl = `${origin}/api/v1/docs/json`;
      const res = await app.inject({ url: '/api/v1/docs/json', headers: { host: new URL(origin).host } });
      expect(res.statusCode).toBe(200);
      const document = res.json();
      expect(document.servers).toHaveLength(1);
      // Swagger UI resolves a relative server against the URL it loaded the document from
      const server = new URL(document.servers[0].url, pageUrl);
      expect(server.origin).toBe(origin);
      expect(server.pathname).toBe('/api/v1');
      // nothing of the request is in it: the same document for every Host
      if (origin !== PUBLIC_URL) expect(res.body).not.toContain(new URL(origin).host);
    },
  );

  it('when the page document is compared with /api/v1/openapi.json then only the server differs', async () => {
    const page = (await app.inject({ url: '/api/v1/docs/json' })).json();
    const published = (await app.inject({ url: '/api/v1/openapi.json' })).json();
    expect(published.servers).toEqual([{ url: `${PUBLIC_URL}/api/v1` }]);
    expect({ ...page, servers: published.servers }).toEqual(published);
  });
});
