import { describe, expect, it } from 'vitest';
import { createPageCache, type RenderedPage } from './send-page.ts';

const page = (body: string, etag: string | null = '"e"'): RenderedPage => ({ body, status: 200, etag });

describe('the page cache', () => {
  const clock = { now: 0 };
  const cache = createPageCache({ ttlMs: 2_000, maxEntries: 2, maxBytes: 10, now: () => clock.now });
  const revalidating = createPageCache({
    ttlMs: 2_000,
    staleMs: 60_000,
    maxEntries: 2,
    maxBytes: 10,
    now: () => clock.now,
  });

  it('when an anonymous page is asked for again within two seconds then the same rendering is given, and none after', () => {
    clock.now = 0;
    cache.set('/a', page('one'));
    clock.now = 1_999;
    expect(cache.get('/a')).toEqual({ page: page('one'), stale: false });
    clock.now = 2_000;
    expect(cache.get('/a')).toBeNull();
  });

  it('when a page is past its two seconds but within its stale time then it is given as stale, and none after', () => {
    clock.now = 0;
    revalidating.set('/a', page('one'));
    clock.now = 1_999;
    expect(revalidating.get('/a')?.stale).toBe(false);
    clock.now = 2_000;
    expect(revalidating.get('/a')).toEqual({ page: page('one'), stale: true });
    // rendered again: fresh for two more seconds
    revalidating.set('/a', page('two'));
    expect(revalidating.get('/a')).toEqual({ page: page('two'), stale: false });
    clock.now = 2_000 + 2_000 + 60_000;
    expect(revalidating.get('/a')).toBeNull();
  });

  it('when a page is private (no ETag) or too large then it is not kept', () => {
    clock.now = 0;
    cache.set('/private', page('mine', null));
    cache.set('/large', page('x'.repeat(11)));
    expect(cache.get('/private')).toBeNull();
    expect(cache.get('/large')).toBeNull();
  });

  it('when more pages than it holds are kept then the oldest goes first', () => {
    clock.now = 0;
    cache.set('/1', page('1'));
    cache.set('/2', page('2'));
    cache.set('/3', page('3'));
    expect(cache.get('/1')).toBeNull();
    expect(cache.get('/3')?.page.body).toBe('3');
  });
});
