import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@listings/platform/testing/free-port';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';
import { CHROMIUM, chromiumAvailable, launchChromium } from './web-support.ts';

if (!chromiumAvailable)
  console.warn(`skipping the site's image test: ${CHROMIUM} is not installed (Debian package "chromium")`);

/** where home.png and listing.png go: `npm run screenshots` sets docs/screenshots */
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'listings-web-screenshots');

interface ShownImage {
  readonly src: string;
  readonly complete: boolean;
  readonly naturalWidth: number;
}

/**
 * Issue #30, must show: the home page and a listing page of the demo catalog, offline, in a real
 * Chromium: every <img> loaded (naturalWidth > 0) and every image from our own origin. The browser
 * may reach nothing but the site: a request to any other host is refused and recorded.
 */
describe.skipIf(!chromiumAvailable)('the demo catalog in a browser: every image loads, from our origin', () => {
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  let browser: Browser;
  let context: BrowserContext;
  let origin: string;
  const elsewhere: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    running = await startAllInOneInProcess({ DEMO_DATA: 'on', PORT: String(port), PUBLIC_URL: origin });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    await context.route(
      (url) => url.origin !== origin,
      (route) => {
        elsewhere.push(route.request().url());
        return route.abort('blockedbyclient');
      },
    );
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await running?.stop();
  });

  /** every <img> of the page, each asked to load now (lazy ones included) and waited for */
  const imagesOf = (page: Page): Promise<ShownImage[]> =>
    page.evaluate(async () => {
      const images = [...document.images];
      for (const image of images) image.loading = 'eager';
      await Promise.all(
        images.map((image) =>
          image.complete && image.naturalWidth > 0
            ? null
            : new Promise((resolve) => {
                image.addEventListener('load', resolve, { once: true });
                image.addEventListener('error', resolve, { once: true });
              }),
        ),
      );
      return images.map((image) => ({
        src: image.currentSrc || image.src,
        complete: image.complete,
        naturalWidth: image.naturalWidth,
      }));
    });

  const expectAllLoadedHere = (images: readonly ShownImage[], where: string) => {
    expect(images.length, `${where} shows logos`).toBeGreaterThan(0);
    for (const image of images) {
      expect(new URL(image.src).origin, `${where}: ${image.src}`).toBe(origin);
      expect(image.naturalWidth, `${where}: ${image.src} did not load`).toBeGreaterThan(0);
    }
  };

  it('when the home page and a listing page are opened then every image has loaded and came from our origin', async () => {
    const top = (await (await fetch(`${origin}/api/v1/listings?sort=votes&per_page=1`)).json()) as {
      items: { slug: string; logo_url: string | null }[];
    };
    const listing = top.items[0];
    // the API's logo_url is on our origin too
    expect(listing?.logo_url).toMatch(new RegExp(`^${origin}/images/[0-9a-f]{64}\\.png$`));

    const page = await context.newPage();
    const loaded: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'image') loaded.push(`${response.status()} ${response.url()}`);
    });
    for (const [name, url] of [
      ['home', `${origin}/`],
      ['listing', `${origin}/listings/${listing?.slug}`],
    ] as const) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      expectAllLoadedHere(await imagesOf(page), name);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
    }
    expect(loaded.length).toBeGreaterThan(0);
    // logos from /images/, badges from /badges/: all answered here
    for (const line of loaded) expect(line).toMatch(new RegExp(`^(200|304) ${origin}/`));
    expect(loaded.some((line) => line.includes('/images/'))).toBe(true);
    expect(elsewhere).toEqual([]);
    await page.close();
  }, 120_000);
});
