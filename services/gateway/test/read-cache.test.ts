import { type Operation, operationById, operations, readModelChanged } from '@listings/contracts';
import { createInProcessBus, encodedOnce } from '@listings/platform/bus';
import type { StoredResponse } from '@listings/platform/edge';
import { createLogger } from '@listings/platform/logger';
import { serveOperations } from '@listings/platform/service-host';
import { afterEach, describe, expect, it } from 'vitest';
import { createReadCache } from '../src/routes/read-cache.ts';
import { accountWithKey, buildTestApp } from './support.ts';

/**
 * The REST edge's read cache (src/routes/read-cache.ts): an anonymous public read is answered from
 * what the edge kept until the service tells of a change (a notice), a write through the edge
 * comes back, or the answer's time is up; an answer asked for before a change is never kept.
 */

const op = (id: string) => operationById(id) as Operation;
const siteInfo = op('get_site_info');
const aCatalogWrite = operations.find((o) => o.service === 'catalog' && o.method !== 'GET') as Operation;
const ok = (n: number): StoredResponse => ({ status: 200, contentType: 'application/json', body: { n } });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** a cache on an in-process bus, its clock in the test's hands, and a call that counts */
const setUp = async (ttlMs = 1_000) => {
  const bus = createInProcessBus();
  let now = 1_000_000;
  const cache = createReadCache({
    bus,
    ttlMs,
    logger: createLogger({ name: 'test', level: 'silent' }),
    now: () => now,
  });
  cleanups.push(async () => {
    await cache.stop();
    await bus.close();
  });
  await cache.ready;
  let calls = 0;
  const call = async () => ok(++calls);
  const ask = async (key = '/api/v1/site', operation = siteInfo) => cache.answer(operation, key, call);
  /** a notice as the catalog sends it, once its watchers have had it */
  const notice = async (service = 'catalog') => {
    bus.notify(readModelChanged.subjectOf(service as 'catalog'), null);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { bus, cache, ask, call, notice, calls: () => calls, later: (ms: number) => (now += ms) };
};

describe('the edge read cache', () => {
  it('answers a read again from what it kept, one call for the same URL, another for another URL', async () => {
    const { ask, calls } = await setUp();
    expect(await ask()).toEqual(ok(1));
    expect(await ask()).toEqual(ok(1));
    expect(calls()).toBe(1);
    expect(await ask('/api/v1/site?x=1')).toEqual(ok(2));
    expect(calls()).toBe(2);
  });

  it('asks the service again after a notice of its read model changing', async () => {
    const { ask, notice, calls } = await setUp();
    await ask();
    await notice();
    expect(await ask()).toEqual(ok(2));
    expect(calls()).toBe(2);
    // another service's notice leaves the catalog's answers
    await notice('commerce');
    expect(await ask()).toEqual(ok(2));
  });

  it('does not keep an answer asked for before a notice and received after it', async () => {
    const { cache, notice } = await setUp();
    let release: (response: StoredResponse) => void = () => {};
    const slow = cache.answer(siteInfo, '/api/v1/site', () => new Promise((resolve) => (release = resolve)));
    await notice();
    release(ok(1));
    expect(await slow).toEqual(ok(1));
    expect(await cache.answer(siteInfo, '/api/v1/site', async () => ok(2))).toEqual(ok(2));
  });

  it('shares one call among the requests that miss together', async () => {
    const { cache } = await setUp();
    let calls = 0;
    const call = async () => ok(++calls);
    const answers = await Promise.all([1, 2, 3].map(() => cache.answer(siteInfo, '/api/v1/site', call)));
    expect(answers).toEqual([ok(1), ok(1), ok(1)]);
    expect(calls).toBe(1);
  });

  it('empties the service’s answers when a write to it comes back, not when a read does', async () => {
    const { cache, ask, calls } = await setUp();
    await ask();
    cache.called(siteInfo);
    await ask();
    expect(calls()).toBe(1);
    cache.called(aCatalogWrite);
    expect(await ask()).toEqual(ok(2));
  });

  it('keeps an answer at most its time, and no answer but a 200', async () => {
    const { cache, ask, later, calls } = await setUp(1_000);
    await ask();
    later(999);
    await ask();
    expect(calls()).toBe(1);
    later(1);
    expect(await ask()).toEqual(ok(2));
    const missing: StoredResponse = { status: 404, contentType: 'application/problem+json', body: {} };
    let asked = 0;
    const notFound = async () => {
      asked++;
      return missing;
    };
    await cache.answer(op('get_listing'), '/api/v1/listings/none', notFound);
    await cache.answer(op('get_listing'), '/api/v1/listings/none', notFound);
    expect(asked).toBe(2);
  });

  it('keeps only the reads of services that send notices, and nothing when off', async () => {
    const { cache } = await setUp();
    expect(cache.keeps(siteInfo)).toBe(true);
    expect(cache.keeps(op('list_products'))).toBe(false);
    const off = await setUp(0);
    expect(off.cache.keeps(siteInfo)).toBe(false);
    await off.ask();
    await off.ask();
    expect(off.calls()).toBe(2);
  });
});

describe('the REST edge with its read cache on', () => {
  /** a gateway in front of a catalog that counts its calls and tells of its changes as the real one does */
  const gateway = async () => {
    const bus = createInProcessBus();
    let sites = 0;
    let live = 1;
    const served = await serveOperations({
      service: 'catalog',
      bus,
      logger: createLogger({ name: 'catalog', level: 'silent' }),
      handlers: {
        get_site_info: async () => {
          sites++;
          return encodedOnce({ counts: { live_listings: live } });
        },
      },
    });
    const app = await buildTestApp(bus, { readCacheTtlMs: 60_000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(async () => {
      await app.close();
      await served.stop();
      await bus.close();
    });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1/site`;
    const get = async (headers: Record<string, string> = {}) => {
      const response = await fetch(url, { headers });
      return { status: response.status, body: await response.json(), headers: response.headers };
    };
    /** the catalog's read model changes, and it tells the edges (before any answer that reads it) */
    const change = async () => {
      live++;
      bus.notify(readModelChanged.subjectOf('catalog'), null);
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { app, get, change, sites: () => sites };
  };

  it('answers an anonymous read again without asking the catalog, with its own rate-limit headers each time', async () => {
    const { get, sites } = await gateway();
    const first = await get();
    const second = await get();
    expect(second.body).toEqual(first.body);
    for (const header of ['content-type', 'content-length', 'ratelimit-policy'])
      expect(second.headers.get(header), header).toBe(first.headers.get(header));
    expect(sites()).toBe(1);
    // the rate limit still counts every request
    expect(first.headers.get('ratelimit')).not.toBe(second.headers.get('ratelimit'));
  });

  it('shows a change as soon as the catalog tells of it', async () => {
    const { get, change, sites } = await gateway();
    expect((await get()).body).toEqual({ counts: { live_listings: 1 } });
    await change();
    expect((await get()).body).toEqual({ counts: { live_listings: 2 } });
    expect(sites()).toBe(2);
  });

  it('asks the catalog every time for a caller with a credential, and refuses a bad one every time', async () => {
    const { app, get, sites } = await gateway();
    await get();
    const { authorization } = await accountWithKey(app, 'reader@example.com');
    expect((await get({ authorization })).status).toBe(200);
    expect((await get({ authorization })).status).toBe(200);
    expect(sites()).toBe(3);
    expect((await get({ authorization: 'Bearer not-a-key' })).status).toBe(401);
  });
});
