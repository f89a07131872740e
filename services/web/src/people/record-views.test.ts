import { recordView } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInternalClient } from './bus-client.ts';
import { recordListingViews } from './routes.ts';

/** a listing page's views reach catalog once per visitor, listing and UTC day from this process */
describe('listing page views sent to catalog', () => {
  const bus = createInProcessBus();
  const clock = manualClock('2026-03-02T23:59:00Z');
  const sent: { slug: string; visitor: string }[] = [];
  let answer = 200;
  const app = Fastify();
  beforeAll(async () => {
    await bus.serve(recordView.subject, async (payload) => {
      sent.push(payload as { slug: string; visitor: string });
      return answer === 200
        ? { status: 200, body: { slug: 'x', counted: true, views: 1 } }
        : { status: answer, problem: { type: 'about:blank', title: 'Unavailable', status: answer } };
    });
    recordListingViews(app, createInternalClient(bus), clock);
    app.get('/listings/:slug', async () => 'the page');
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  const view = async (slug: string, userAgent = 'Browser/1') => {
    await app.inject({ method: 'GET', url: `/listings/${slug}`, headers: { 'user-agent': userAgent } });
    // the view is sent after the answer, without holding it up: wait for the bus to have it
    await new Promise((resolve) => setImmediate(resolve));
  };
  const sentFor = (slug: string) => sent.filter((s) => s.slug === slug).length;

  it('when one visitor opens a listing again the same day then catalog is asked once; another visitor or listing is asked again', async () => {
    await view('alpha');
    await view('alpha');
    await view('alpha');
    expect(sentFor('alpha')).toBe(1);
    await view('alpha', 'OtherBrowser/2');
    await view('beta');
    expect(sentFor('alpha')).toBe(2);
    expect(sentFor('beta')).toBe(1);
  });

  it('when the UTC day changes then the same visitor’s view is sent again', async () => {
    clock.advance(120_000);
    await view('alpha');
    expect(sentFor('alpha')).toBe(3);
  });

  it('when catalog did not count a view then the next view asks again', async () => {
    answer = 503;
    await view('gamma');
    answer = 200;
    await view('gamma');
    await view('gamma');
    expect(sentFor('gamma')).toBe(2);
  });
});
