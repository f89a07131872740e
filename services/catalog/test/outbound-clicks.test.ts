import { OUTBOUND_REF_MAX_LENGTH } from '@listings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addListing, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

const NOW = '2026-11-18T12:00:00.000Z';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** `record_outbound_click`, as the web edge's /go/{slug} asks it */
describe('outbound clicks (catalog.internal.record_outbound_click)', () => {
  let t: TestCatalog;
  let slug: string;
  let listingId: number;
  const click = (visitor: string, user_agent: string | null = BROWSER, on = slug) =>
    t.internal('record_outbound_click', { slug: on, visitor, user_agent });
  const clickStreams = async () => {
    const all = await t.catalog.events.readAll(0, 10_000);
    return all.filter((e) => e.type === 'OutboundClicked').map((e) => e.stream);
  };

  beforeAll(async () => {
    t = await startTestCatalog({ now: NOW });
    await seedCategories(t);
    const listing = await addListing(
      t,
      'Clickable',
      { url: 'https://clickable.example/start?lang=en' },
      { week: '2026-11-16' },
    );
    slug = listing.slug;
    listingId = listing.listing_id;
  });
  afterAll(() => t.stop());

  it("when a visitor clicks then the answer is the listing's own URL and the click counts; again that day it does not", async () => {
    expect((await click('cookie:first-visitor')).body).toEqual({
      url: 'https://clickable.example/start?lang=en',
      counted: true,
    });
    expect((await click('cookie:first-visitor')).body).toEqual({
      url: 'https://clickable.example/start?lang=en',
      counted: false,
    });
    expect((await click('cookie:second-visitor')).body).toMatchObject({ counted: true });
  });

  it('when the same visitor clicks the next UTC day then it counts again', async () => {
    await click('cookie:day-visitor');
    t.clock.set('2026-11-19T00:00:01.000Z');
    expect((await click('cookie:day-visitor')).body).toMatchObject({ counted: true });
    t.clock.set(NOW);
  });

  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['a link preview', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
    ['curl', 'curl/8.5.0'],
    ['no user agent', null],
  ])('when %s follows the link then it is sent on but not counted', async (_name, userAgent) => {
    expect((await click(`cookie:bot-${_name}`, userAgent)).body).toMatchObject({ counted: false });
  });

  it("when the visitor is a client's address then the stream names only a keyed hash of it", async () => {
    await click(`client:198.51.100.23 ${BROWSER}`);
    const streams = await clickStreams();
    expect(streams.length).toBeGreaterThan(0);
    for (const stream of streams) {
      expect(stream).toMatch(/^clicks-\d+_\d{4}-\d{2}-\d{2}_[A-Za-z0-9_-]{22}$/);
      expect(stream).not.toContain('198.51.100');
      expect(stream).not.toContain('visitor');
    }
  });

  it('when the owner chose a ref for the Visit link then the URL carries it; a malformed one is 400 naming the field; empty removes it', async () => {
    const owner = async (fields: object) =>
      (await t.bus.request('catalog.update_my_listing', {
        operation_id: 'update_my_listing',
        principal: { account_id: 'owner-of-Clickable', scopes: ['listings:write'], via: 'api_key' },
        params: { listing_id: listingId },
        query: {},
        body: { fields },
      })) as { status: number; body: { outbound_ref: string | null }; problem?: unknown };
    const set = await owner({ outbound_ref: 'directory-launch' });
    expect(set.status).toBe(200);
    expect(set.body.outbound_ref).toBe('directory-launch');
    expect((await click('cookie:ref-visitor')).body).toMatchObject({
      url: 'https://clickable.example/start?lang=en&ref=directory-launch',
    });
    for (const bad of ['a'.repeat(OUTBOUND_REF_MAX_LENGTH + 1), 'two words', 'https://evil.example/']) {
      const refused = await owner({ outbound_ref: bad });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.problem)).toContain('body.fields.outbound_ref');
    }
    expect((await owner({ outbound_ref: '' })).body.outbound_ref).toBeNull();
    expect((await click('cookie:ref-visitor')).body).toMatchObject({ url: 'https://clickable.example/start?lang=en' });
  });

  it('when the slug is unknown or the listing is not public then 404', async () => {
    expect((await click('cookie:x', BROWSER, 'no-such-listing')).status).toBe(404);
    const draft = await addListing(t, 'Unpublished', { url: 'https://unpublished.example' }, false);
    expect((await click('cookie:x', BROWSER, draft.slug)).status).toBe(404);
  });
});
