import { type PageView, recordViews, VIEWS_BATCH_MAX } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createInternalClient } from './bus-client.ts';
import { recordListingViews } from './routes.ts';

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
  const app = Fastify();
  // a flush interval no test reaches: every test sends by flush(), a full batch or the close
  const views = recordListingViews(app, createInternalClient(bus), clock, { flushMs: 3_600_000 });
  beforeAll(async () => {
    await bus.serve(recordViews.subject, async (payload) => {
      const batch = (payload as { views: PageView[] }).views;
      requests.push(batch);
      return answer === 200
        ? { status: 200, body: { items: batch.map((v) => ({ slug: v.slug, counted: true, views: 1 })) } }
        : { status: answer, problem: { type: 'about:blank', title: 'Unavailable', status: answer } };
    });
    app.get('/listings/:slug', async () => 'the page');
    await app.ready();
  });
  beforeEach(() => {
    requests.length = 0;
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  const view = async (slug: string, userAgent = 'Browser/1') => {
    await app.inject({ method: 'GET', url: `/listings/${slug}`, headers: { 'user-agent': userAgent } });
  };
  const sentFor = (slug: string) => requests.flat().filter((v) => v.slug === slug).length;

  it('when one visitor opens a listing again the same day then catalog is asked once; another visitor or listing is asked again', async () => {
    await view('alpha');
    await view('alpha');
    await view('alpha');
    await views.flush();
    expect(sentFor('alpha')).toBe(1);
    await view('alpha', 'OtherBrowser/2');
    await view('beta');
    await views.flush();
    expect(sentFor('alpha')).toBe(2);
    expect(sentFor('beta')).toBe(1);
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

  it('when the app closes then the views waiting are sent first', async () => {
    const closing = Fastify();
    const recorder = recordListingViews(closing, createInternalClient(bus), clock, { flushMs: 3_600_000 });
    closing.get('/listings/:slug', async () => 'the page');
    await closing.inject({ method: 'GET', url: '/listings/last', headers: { 'user-agent': 'Browser/1' } });
    expect(sentFor('last')).toBe(0);
    await closing.close();
    expect(sentFor('last')).toBe(1);
    await recorder.flush();
  });
});
