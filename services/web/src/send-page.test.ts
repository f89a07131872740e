import { describe, expect, it } from 'vitest';
import { createPageCache, type RenderedPage } from './send-page.ts';

const page = (body: string, etag: string | null = '"e"'): RenderedPage => ({ body, status: 200, etag });

describe('the page cache', () => {
  const clock = { now: 0 };
  const cache = createPageCache({ ttlMs: 2_000, maxEntries: 2, maxBytes: 10, now: () => clock.now });

  it('when an anonymous page is asked for again within two seconds then the same rendering is given, and none after', () => {
    clock.now = 0;
    cache.set('/a', page('one'));
    clock.now = 1_999;
    expect(cache.get('/a')?.body).toBe('one');
    clock.now = 2_000;
    expect(cache.get('/a')).toBeNull();
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
    expect(cache.get('/3')?.body).toBe('3');
  });
});
