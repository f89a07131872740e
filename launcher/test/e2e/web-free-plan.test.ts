import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type ProductSite, startProductSite } from '@listings/platform/testing/product-site';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';
import { CHROMIUM, chromiumAvailable, formClient, hidden, launchChromium, mailedPath } from './web-support.ts';

const available = chromiumAvailable;
if (!available)
  console.warn(`skipping the free plan browser test: ${CHROMIUM} is not installed (Debian package "chromium")`);

/** where the screenshot goes (docs/screenshots with SCREENSHOT_DIR=docs/screenshots) */
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'listings-web-screenshots');

type Running = Awaited<ReturnType<typeof startAllInOneInProcess>>;
type Owned = { listing_id: number; slug: string; status: string; plan: string; launch_week: string | null };

/** signs in by the mailed link (the account is made on first use): a client with the session */
const signIn = async (base: string, dataDir: string, email: string) => {
  const c = formClient(base);
  const form = await c.go('/signin/email?next=/me');
  await c.go('/signin/email', { method: 'POST', form: { email, next: '/me', form_id: hidden(form.text, 'form_id') } });
  const token = new URLSearchParams((await mailedPath(dataDir, email, '/signin/link')).split('?')[1]).get('token');
  expect(await c.go('/signin/link', { method: 'POST', form: { token: token as string } })).toMatchObject({
    status: 303,
  });
  return c;
};

/**
 * `/me/listings/{id}/free-plan` on the all-in-one: the real catalog chooses the free plan and hands
 * out the badges, the gateway serves their images, and the badge check reads the product's
 * homepage on loopback (which has no badge, so the listing keeps waiting for it).
 */
