import { manualClock } from '@listings/platform/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness.ts';

const MODERN = '2026-07-28';
const meta = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} };

describe('rate limits on /mcp (the REST edge’s limiter and policies)', () => {
  let harness: Harness;
  // pinned inside one fixed window, so no call crosses a window boundary
  const clock = manualClock('2026-03-02T10:00:05Z');
  beforeAll(async () => {
    harness = await startHarness({
      clock,
      rateLimits: {
        authenticated: { name: 'authenticated', limit: 3, windowSeconds: 60 },
        anonymous: { name: 'anonymous', limit: 2, windowSeconds: 60 },
      },
    });
  });
  afterAll(() => harness.stop());

  const post = (method: string, params: Record<string, unknown>, headers: Record<string, string> = {}) =>
    fetch(harness.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MODERN,
        'mcp-method': method,
        ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } }),
    });
  const search = (headers: Record<string, string> = {}) =>
    post('tools/call', { name: 'search_listings', arguments: { q: 'acme' } }, headers);

  it('when anonymous calls pass the per-IP limit then the next is 429 with Retry-After, RateLimit and RateLimit-Policy', async () => {
    const first = await search();
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('"anonymous";q=2;w=60');
    expect(first.headers.get('ratelimit')).toBe('"anonymous";r=1;t=55');
    expect((await search()).status).toBe(200);

    // listing tools is not an operation: it is not counted and still answers
    expect((await post('tools/list', {})).status).toBe(200);

    const refused = await search();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('55');
    expect(refused.headers.get('ratelimit')).toBe('"anonymous";r=0;t=55');
    expect(refused.headers.get('ratelimit-policy')).toBe('"anonymous";q=2;w=60');
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(await refused.json()).toMatchObject({ status: 429, title: 'Too many requests' });

    // reading a resource is an operation too
    expect((await post('resources/read', { uri: 'listings://listings/acme' })).status).toBe(429);
  });

  it('when a credential calls then it has its own quota under the authenticated policy, apart from its IP', async () => {
    const writer = { authorization: 'Bearer lk_writer' };
    for (let i = 0; i < 3; i++) {
      const allowed = await search(writer);
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('ratelimit')).toBe(`"authenticated";r=${2 - i};t=55`);
    }
    const refused = await search(writer);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('55');
    // another credential from the same IP is not affected
    expect((await search({ authorization: 'Bearer lk_reader' })).status).toBe(200);
  });

  it('when the window ends then calls are allowed again', async () => {
    expect((await search()).status).toBe(429);
    clock.advance(60_000);
    const again = await search();
    expect(again.status).toBe(200);
    expect(again.headers.get('ratelimit')).toBe('"anonymous";r=1;t=55');
  });

  it('when a refused credential calls then it counts against the IP, and the refusal comes after the limit', async () => {
    clock.advance(60_000);
    const bad = { authorization: 'Bearer nope' };
    expect((await search(bad)).status).toBe(401);
    expect((await search(bad)).status).toBe(401);
    const third = await search(bad);
    expect(third.status).toBe(429);
    expect((await search()).status).toBe(429);
  });
});

// #27 item 4: the MCP limit keys on the caller (credential, else client IP), never on the path, so
// every spelling of /mcp the router serves counts in the caller's one bucket
describe('rate limits on /mcp under other spellings of its path', () => {
  let harness: Harness;
  const clock = manualClock('2026-03-02T10:00:05Z');
  beforeAll(async () => {
    harness = await startHarness({
      clock,
      rateLimits: {
        authenticated: { name: 'authenticated', limit: 3, windowSeconds: 60 },
        anonymous: { name: 'anonymous', limit: 3, windowSeconds: 60 },
      },
    });
  });
  afterAll(() => harness.stop());

  const searchAt = (url: string, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MODERN,
        'mcp-method': 'tools/call',
        'mcp-name': 'search_listings',
        ...headers,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_listings', arguments: { q: 'acme' }, _meta: meta },
      }),
    });

  for (const [who, headers, policy] of [
    ['a credential', { authorization: 'Bearer lk_writer' }, 'authenticated'],
    ['an anonymous caller', {}, 'anonymous'],
  ] as const)
    it(`when ${who} calls /m%63p, /mcp?x and /mcp then the calls share one bucket (and /mcp/ is not served)`, async () => {
      const origin = new URL(harness.url).origin;
      expect((await searchAt(`${origin}/mcp/`, headers)).status).toBe(404);
      const seen: (string | number | null)[] = [];
      for (const path of ['/m%63p', '/mcp?x=1', '/mcp', '/m%63p']) {
        const response = await searchAt(`${origin}${path}`, headers);
        seen.push(response.status === 200 ? response.headers.get('ratelimit') : response.status);
      }
      expect(seen).toEqual([`"${policy}";r=2;t=55`, `"${policy}";r=1;t=55`, `"${policy}";r=0;t=55`, 429]);
    });
});
