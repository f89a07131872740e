import AxeBuilder from '@axe-core/playwright';
import { type ProductSite, startProductSite } from '@listings/platform/testing/product-site';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';
import { CHROMIUM, chromiumAvailable, launchChromium, mailedPath } from './web-support.ts';

const available = chromiumAvailable;
if (!available)
  console.warn(`skipping the orders browser test: ${CHROMIUM} is not installed (Debian package "chromium")`);

/** axe-core's serious and critical violations on the page, one line each */
const seriousViolations = async (page: Page): Promise<string[]> => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
};

/**
 * A person's orders in a real headless Chromium (all-in-one, local payment provider): signed in by
 * the mailed link, an order for their listing made through the API, found on /me/orders by the
 * listing's name, paid on the checkout page, and seen paid; axe-core finds no serious or critical
 * violation on either page, and nothing trips the CSP.
 */
describe.skipIf(!available)('your orders and the checkout page in a headless browser', () => {
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  let site: ProductSite;
  let browser: Browser;

  beforeAll(async () => {
    // the listing's website: on loopback, so nothing leaves the machine
    site = await startProductSite();
    running = await startAllInOneInProcess({ FETCH_ALLOW_PRIVATE_NETWORKS: 'true' });
    browser = await launchChromium();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await running?.stop();
    await site?.close();
  });

  const api = async (key: string, method: string, url: string, body?: unknown) => {
    const response = await fetch(`${running.base}/api/v1${url}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
    return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
  };

  it('when a person signs in by the mailed link, opens /me/orders and pays their order on the checkout page then it shows paid', async () => {
    const email = 'orders@example.com';
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    // the browser reaches nothing but the site on loopback
    await context.route(
      (url) => url.hostname !== '127.0.0.1',
      (route) => route.abort(),
    );
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));

    // signed out, /me/orders sends the person to sign in by email, and back
    await page.goto(`${running.base}/me/orders`);
    expect(new URL(page.url()).pathname).toBe('/signin/email');
    await page.getByLabel('Email').fill(email);
    await page.locator('form[action="/signin/email"] button[type="submit"]').click();
    await page.waitForLoadState();
    await page.goto(`${running.base}${await mailedPath(running.dataDir, email, '/signin/link')}`);
    await page.locator('#use-sign-in-link').click();
    await page.waitForURL(`${running.base}/me/orders`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Your orders');
    expect(await page.locator('main').textContent()).toContain('No orders yet.');

    // the person's listing and an order for its paid launch, made through the API with their key
    const { account } = await running.identity.store.ensureAccount(email);
    const key = (
      await running.identity.store.createApiKey({
        accountId: account.id,
        name: 'tools',
        scopes: ['account:read', 'listings:write', 'orders:write'],
      })
    ).key;
    const draft = await api(key, 'POST', '/drafts', { url: site.url });
    expect(draft.status).toBe(201);
    await vi.waitFor(
      async () => expect((await api(key, 'GET', `/drafts/${draft.body.id}`)).body.status).toBe('ready'),
      {
        timeout: 30_000,
        interval: 50,
      },
    );
    const submitted = await api(key, 'POST', `/drafts/${draft.body.id}/submit`);
    expect(submitted.status).toBe(200);
    const listingId: number = submitted.body.listing_id;
    const listing = await api(key, 'GET', `/me/listings/${listingId}`);
    const order = await api(key, 'POST', '/orders/checkout', {
      items: [{ product: 'launch', listing_id: listingId }],
      billing_country: 'DE',
    });
    expect(order.status).toBe(200);
    const number: string = order.body.number;
    const total = `$${(order.body.totals.total_cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

    // /me/orders: the order by the listing's name (not its number), waiting for payment, total with VAT
    await page.goto(`${running.base}/me/orders`);
    const row = page.locator(`tr[data-order="${number}"]`);
    expect(await row.locator(`[data-listing="${listingId}"]`).textContent()).toBe(listing.body.name);
    expect(await row.locator('[data-status]').textContent()).toBe('Waiting for payment');
    expect(await row.locator('td.num').textContent()).toBe(total);
    expect(await seriousViolations(page), '/me/orders').toEqual([]);

    // the Pay link opens the checkout page in the site's layout; paying with the local provider
    await row.getByRole('link', { name: `Pay order ${number}` }).click();
    await page.waitForURL(`${running.base}/checkout/${number}`);
    expect(await page.locator('#order-status').getAttribute('data-status')).toBe('pending');
    expect(await page.locator('#order-total').textContent()).toBe(total);
    expect(await page.locator('#order-lines').textContent()).toContain(listing.body.name);
    expect(await page.locator('.site-header').evaluate((e) => getComputedStyle(e).borderBottomStyle)).toBe('solid');
    expect(await seriousViolations(page), '/checkout').toEqual([]);
    await page.getByRole('button', { name: `Pay ${total}` }).click();
    await page.waitForURL(`${running.base}/checkout/${number}`);
    await expect
      .poll(async () => {
        await page.reload();
        return page.locator('#order-status').getAttribute('data-status');
      })
      .toBe('fulfilled');
    expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    expect(await seriousViolations(page), '/checkout (paid)').toEqual([]);

    // and /me/orders says so, with no way to pay again
    await page.goto(`${running.base}/me/orders`);
    expect(await row.locator('[data-status]').textContent()).toBe('Paid and fulfilled');
    expect(await row.getByRole('link', { name: `Pay order ${number}` }).count()).toBe(0);
    expect((await api(key, 'GET', `/orders/${number}`)).body.status).toBe('fulfilled');

    // no CSP refusal, no script error on any of it
    expect(problems).toEqual([]);

    // the other pages that moved here from the gateway: the claim link and the invite link
    await page.goto(`${running.base}/claims/verify-email?token=${'A'.repeat(43)}`);
    expect(await page.locator('main h1').textContent()).toBe('Verify your claim');
    expect(await seriousViolations(page), '/claims/verify-email').toEqual([]);
    const invite = await page.goto(`${running.base}/invites/00000000-0000-4000-8000-000000000000.${'A'.repeat(43)}`);
    expect(invite?.status()).toBe(404);
    expect(await page.locator('main h1').textContent()).toBe('Invite not found');
    expect(await seriousViolations(page), '/invites').toEqual([]);
    await context.close();
  }, 120_000);
});
