import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bodyOf, createPageCache, NONCE_PLACEHOLDER, pageOf } from './send-page.ts';

const page = (body: string, anonymous = true) => pageOf(body, 200, anonymous);

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
    cache.set('/private', page('mine', false));
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
    expect(bodyOf(cache.get('/3')?.page ?? page(''), 'n').toString()).toBe('3');
  });
});

describe('a rendered page', () => {
  it('is its UTF-8 bytes, sent with the request’s nonce in every place of the placeholder', () => {
    const rendered = pageOf(`<p nonce="${NONCE_PLACEHOLDER}">“é”</p><s nonce="${NONCE_PLACEHOLDER}"></s>`, 200, false);
    expect(rendered.size).toBe(Buffer.byteLength('<p nonce="">“é”</p><s nonce=""></s>'));
    expect(bodyOf(rendered, 'abc').toString('utf8')).toBe('<p nonce="abc">“é”</p><s nonce="abc"></s>');
    expect(bodyOf(rendered, 'xyz').toString('utf8')).toBe('<p nonce="xyz">“é”</p><s nonce="xyz"></s>');
    expect(bodyOf(pageOf('<p>no nonce</p>', 200, false), 'abc').toString('utf8')).toBe('<p>no nonce</p>');
  });

  it('has, when anonymous, the SHA-1 of its text (placeholders included) as its ETag: the same text, the same tag', () => {
    const text = `<p nonce="${NONCE_PLACEHOLDER}">“é”</p>`;
    const expected = `"${createHash('sha1').update(text).digest('base64url')}"`;
    expect(pageOf(text, 200, true).etag).toBe(expected);
    expect(pageOf(text, 200, true).etag).toBe(expected);
    expect(pageOf(`${text} `, 200, true).etag).not.toBe(expected);
    expect(pageOf(text, 200, false).etag).toBeNull();
  });
});
