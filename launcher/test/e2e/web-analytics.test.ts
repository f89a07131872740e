import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { startCatalog } from '@listings/catalog';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClockWithTimers } from '@listings/platform/clock';
import { silentLogger } from '@listings/platform/logger';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, serveSessions, startWebApp } from '../../../services/web/test/support/stand-in-people.ts';
import { CHROMIUM, chromiumAvailable, launchChromium, offlineContext } from './web-support.ts';

const available = chromiumAvailable;
if (!available)
  console.warn(`skipping the analytics browser test: ${CHROMIUM} is not installed (Debian package "chromium")`);

/** where the screenshot goes (docs/screenshots with SCREENSHOT_DIR=docs/screenshots) */
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'listings-web-screenshots');
const WEEK = '2026-11-16';
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const REFERRERS = ['news.ycombinator.com', 'www.reddit.com', 'twitter.com', 'direct', 'newsletter.example.org'];

/**
 * The owner's analytics page over the real catalog (its manual clock runs a whole launch week of
 * views, clicks, votes, follows and reviews) and the real web edge, with identity's sessions as a
 * stand-in (Alice owns the listing): the page in Chromium, axe-clean, with its screenshot; the
 * outbound link and the CSV at the form level.
 */
describe('/me/listings/{id}/analytics after a simulated launch week', () => {
  const bus = createInProcessBus();
  const clock = manualClockWithTimers('2026-11-16T00:05:00.000Z');
  const dir = mkdtempSync(join(tmpdir(), 'analytics-e2e-'));
  let catalog: Awaited<ReturnType<typeof startCatalog>>;
  let web: Awaited<ReturnType<typeof startWebApp>>;
  let base: string;
  let listing: { listing_id: number; slug: string };
  const internal = (name: string, request: object) =>
    bus.request(`catalog.internal.${name}`, request) as Promise<{ status: number; body: Record<string, unknown> }>;
  const save = async (name: string, owner: string, url: string) => {
    const saved = await internal('save_listing_from_draft', {
      listing_id: null,
      draft_id: randomUUID(),
      owner_account_ids: [owner],
      profile: { url, name, tagline: `${name}: a tool for small teams`, categories: [] },
    });
    const id = saved.body.listing_id as number;
    await catalog.commands.publishListing(id, WEEK, 'paid');
    return { listing_id: id, slug: saved.body.slug as string };
  };

  /** a week of people: views from several sites, clicks, votes for the listing and its rivals, follows, reviews */
  const simulateWeek = async (rivals: string[]) => {
    let n = 0;
    for (let day = 0; day < 7; day++) {
      for (let hour = 8; hour < 22; hour += 3) {
        clock.set(new Date(Date.parse(`${WEEK}T00:00:00.000Z`) + day * 86_400_000 + hour * 3_600_000).toISOString());
        const visitors = 2 + ((day * 5 + hour) % 4);
        await internal('record_views', {
          views: Array.from({ length: visitors }, (_, i) => ({
            slug: listing.slug,
            visitor: `cookie:v${day}-${hour}-${i}`,
            network: `198.51.${day}.${hour}/24`,
            user_agent: BROWSER_UA,
            referrer: REFERRERS[(i + day) % REFERRERS.length],
          })),
        });
        if ((day + hour) % 2 === 0)
          await internal('record_outbound_click', {
            slug: listing.slug,
            visitor: `cookie:v${day}-${hour}-0`,
            user_agent: BROWSER_UA,
          });
        // a slow start behind the first rival, then a climb
        for (let v = 0; v < (day < 1 ? 0 : day < 3 ? 3 : 1); v++)
          await internal('cast_vote', { slug: listing.slug, account_id: `voter-${n++}`, email_confirmed: true });
        for (let v = 0; v < (day < 2 ? 2 : 1); v++)
          await internal('cast_vote', {
            slug: rivals[day < 2 ? 0 : (day + hour) % rivals.length] as string,
            account_id: `voter-${n++}`,
            email_confirmed: true,
          });
        if (hour === 11) await internal('follow_listing', { slug: listing.slug, account_id: `fan-${day}` });
      }
      if (day % 2 === 1)
        await internal('submit_review', {
          slug: listing.slug,
          account_id: `fan-${day}`,
          rating: 4 + (day % 2),
          body: 'Saved our team hours.',
          email_confirmed: true,
        });
    }
    // the Tuesday after the week
    clock.set('2026-11-24T10:00:00.000Z');
  };

  beforeAll(async () => {
    catalog = await startCatalog({
      bus,
      clock,
      timers: clock.timers,
      config: { dataDir: dir, publicUrl: 'http://localhost:3000', demoData: false, typesense: null, mongo: null },
      logger: silentLogger(),
      safeFetch: async (url: string | URL) => {
        throw new Error(`this test fetches nothing (${url})`);
      },
    } as Parameters<typeof startCatalog>[0]);
    await serveSessions(bus);
    listing = await save('Acme Analytics', ALICE.account, 'https://acme-analytics.example/?from=directory');
    const rivals = [];
    for (const name of ['Beta Boards', 'Gamma Grid', 'Delta Docs'])
      rivals.push((await save(name, `owner-${name}`, `https://${name.split(' ')[0]?.toLowerCase()}.example`)).slug);
    await simulateWeek(rivals);
    web = await startWebApp(bus);
    base = await web.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await web?.close();
    await catalog?.stop();
    await bus.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, {
      redirect: 'manual',
      headers: { 'user-agent': BROWSER_UA, ...headers },
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const asAlice = { cookie: `ld_session=${ALICE.token}` };

  it("when the listing's Visit link is followed then it leads to the listing's own URL with the ref, once counted per visitor", async () => {
    const page = await get(`/listings/${listing.slug}`);
    expect(page.text).toContain(`href="/go/${listing.slug}"`);
    // the owner chose a ref for the link (update_my_listing, as the edit form sends it)
    const edited = (await bus.request('catalog.update_my_listing', {
      operation_id: 'update_my_listing',
      principal: { account_id: ALICE.account, scopes: ['listings:write'], via: 'session' },
      params: { listing_id: listing.listing_id },
      query: {},
      body: { fields: { outbound_ref: 'launch-week' } },
    })) as { status: number };
    expect(edited.status).toBe(200);
    const first = await get(`/go/${listing.slug}?ref=not-the-owners`, { cookie: `ld_visitor=${'k'.repeat(22)}` });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('https://acme-analytics.example/?from=directory&ref=launch-week');
    const before = await get(`/me/listings/${listing.listing_id}/analytics.csv?range=30_days`, asAlice);
    await get(`/go/${listing.slug}`, { cookie: `ld_visitor=${'k'.repeat(22)}` });
    await get(`/go/${listing.slug}`, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    const after = await get(`/me/listings/${listing.listing_id}/analytics.csv?range=30_days`, asAlice);
    // the clicks column (the listing page's own view lands in its own time)
    const clicks = (csv: string) =>
      csv
        .trimEnd()
        .split('\n')
        .map((row) => row.split(',')[2]);
    expect(clicks(after.text)).toEqual(clicks(before.text));
    expect(clicks(after.text).at(-1)).toBe('1');
  });

  it('when someone else opens the analytics then the 404 page; a bad range is a 400 naming range', async () => {
    expect(
      (await get(`/me/listings/${listing.listing_id}/analytics`, { cookie: `ld_session=${'b'.repeat(43)}` })).status,
    ).toBe(404);
    const bad = await get(`/me/listings/${listing.listing_id}/analytics?range=forever`, asAlice);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('range');
  });

  it('when the owner downloads the CSV then it holds one row per day of the launch week with every count', async () => {
    const csv = await get(`/me/listings/${listing.listing_id}/analytics.csv?range=launch_week`, asAlice);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = csv.text.trimEnd().split('\n');
    expect(header).toBe('day,views,clicks,votes,votes_counted,follows,reviews');
    expect(rows.map((row) => row.split(',')[0])).toEqual(
      ['16', '17', '18', '19', '20', '21', '22'].map((d) => `2026-11-${d}`),
    );
    expect(rows.every((row) => Number(row.split(',')[1]) > 0)).toBe(true);
  });

  it.runIf(available)(
    'when the owner opens the page in Chromium then the charts, tables and referrers show, axe-clean',
    async () => {
      const browser: Browser = await launchChromium();
      try {
        const context = await offlineContext(browser, { viewport: { width: 1280, height: 900 } });
        await context.addCookies([{ name: 'ld_session', value: ALICE.token, url: base }]);
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('console', (m) => {
          if (m.type() === 'error') problems.push(m.text());
        });
        const response = await page.goto(`${base}/me/listings/${listing.listing_id}/analytics`);
        expect(response?.status()).toBe(200);
        await expect(page.locator('h1').textContent()).resolves.toBe('Analytics of Acme Analytics');
        for (const id of ['rank-chart', 'views-chart', 'clicks-chart', 'votes-chart', 'follows-chart', 'reviews-chart'])
          expect(await page.locator(`svg#${id}`).count(), id).toBe(1);
        expect(await page.locator('#rank-chart path').getAttribute('d')).toMatch(/^M/);
        expect(await page.locator('table caption').allTextContents()).toContain('Page views: the numbers');
        expect(await page.getByRole('row', { name: /news\.ycombinator\.com/ }).count()).toBe(1);
        expect(await page.getByRole('link', { name: /webhooks/ }).getAttribute('href')).toBe(
          `/me/listings/${listing.listing_id}/webhooks`,
        );
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
          [],
        );
        expect(problems).toEqual([]);
        mkdirSync(SCREENSHOTS, { recursive: true });
        await page.screenshot({ path: `${SCREENSHOTS}/analytics.png`, fullPage: true });
        await page.click('nav[aria-label="Range"] >> text=Last 30 days');
        await expect(page.locator('#views-chart rect').count()).resolves.toBe(30);
      } finally {
        await browser.close();
      }
    },
    120_000,
  );
});
