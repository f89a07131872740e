import { operationById } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, buildTestApp } from './support.ts';

const submitListing = operationById('submit_listing');

describe('Idempotency-Key at the REST edge', () => {
  const clock = manualClock('2026-03-02T10:00:00Z');
  const bus = createInProcessBus();
  let app: FastifyInstance;
  let authorization: string;
  let runs = 0;
  let gate: Promise<void> | null = null;
  beforeAll(async () => {
    // a stand-in drafting service: counts how often submit_listing really runs
    await bus.serve(submitListing?.subject as string, async () => {
      runs += 1;
      if (gate) await gate;
      return {
        status: 201,
        body: { id: `00000000-0000-4000-8000-${String(runs).padStart(12, '0')}`, status: 'crawling' },
      };
    });
    app = await buildTestApp(bus, { clock });
    authorization = (await accountWithKey(app, 'ik@example.com')).authorization;
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });
  const submit = (key: string | undefined, url = 'https://example.com', auth = authorization) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/drafts',
      headers: {
        authorization: auth,
        'content-type': 'application/json',
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      payload: { url },
    });

  it('when the same key and request come again then the first response is replayed and nothing runs again', async () => {
    const before = runs;
    const first = await submit('key-1');
    const second = await submit('"key-1"');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(runs).toBe(before + 1);
  });

  it('when the same key comes with a different body then 422', async () => {
    await submit('key-2', 'https://a.example');
    const response = await submit('key-2', 'https://b.example');
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });

  it('when another principal uses the same key then it is their own key', async () => {
    const before = runs;
    await submit('shared-key');
    const other = (await accountWithKey(app, 'ik-other@example.com')).authorization;
    const response = await submit('shared-key', 'https://example.com', other);
    expect(response.statusCode).toBe(201);
    expect(runs).toBe(before + 2);
  });

  it('when two requests with one key run in parallel then one runs and the other gets 409 or the replay', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => {
      open = resolve;
    });
    const before = runs;
    const first = submit('key-parallel');
    // wait until the first has really reached the service
    for (let i = 0; i < 1000 && runs === before; i++) await new Promise((r) => setImmediate(r));
    const second = await submit('key-parallel');
    open();
    gate = null;
    const firstResponse = await first;
    expect(firstResponse.statusCode).toBe(201);
    expect([409, 201]).toContain(second.statusCode);
    expect(runs).toBe(before + 1);
  });

  it('when the retention window has passed then the key is free again', async () => {
    const before = runs;
    await submit('key-retention');
    clock.advance(24 * 60 * 60 * 1000 - 1000);
    await submit('key-retention');
    expect(runs).toBe(before + 1);
    clock.advance(2000);
    const again = await submit('key-retention', 'https://other.example');
    expect(again.statusCode).toBe(201);
    expect(runs).toBe(before + 2);
  });

  it.each([
    ['too long', 'k'.repeat(256)],
    ['bad characters', 'a b'],
    ['empty', '""'],
    ['broken quotes', '"abc'],
  ])('when the key is %s then 400 names the header', async (_, key) => {
    const response = await submit(key);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('headers.idempotency-key');
  });

  it('when the key is 255 characters then it is accepted', async () => {
    expect((await submit('k'.repeat(255))).statusCode).toBe(201);
  });
});

describe('rate limits at the REST edge', () => {
  const clock = manualClock('2026-03-02T10:00:10Z');
  const bus = createInProcessBus();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(bus, {
      clock,
      rateLimits: {
        authenticated: { name: 'authenticated', limit: 3, windowSeconds: 60 },
        anonymous: { name: 'anonymous', limit: 2, windowSeconds: 60 },
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  it('when an IP passes its anonymous limit then 429 with Retry-After and RateLimit headers, and the limit resets', async () => {
    const call = () => app.inject({ method: 'GET', url: '/api/v1/products', remoteAddress: '203.0.113.9' });
    const first = await call();
    expect(first.headers['ratelimit-policy']).toBe('"anonymous";q=2;w=60');
    expect(first.headers.ratelimit).toBe('"anonymous";r=1;t=50');
    await call();
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.headers['retry-after']).toBe('50');
    expect(refused.headers.ratelimit).toBe('"anonymous";r=0;t=50');
    expect(refused.headers['ratelimit-policy']).toBe('"anonymous";q=2;w=60');
    // another IP has its own quota
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/products', remoteAddress: '203.0.113.10' })).statusCode,
    ).not.toBe(429);
    clock.advance(50_000);
    expect((await call()).statusCode).not.toBe(429);
  });

  it('when a credential passes its limit then it is limited per credential, not per IP', async () => {
    const { authorization } = await accountWithKey(app, 'limited@example.com');
    const call = () =>
      app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization }, remoteAddress: '203.0.113.20' });
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['ratelimit-policy']).toBe('"authenticated";q=3;w=60');
  });
});
