// A person connects a real OAuth client in a real browser, on the all-in-one service: dynamic
// client registration, the authorization code flow with PKCE, the OAuth sign-in page (by the
// site's mailed link), the consent page (naming the app and each scope), the code exchange, a call
// to /api/v1 with the token; then the person revokes the app on /me/apps and the token is refused.
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { SCOPE_DESCRIPTIONS } from '@listings/contracts';
import { readOutbox } from '@listings/platform/mail';
import { freePort } from '@listings/platform/testing/free-port';
import * as oauth from 'oauth4webapi';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationRequest, discover, exchangeCode, insecure } from '../../../services/gateway/test/oauth-client.ts';
import { startAllInOneInProcess } from '../in-process.ts';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available)
  console.warn(`skipping the OAuth browser test: ${CHROMIUM} is not installed (Debian package "chromium")`);

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'listings-web-screenshots');
const EMAIL = 'oauth-person@example.com';

describe.skipIf(!available)('connecting and revoking an OAuth app in a headless browser', () => {
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  let origin = '';
  let browser: Browser;
  let context: BrowserContext;
  let as: oauth.AuthorizationServer;
  let client: oauth.Client;
  const redirectUri = 'http://127.0.0.1:9/callback';
  const problems: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // the issuer and the resource identifiers are PUBLIC_URL's: the port has to be known up front
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    running = await startAllInOneInProcess({ PORT: String(port), PUBLIC_URL: origin });
    as = await discover(origin);
    // dynamic client registration (RFC 7591), as an agent does it
    client = (await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        {
          redirect_uris: [redirectUri],
          token_endpoint_auth_method: 'none',
          client_name: 'Browser Agent',
          client_uri: 'https://agent.example/',
          grant_types: ['authorization_code', 'refresh_token'],
        },
        insecure,
      ),
    )) as oauth.Client;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
    });
    context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    // the client's redirect URI is answered inside the browser: nothing listens there
    await context.route(`${redirectUri}**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>client callback</title>' }),
    );
  }, 90_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await running?.stop();
  });

  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  };
  /** no serious or critical axe violation, and the site's stylesheet applied under the page's CSP */
  const checkPage = async (page: Page, name: string) => {
    expect(await page.locator('.site-header').evaluate((e) => getComputedStyle(e).borderBottomStyle), name).toBe(
      'solid',
    );
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
      );
    expect(serious, name).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  };
  const apiMe = (token: string) =>
    fetch(`${origin}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
  const start = async (page: Page) => {
    const { url, verifier } = await authorizationRequest({
      as,
      clientId: client.client_id,
      redirectUri,
      resource: `${origin}/api/v1`,
      scope: 'account:read orders:write',
    });
    await page.goto(url.href);
    return verifier;
  };

  it('when a person signs in by mailed link, allows the app, and later revokes it on /me/apps then its token works, then is refused', async () => {
    const page = await context.newPage();
    watch(page);
    const verifier = await start(page);

    // the OAuth sign-in page: the site's look, the app named, a password or a mailed link
    await expect(page.locator('h1').textContent()).resolves.toBe('Sign in to continue');
    expect(await page.locator('#client-name').textContent()).toBe('Browser Agent');
    await checkPage(page, 'oauth-sign-in');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.locator('h1', { hasText: 'Check your email' }).waitFor();

    // the link (through the mail port's outbox) signs in on the site and comes back to the request
    const mail = (await readOutbox(running.dataDir)).filter((m) => m.to === EMAIL).at(-1);
    const link = mail?.text.split(/\s+/).find((word) => word.includes('/signin/link')) ?? '';
    expect(link.startsWith(`${origin}/signin/link?token=`)).toBe(true);
    await page.goto(link);
    await page.locator('#use-sign-in-link').click();
    await page.locator('h1', { hasText: 'Allow access?' }).waitFor();

    // the consent page names the app, its site, the account and each scope in words
    expect(await page.locator('#client-name').textContent()).toBe('Browser Agent');
    expect(await page.locator('#client-uri').getAttribute('href')).toBe('https://agent.example/');
    expect(await page.locator('main').textContent()).toContain(EMAIL);
    expect(await page.locator('#scopes li').allTextContents()).toEqual([
      `${SCOPE_DESCRIPTIONS['account:read']} (account:read)`,
      `${SCOPE_DESCRIPTIONS['orders:write']} (orders:write)`,
    ]);
    expect(await page.locator('#redirect-host').textContent()).toBe('127.0.0.1:9');
    await checkPage(page, 'oauth-consent');
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${redirectUri}**`);

    // the code becomes a token for /api/v1, which works
    const tokens = await exchangeCode({
      as,
      client,
      result: { kind: 'callback', callback: new URL(page.url()), verifier, consentHtml: null },
      redirectUri,
      resource: `${origin}/api/v1`,
    });
    expect(await apiMe(tokens.access_token)).toBe(200);

    // /me → Connected apps: the app, what it may do, a Revoke button
    await page.goto(`${origin}/me`);
    await page.getByRole('link', { name: 'Connected apps' }).click();
    await page.waitForURL(`${origin}/me/apps`);
    const row = page.locator('#apps tbody tr');
    expect(await row.count()).toBe(1);
    expect(await row.locator('td').first().textContent()).toContain('Browser Agent');
    expect(await row.locator('li').allTextContents()).toEqual([
      `${SCOPE_DESCRIPTIONS['account:read']} (account:read)`,
      `${SCOPE_DESCRIPTIONS['orders:write']} (orders:write)`,
    ]);
    await checkPage(page, 'me-apps');
    await row.getByRole('button', { name: 'Revoke Browser Agent' }).click();
    await page.locator('.notice', { hasText: 'disconnected' }).waitFor();
    expect(await page.locator('#no-apps').textContent()).toBe('No connected apps.');

    // the token is refused, and so is its refresh token
    expect(await apiMe(tokens.access_token)).toBe(401);
    if (tokens.refresh_token) {
      const refreshed = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token, insecure);
      expect(refreshed.status).toBe(400);
    }

    // signed in on the site, the person is not asked to sign in again; the app must ask again
    await start(page);
    await page.locator('h1', { hasText: 'Allow access?' }).waitFor();
    expect(await page.locator('#client-name').textContent()).toBe('Browser Agent');
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
