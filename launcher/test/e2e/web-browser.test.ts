import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';
import { CHROMIUM, chromiumAvailable, launchChromium } from './web-support.ts';

const available = chromiumAvailable;
if (!available)
  console.warn(`skipping the site's browser tests: ${CHROMIUM} is not installed (Debian package "chromium")`);

/** where the screenshots go (docs/screenshots holds the ones taken with SCREENSHOT_DIR=docs/screenshots) */
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'listings-web-screenshots');

/** a stand-in for the listings' own logos and images: the browser reaches nothing but loopback */
const PLACEHOLDER_IMAGE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="12" fill="#c9d7f0"/></svg>';

/**
 * The site in a real headless Chromium on the demo catalog: every page type renders without
 * JavaScript errors or CSP violations, and axe-core finds no serious or critical accessibility
 * violation on any of them.
 */
describe.skipIf(!available)('the site in a headless browser', () => {
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    running = await startAllInOneInProcess({ DEMO_DATA: 'on' });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    await context.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: PLACEHOLDER_IMAGE }),
    );
  }, 90_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await running?.stop();
    console.info(`site screenshots in ${SCREENSHOTS}`);
  });

  const firstSlug = async (path: string): Promise<string> => {
    const body = (await (await fetch(`${running.base}/api/v1${path}`)).json()) as { items: { slug: string }[] };
    return body.items[0]?.slug ?? '';
  };

  it('when every page type is opened then none has a serious or critical accessibility violation, a CSP violation or a script error', async () => {
    const listing = await firstSlug('/listings?sort=votes&per_page=1');
    const founder = await firstSlug('/founders?per_page=1');
    const post = await firstSlug('/blog?per_page=1');
    const pages: [string, string][] = [
      ['home', '/'],
      ['listing', `/listings/${listing}`],
      ['listing-not-found', '/listings/no-such-listing'],
      ['launch-week', '/launches/weeks/this'],
      ['categories', '/categories'],
      ['category', '/categories/artificial-intelligence'],
      ['leaderboard', '/leaderboards/community-weekly'],
      ['billboard', '/leaderboards/billboard'],
      ['awards', '/awards'],
      ['ranking', '/ranking'],
      ['founders', '/founders'],
      ['founder', `/founders/${founder}`],
      ['blog', '/blog'],
      ['blog-post', `/blog/${post}`],
      ['search', '/search?q=notes&sort=votes'],
      ['search-errors', '/search?country=Germany&sort=best'],
    ];
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      // (the 404 and 400 pages report their own status as a failed load: that is what they are)
      if (message.type() === 'error' && !/the server responded with a status of 40[04]/.test(message.text()))
        problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    for (const [name, path] of pages) {
      const response = await page.goto(`${running.base}${path}`);
      expect(response?.status(), path).toBe(name.endsWith('not-found') ? 404 : name.endsWith('errors') ? 400 : 200);
      expect(await page.locator('main h1').count(), path).toBeGreaterThan(0);
      // the stylesheet applied: a CSP refusal would leave the page unstyled
      expect(await page.locator('.site-header').evaluate((e) => getComputedStyle(e).borderBottomStyle)).toBe('solid');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
        );
      expect(serious, `${name} ${path}`).toEqual([]);
      if (name === 'home' || name === 'listing')
        await page.screenshot({ path: path === '/' ? `${SCREENSHOTS}/home.png` : `${SCREENSHOTS}/listing.png` });
    }
    // no CSP refusal, no script error
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it('when a visitor without a session presses a vote button then they land on sign-in, which brings them back', async () => {
    const page = await context.newPage();
    await page.goto(`${running.base}/`);
    const vote = page.locator('ol.ranked a.vote').first();
    await vote.click();
    await page.waitForURL(/\/signin\?next=%2F$/);
    expect(page.url()).toContain('/signin?next=%2F');
    await page.close();
  });

  it('when the keyboard is used then the skip link is the first stop and takes focus to the page', async () => {
    const page = await context.newPage();
    await page.goto(`${running.base}/`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.close();
  });
});
