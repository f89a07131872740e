import { type Operation, operationById, operations, readModelChanged } from '@listings/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/in-process-bus.ts';
import { createLogger } from '../logger.ts';
import type { StoredResponse } from './idempotency.ts';
import { createReadCache } from './read-cache.ts';

/**
 * An edge's read cache (read-cache.ts): an anonymous public read is answered from
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
  const cache = createReadCache<StoredResponse>({
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
    // a catalog read that needs a credential, and a write, are never kept
    expect(cache.keeps(op('list_my_listings'))).toBe(false);
    expect(cache.keeps(aCatalogWrite)).toBe(false);
    const off = await setUp(0);
    expect(off.cache.keeps(siteInfo)).toBe(false);
    await off.ask();
    await off.ask();
    expect(off.calls()).toBe(2);
  });
});