describe('/me/listings/{id}/free-plan (all-in-one)', () => {
  let running: Running;
  let site: ProductSite;

  beforeAll(async () => {
    site = await startProductSite((requestPath) =>
      requestPath === '/' ? '<!doctype html><head><title>Acme</title></head><h1>Acme</h1>' : null,
    );
    running = await startAllInOneInProcess({ FETCH_ALLOW_PRIVATE_NETWORKS: 'true' });
  }, 90_000);
  afterAll(async () => {
    await running?.stop();
    await site?.close();
  });

  const accountIdOf = async (email: string) =>
    ((await running.identity.store.findAccountForSignIn(email)) as { id: string }).id;

  /** a listing of `owner`'s saved as a submitted draft would be: a draft with no plan yet */
  const draftOf = async (owner: string, name: string): Promise<number> => {
    const saved = (await running.bus.request('catalog.internal.save_listing_from_draft', {
      listing_id: null,
      draft_id: randomUUID(),
      owner_account_ids: [owner],
      profile: { url: site.url, name, tagline: 'Widgets for teams' },
    })) as { body: { listing_id: number } };
    return saved.body.listing_id;
  };
  const read = async (owner: string, id: number) =>
    (
      (await running.bus.request('catalog.get_my_listing', {
        operation_id: 'get_my_listing',
        principal: { account_id: owner, scopes: ['account:read'], via: 'api_key' },
        params: { listing_id: id },
        query: {},
      })) as { body: Owned }
    ).body;

  it('when the owner posts the form twice then the plan is chosen once; someone else gets the 404 page', async () => {
    const email = 'free-twice@example.com';
    const owner = await signIn(running.base, running.dataDir, email);
    const ownerId = await accountIdOf(email);
    const id = await draftOf(ownerId, 'Twice Widgets');
    const path = `/me/listings/${id}/free-plan`;
    expect((await owner.go('/me/listings')).text).toContain(`href="${path}"`);
    const page = await owner.go(path);
    expect(page.status).toBe(200);
    const csrf = hidden(page.text, 'csrf');

    const other = await signIn(running.base, running.dataDir, 'free-other@example.com');
    expect((await other.go(path)).status).toBe(404);
    const otherCsrf = hidden((await other.go('/me')).text, 'csrf');
    expect((await other.go(path, { method: 'POST', form: { csrf: otherCsrf } })).status).toBe(404);
    expect(await read(ownerId, id)).toMatchObject({ status: 'draft', plan: 'none', launch_week: null });

    expect((await owner.go(path, { method: 'POST', form: { csrf: 'forged' } })).status).toBe(403);
    const first = await owner.go(path, { method: 'POST', form: { csrf } });
    expect(first).toMatchObject({ status: 303, location: `${path}?chosen=1` });
    const chosen = await read(ownerId, id);
    expect(chosen).toMatchObject({ status: 'awaiting_badge', plan: 'free' });
    const second = await owner.go(path, { method: 'POST', form: { csrf } });
    expect(second).toMatchObject({ status: 303, location: `${path}?chosen=1` });
    expect(await read(ownerId, id)).toEqual(chosen);
    const shown = await owner.go(`${path}?chosen=1&shape=banner&mode=light&size=s`);
    expect(shown.text).toContain(`datetime="${chosen.launch_week}"`);
    expect(shown.text).toMatch(
      /data-badge-embed="true">[^<]*listed-on\.svg\?shape=banner&amp;amp;mode=light&amp;amp;size=s/,
    );
  });

  describe.skipIf(!available)('in a headless browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    }, 60_000);
    afterAll(() => browser?.close());

    it('when the owner chooses the free plan then the queued week shows, and picking a shape changes the embed code in place', async () => {
      const context = await browser.newContext();
      // nothing leaves the machine
      await context.route(
        (url) => url.hostname !== '127.0.0.1',
        (route) => route.fulfill({ status: 404, body: '' }),
      );
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && !/status of 404/.test(m.text())) problems.push(`${page.url()}: ${m.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
      const axe = async (what: string) => {
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
        expect(serious, what).toEqual([]);
      };

      const email = 'free-browser@example.com';
      await page.goto(`${running.base}/signin/email?next=/me/listings`);
      await page.fill('#signin-email', email);
      await page.click('main button[type=submit]');
      await page.waitForSelector('text=Check your email');
      await page.goto(`${running.base}${await mailedPath(running.dataDir, email, '/signin/link')}`);
      await page.click('#use-sign-in-link');
      await page.waitForURL(`${running.base}/me/listings`);
      const ownerId = await accountIdOf(email);
      const id = await draftOf(ownerId, 'Browser Free Widgets');
      const path = `/me/listings/${id}/free-plan`;
      await page.reload();

      await page.click(`a[href="${path}"]`);
      await page.waitForURL(`${running.base}${path}`);
      expect(await page.textContent('main')).toContain('No plan chosen yet');
      await axe('before choosing');
      await page.click('main form[method=post] button[type=submit]');
      await page.waitForSelector('[data-chosen]');
      const listing = await read(ownerId, id);
      expect(listing).toMatchObject({ plan: 'free', status: 'awaiting_badge' });
      const week = await page.textContent('[data-launch-week]');
      expect(await page.getAttribute('[data-launch-week]', 'datetime')).toBe(listing.launch_week);
      expect(await page.textContent('[data-chosen]')).toContain(`queued for the launch week of ${week}`);
      expect(await page.textContent('main')).toContain('What to do next');

      // the badge images come from this site and load
      const chosenImage = page.locator('img[data-badge-chosen]');
      await expect
        .poll(() => chosenImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(await page.inputValue('#badge-embed')).toContain('shape=standard&amp;mode=auto&amp;size=m');
      expect(await page.getAttribute('[data-badge-option="standard auto m"]', 'aria-current')).toBe('true');

      // a new shape: marked at once, and the code and image follow without a page load
      await page.selectOption('#badge-shape', 'pill');
      expect(await page.getAttribute('[data-badge-option="pill auto m"]', 'aria-current')).toBe('true');
      expect(await page.getAttribute('[data-badge-option="standard auto m"]', 'aria-current')).toBeNull();
      await page.waitForFunction(() =>
        (document.querySelector('#badge-embed') as HTMLTextAreaElement).value.includes('shape=pill&amp;mode=auto'),
      );
      expect(await chosenImage.getAttribute('src')).toContain('shape=pill&mode=auto&size=m');
      expect(page.url()).toBe(`${running.base}${path}?shape=pill&mode=auto&size=m`);
      await page.selectOption('#badge-mode', 'dark');
      await page.waitForFunction(() =>
        (document.querySelector('#badge-embed') as HTMLTextAreaElement).value.includes('shape=pill&amp;mode=dark'),
      );
      await axe('after choosing, with every badge');
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: `${SCREENSHOTS}/free-plan.png` });
      expect(problems).toEqual([]);
      await context.close();
    }, 60_000);
  });
});
