import fastifyCookie from '@fastify/cookie';
import { type PageView, recordViews, VIEWERS_PER_NETWORK_PER_DAY, VIEWS_BATCH_MAX } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import { createInternalClient } from '@listings/platform/internal-client';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordListingViews } from './record-views.ts';

/**
 * a listing page's views reach catalog once per visitor, listing and UTC day from this process,
 * the views of a moment in one request
 */
describe('listing page views sent to catalog', () => {
  const bus = createInProcessBus();
  const clock = manualClock('2026-03-02T23:59:00Z');
  /** the requests catalog got, each its views */
  const requests: PageView[][] = [];
  let answer = 200;
  /** catalog answers that it counted none of the views */
  let uncounted = false;
  const app = Fastify();
  // a flush interval no test reaches: every test sends by flush(), a full batch or the close; the
  // signed-in account is the stand-in header `x-account`
  const views = recordListingViews(app, createInternalClient(bus), clock, {
    flushMs: 3_600_000,
    accountOf: async (request) => (request.headers['x-account'] as string | undefined) ?? null,
  });
  beforeAll(async () => {
    await app.register(fastifyCookie);
    await bus.serve(recordViews.subject, async (payload) => {
      const batch = (payload as { views: PageView[] }).views;
      requests.push(batch);
      return answer === 200
        ? { status: 200, body: { items: batch.map((v) => ({ slug: v.slug, counted: !uncounted, views: 1 })) } }
        : { status: answer, problem: { type: 'about:blank', title: 'Unavailable', status: answer } };
    });
    app.get('/listings/:slug', async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=60').send('page'),
    );
    await app.ready();
  });
  beforeEach(() => {
    requests.length = 0;
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  /** each named visitor's cookie, as a browser keeps it (set by the first page) */
  const jar = new Map<string, string>();
  beforeEach(() => jar.clear());
  const view = async (
    slug: string,
    userAgent = 'Browser/1',
    options: { visitor?: string; ip?: string; account?: string; referer?: string } = {},
  ) => {
    const name = options.visitor ?? 'someone';
    const cookie = jar.get(name);
    const response = await app.inject({
      method: 'GET',
      url: `/listings/${slug}`,
      remoteAddress: options.ip ?? '198.51.100.10',
      headers: {
        'user-agent': userAgent,
        ...(cookie ? { cookie: `ld_visitor=${cookie}` } : {}),
        ...(options.account ? { 'x-account': options.account } : {}),
        ...(options.referer !== undefined ? { referer: options.referer } : {}),
      },
    });
    const set = response.cookies.find((c) => c.name === 'ld_visitor');
    if (set) jar.set(name, set.value);
    return response;
  };
  const sentFor = (slug: string) => requests.flat().filter((v) => v.slug === slug).length;

  it('when one visitor opens a listing again the same day then catalog is asked once; another visitor or listing is asked again', async () => {
    await view('alpha');
    await view('alpha');
    await view('alpha');
    await views.flush();
    expect(sentFor('alpha')).toBe(1);
    await view('alpha', 'OtherBrowser/2', { visitor: 'another' });
    await view('beta');
    await views.flush();
    expect(sentFor('alpha')).toBe(2);
    expect(sentFor('beta')).toBe(1);
  });

  it('when a view comes from another site then only its host goes to catalog; none, or one not http(s), is direct', async () => {
    await view('from-news', 'Browser/1', {
      visitor: 'reader',
      referer: 'https://News.Example.org/story/42?utm_source=mail&email=someone@example.com#top',
    });
    await view('from-news', 'Browser/1', { visitor: 'typed' });
    await view('from-news', 'Browser/1', { visitor: 'app', referer: 'android-app://com.example.reader/' });
    await view('from-news', 'Browser/1', { visitor: 'garbled', referer: 'not a url' });
    await views.flush();
    const sent = requests.flat().filter((v) => v.slug === 'from-news');
    expect(sent.map((v) => v.referrer)).toEqual(['news.example.org', 'direct', 'direct', 'direct']);
    expect(JSON.stringify(sent)).not.toMatch(/story|utm_source|someone@/);
  });

  it('when the UTC day changes then the same visitor’s view is sent again', async () => {
    await view('day');
    await views.flush();
    clock.advance(120_000);
    await view('day');
    await views.flush();
    expect(sentFor('day')).toBe(2);
  });

  it('when catalog did not count the views then the next view of each asks again', async () => {
    answer = 503;
    await view('gamma');
    await view('delta');
    await views.flush();
    answer = 200;
    await view('gamma');
    await view('delta');
    await view('gamma');
    await views.flush();
    expect(sentFor('gamma')).toBe(2);
    expect(sentFor('delta')).toBe(2);
  });

  it('when views come before the flush then they go in one request, with each one’s user agent', async () => {
    await view('one', 'A/1');
    await view('two', 'B/2');
    await view('three', 'C/3');
    expect(requests).toEqual([]);
    await views.flush();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.map((v) => [v.slug, v.user_agent])).toEqual([
      ['one', 'A/1'],
      ['two', 'B/2'],
      ['three', 'C/3'],
    ]);
  });

  it('when a full batch is waiting then it goes at once, without waiting for the flush', async () => {
    for (let i = 0; i < VIEWS_BATCH_MAX + 1; i++) await view(`full-${i}`);
    // the bus hands the request over asynchronously
    await new Promise((resolve) => setImmediate(resolve));
    expect(requests.map((r) => r.length)).toEqual([VIEWS_BATCH_MAX]);
    await views.flush();
    expect(requests.map((r) => r.length)).toEqual([VIEWS_BATCH_MAX, 1]);
  });

  it('when someone without a cookie opens a listing then the answer sets a random visitor cookie and is private; with it, no new cookie', async () => {
    const first = await view('cookie-page');
    const set = first.cookies.find((c) => c.name === 'ld_visitor');
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(set?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.headers['cache-control']).toBe('private, max-age=60');
    const again = await view('cookie-page');
    expect(again.cookies).toEqual([]);
    expect(again.headers['cache-control']).toBe('public, max-age=60');
    await views.flush();
    const sent = requests.flat().filter((v) => v.slug === 'cookie-page');
    expect(sent).toEqual([
      {
        slug: 'cookie-page',
        visitor: `cookie:${set?.value}`,
        network: '198.51.100.0/24',
        user_agent: 'Browser/1',
        referrer: 'direct',
      },
    ]);
  });

  it('when one address sends 8 user agents without cookies then they are visitors of one network, and only its allowance of them is sent', async () => {
    for (let i = 0; i < 8; i++) await view('burst', `Browser/${i}`, { visitor: `nocookie-${i}`, ip: '203.0.113.9' });
    await views.flush();
    const sent = requests.flat().filter((v) => v.slug === 'burst');
    expect(sent).toHaveLength(VIEWERS_PER_NETWORK_PER_DAY);
    expect(new Set(sent.map((v) => v.network))).toEqual(new Set(['203.0.113.0/24']));
    expect(new Set(sent.map((v) => v.visitor)).size).toBe(VIEWERS_PER_NETWORK_PER_DAY);
  });

  it('when catalog did not count a network’s views (bots, say) then they do not use its allowance', async () => {
    for (let i = 0; i < VIEWERS_PER_NETWORK_PER_DAY; i++)
      await view('bots', 'Googlebot/2.1', { visitor: `bot-${i}`, ip: '203.0.113.50' });
    uncounted = true;
    await views.flush();
    uncounted = false;
    await view('bots', 'Browser/1', { visitor: 'person', ip: '203.0.113.51' });
    await views.flush();
    expect(sentFor('bots')).toBe(VIEWERS_PER_NETWORK_PER_DAY + 1);
  });

  it('when catalog counted a network’s allowance for a listing today then more visitors from it are not sent; another network or listing still is', async () => {
    for (let i = 0; i < VIEWERS_PER_NETWORK_PER_DAY; i++)
      await view('crowded', 'Browser/1', { visitor: `crowd-${i}`, ip: '192.0.2.1' });
    await views.flush();
    expect(sentFor('crowded')).toBe(VIEWERS_PER_NETWORK_PER_DAY);
    await view('crowded', 'Browser/1', { visitor: 'crowd-late', ip: '192.0.2.200' });
    await view('crowded', 'Browser/1', { visitor: 'elsewhere', ip: '192.0.3.1' });
    await view('roomy', 'Browser/1', { visitor: 'crowd-late', ip: '192.0.2.200' });
    await views.flush();
    expect(sentFor('crowded')).toBe(VIEWERS_PER_NETWORK_PER_DAY + 1);
    expect(sentFor('roomy')).toBe(1);
  });

  it('when the same cookie comes with other user agents and from another address then it is one visitor', async () => {
    await view('same-cookie', 'Phone/1');
    await view('same-cookie', 'Laptop/2', { ip: '198.51.100.77' });
    await view('same-cookie', 'Tablet/3');
    await views.flush();
    expect(sentFor('same-cookie')).toBe(1);
  });

  it('when a signed-in person views with different cookies and user agents then they are their account, once, and no visitor cookie is set', async () => {
    for (const [i, device] of ['Phone/1', 'Laptop/2', 'Tablet/3'].entries()) {
      const response = await view('signed-in', device, { visitor: `device-${i}`, account: 'acct-42' });
      expect(response.cookies).toEqual([]);
    }
    await views.flush();
    expect(requests.flat().filter((v) => v.slug === 'signed-in')).toEqual([
      {
        slug: 'signed-in',
        visitor: 'account:acct-42',
        network: '198.51.100.0/24',
        user_agent: 'Phone/1',
        referrer: 'direct',
      },
    ]);
  });

  it('when the address is IPv6 or IPv4-mapped then the network is its /64 or its IPv4 /24', async () => {
    await view('v6', 'Browser/1', { visitor: 'v6-a', ip: '2001:db8:1:2:aaaa::1' });
    await view('v6', 'Browser/1', { visitor: 'v6-b', ip: '::ffff:192.0.2.77' });
    await views.flush();
    expect(
      requests
        .flat()
        .filter((v) => v.slug === 'v6')
        .map((v) => v.network),
    ).toEqual(['2001:db8:1:2::/64', '192.0.2.0/24']);
  });

  it('when the app closes then the views waiting are sent first', async () => {
    const closing = Fastify();
    await closing.register(fastifyCookie);
    const recorder = recordListingViews(closing, createInternalClient(bus), clock, { flushMs: 3_600_000 });
    closing.get('/listings/:slug', async () => 'the page');
    await closing.inject({ method: 'GET', url: '/listings/last', headers: { 'user-agent': 'Browser/1' } });
    expect(sentFor('last')).toBe(0);
    await closing.close();
    expect(sentFor('last')).toBe(1);
    await recorder.flush();
  });
  it('when PUBLIC_URL is https then the visitor cookie is __Host-ld_visitor, Secure, and read back under that name only', async () => {
    const secure = Fastify();
    await secure.register(fastifyCookie);
    const recorder = recordListingViews(secure, createInternalClient(bus), clock, {
      flushMs: 3_600_000,
      publicUrl: 'https://listings.example',
    });
    secure.get('/listings/:slug', async () => 'the page');
    const first = await secure.inject({ method: 'GET', url: '/listings/tls', headers: { 'user-agent': 'Browser/1' } });
    const set = first.cookies.find((c) => c.name === '__Host-ld_visitor');
    expect(set).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(first.cookies.some((c) => c.name === 'ld_visitor')).toBe(false);
    // the prefixed cookie is the visitor: no new cookie; a plain-named one is not taken
    const again = await secure.inject({
      method: 'GET',
      url: '/listings/tls',
      headers: { 'user-agent': 'Browser/1', cookie: `__Host-ld_visitor=${set?.value}` },
    });
    expect(again.cookies).toEqual([]);
    const plain = await secure.inject({
      method: 'GET',
      url: '/listings/tls',
      headers: { 'user-agent': 'Browser/1', cookie: `ld_visitor=${set?.value}` },
    });
    expect(plain.cookies.map((c) => c.name)).toEqual(['__Host-ld_visitor']);
    await recorder.flush();
    await secure.close();
  });
});
