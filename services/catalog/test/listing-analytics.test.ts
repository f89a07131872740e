import { silentLogger } from '@listings/platform/logger';
import { openMemoryReadModelStore } from '@listings/platform/read-models';
import { openEmbeddedSearchIndex } from '@listings/platform/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_SEARCH_FIELDS } from '../src/main.ts';
import { openCatalogReadModel } from '../src/projections/catalog/read-model.ts';
import { addListing, type Reply, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

const WEEK = '2026-11-16';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

type Analytics = {
  range: string;
  from: string;
  to: string;
  launch_week: string | null;
  days: {
    day: string;
    views: number;
    clicks: number;
    votes: number;
    votes_counted: number;
    follows: number;
    reviews: number;
  }[];
  totals: Record<string, number>;
  rank: { hour: string; rank: number | null; of: number }[];
  referrers: { host: string; views: number }[];
};

/** get_listing_analytics over a simulated launch week: the analytics projection folded from the log */
describe('listing analytics (get_listing_analytics)', () => {
  let t: TestCatalog;
  let mine: { listing_id: number; slug: string };
  let rival: { listing_id: number; slug: string };
  const as =
    (account: string | null) =>
    async (query: object = {}, listingId = mine.listing_id) =>
      (await t.bus.request('catalog.get_listing_analytics', {
        operation_id: 'get_listing_analytics',
        principal: {
          account_id: account,
          scopes: account ? ['account:read'] : [],
          via: account ? 'api_key' : 'anonymous',
        },
        params: { listing_id: listingId },
        query,
      })) as Reply;
  const owner = as('owner-of-Mine');
  const at = (iso: string) => t.clock.set(iso);
  const vote = (slug: string, account: string) =>
    t.internal('cast_vote', { slug, account_id: account, email_confirmed: true });
  const view = (slug: string, visitor: string, referrer?: string) =>
    t.internal('record_views', {
      views: [
        {
          slug,
          visitor,
          network: `203.0.113.${visitor.length}/24`,
          user_agent: BROWSER,
          ...(referrer ? { referrer } : {}),
        },
      ],
    });

  beforeAll(async () => {
    t = await startTestCatalog({ now: '2026-11-16T00:30:00.000Z' });
    await seedCategories(t);
    mine = await addListing(t, 'Mine', { url: 'https://mine.example' }, { week: WEEK });
    rival = await addListing(t, 'Rival', { url: 'https://rival.example' }, { week: WEEK });
    // Monday: the rival leads with two votes; Mine is viewed from a newsletter and directly
    at('2026-11-16T09:10:00.000Z');
    await vote(rival.slug, 'voter-1');
    await vote(rival.slug, 'voter-2');
    await view(mine.slug, 'cookie:reader-1', 'news.example.org');
    await view(mine.slug, 'cookie:reader-22', 'news.example.org');
    await view(mine.slug, 'cookie:reader-333', 'direct');
    await view(mine.slug, 'cookie:reader-333', 'direct'); // the same visitor that day: not counted
    // Tuesday: three votes, a follow, a click (and the same visitor's second click), a bot's click
    at('2026-11-17T14:30:00.000Z');
    for (const voter of ['voter-1', 'voter-2', 'voter-3']) await vote(mine.slug, voter);
    await t.internal('follow_listing', { slug: mine.slug, account_id: 'fan-1' });
    await t.internal('record_outbound_click', { slug: mine.slug, visitor: 'cookie:reader-1', user_agent: BROWSER });
    await t.internal('record_outbound_click', { slug: mine.slug, visitor: 'cookie:reader-1', user_agent: BROWSER });
    await t.internal('record_outbound_click', { slug: mine.slug, visitor: 'cookie:bot', user_agent: 'Googlebot/2.1' });
    // Wednesday: a vote withdrawn, a review
    at('2026-11-18T08:00:00.000Z');
    await t.internal('withdraw_vote', { slug: mine.slug, account_id: 'voter-3' });
    await t.internal('submit_review', {
      slug: mine.slug,
      account_id: 'fan-1',
      rating: 5,
      body: 'Great',
      email_confirmed: true,
    });
    at('2026-11-18T12:00:00.000Z');
  });
  afterAll(() => t.stop());

  it('when the owner asks then each day of the launch week has its views, clicks, votes, follows and reviews', async () => {
    const r = await owner();
    expect(r.status).toBe(200);
    const a = r.body as Analytics;
    expect(a).toMatchObject({ range: 'launch_week', from: WEEK, to: '2026-11-22', launch_week: WEEK });
    expect(a.days.map((d) => d.day)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    const [monday, tuesday, wednesday] = a.days;
    expect(monday).toEqual({ day: WEEK, views: 3, clicks: 0, votes: 0, votes_counted: 0, follows: 0, reviews: 0 });
    expect(tuesday).toEqual({
      day: '2026-11-17',
      views: 0,
      clicks: 1,
      votes: 3,
      votes_counted: 3,
      follows: 1,
      reviews: 0,
    });
    expect(wednesday).toEqual({
      day: '2026-11-18',
      views: 0,
      clicks: 0,
      votes: -1,
      votes_counted: -1,
      follows: 0,
      reviews: 1,
    });
    expect(a.totals).toEqual({ views: 3, clicks: 1, votes: 2, votes_counted: 2, follows: 1, reviews: 1 });
  });

  it('when the week runs then the rank is given per hour up to now: behind the rival on Monday, ahead after Tuesday’s votes', async () => {
    const { rank } = (await owner()).body as Analytics;
    // Monday 00:00 to Wednesday 12:00: 60 hours
    expect(rank).toHaveLength(60);
    expect(rank[0]).toEqual({ hour: '2026-11-16T00:00:00.000Z', rank: 1, of: 2 }); // no votes yet: ties by id
    expect(rank[9]).toEqual({ hour: '2026-11-16T09:00:00.000Z', rank: 2, of: 2 });
    expect(rank[24 + 14]).toEqual({ hour: '2026-11-17T14:00:00.000Z', rank: 1, of: 2 });
    // Wednesday 08:00: one vote withdrawn, 2 to 2, Mine (the lower id) stays first
    expect(rank[48 + 8]).toEqual({ hour: '2026-11-18T08:00:00.000Z', rank: 1, of: 2 });
  });

  it('when views came from other sites then the top referrers are their hosts, and direct', async () => {
    expect(((await owner()).body as Analytics).referrers).toEqual([
      { host: 'news.example.org', views: 2 },
      { host: 'direct', views: 1 },
    ]);
    const stored = (await t.catalog.events.readAll(0, 10_000)).filter((e) => e.type === 'ListingViewed');
    expect(stored.map((e) => (e.data as { referrer: string }).referrer).sort()).toEqual([
      'direct',
      'news.example.org',
      'news.example.org',
    ]);
  });

  it('when the range is 30 or 90 days then one entry per day up to today, the week’s counts among them', async () => {
    const thirty = (await owner({ range: '30_days' })).body as Analytics;
    expect(thirty).toMatchObject({ range: '30_days', from: '2026-10-20', to: '2026-11-18' });
    expect(thirty.days).toHaveLength(30);
    expect(thirty.totals).toEqual({ views: 3, clicks: 1, votes: 2, votes_counted: 2, follows: 1, reviews: 1 });
    expect(((await owner({ range: '90_days' })).body as Analytics).days).toHaveLength(90);
  });

  it('when the range is not one of the three then 400 naming it', async () => {
    const r = await owner({ range: 'year' });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.problem)).toContain('range');
  });

  it('when someone else, or nobody, asks then 404, as for a listing that does not exist', async () => {
    expect((await as('owner-of-Rival')()).status).toBe(404);
    expect((await as(null)()).status).toBe(404);
    expect((await owner({}, 999_999)).status).toBe(404);
    expect((await as('owner-of-Rival')({}, rival.listing_id)).status).toBe(200);
  });

  it('when the read model is rebuilt from the log then the analytics and the answer are the same', async () => {
    const live = t.catalog.readModel.view;
    const rebuilt = await openCatalogReadModel({
      events: t.catalog.events,
      store: openMemoryReadModelStore(),
      search: openEmbeddedSearchIndex({ path: ':memory:', fields: LISTING_SEARCH_FIELDS }),
      logger: silentLogger(),
    });
    try {
      await rebuilt.waitFor(live.position);
      expect(Object.fromEntries(rebuilt.view.analytics)).toEqual(Object.fromEntries(live.analytics));
      expect(rebuilt.view.analytics.get(String(mine.listing_id))?.days['2026-11-17']?.clicks).toBe(1);
    } finally {
      await rebuilt.close();
    }
  });
});
