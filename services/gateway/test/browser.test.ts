import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInProcessBus } from '@listings/platform/bus';
import type * as oauth from 'oauth4webapi';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationRequest, exchangeCode, registerClient } from './oauth-client.ts';
import { startIssuer } from './oauth-support.ts';

const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available) console.warn(`skipping the browser tests: ${CHROMIUM} is not installed (Debian package "chromium")`);

/** where the screenshots go (kept after the run, to be looked at) */
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'listings-gateway-screenshots');

/** The identity pages in a real headless Chromium: the API keys area, then OAuth sign-in and consent. */
describe.skipIf(!available)('identity pages in a headless browser', () => {
  const bus = createInProcessBus();
  const profile = mkdtempSync(path.join(tmpdir(), 'chromium-profile-'));
  const redirectUri = 'http://127.0.0.1:9/callback';
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    issuer = await startIssuer({ bus });
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1000, height: 900 },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    // the client's redirect URI is answered inside the browser: nothing listens there
    await context.route(`${redirectUri}**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>client callback</title>' }),
    );
    page = context.pages()[0] ?? (await context.newPage());
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await issuer?.close();
    await bus.close();
    rmSync(profile, { recursive: true, force: true });
    console.info(`browser screenshots in ${SCREENSHOTS}`);
  });

  const me = (key: string) =>
    fetch(`${issuer.issuerUrl}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);

  it('when a person signs up, creates a key, sees it once, lists it and revokes it then each step shows and works', async () => {
    await page.goto(`${issuer.issuerUrl}/signup`);
    await page.getByLabel('Email').fill('browser@example.com');
    await page.getByLabel('Name').fill('Browser Person');
    await page.getByLabel(/^Password/).fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${issuer.issuerUrl}/account/api-keys`);
    await expect(page.locator('#no-keys').textContent()).resolves.toBe('No keys yet.');

    await page.getByLabel('Name').fill('CI deploys');
    await page.getByRole('checkbox', { name: /account:read/ }).check();
    await page.getByRole('checkbox', { name: /listings:write/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('#new-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^ldk_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(await me(key)).toBe(200);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'api-keys-created.png'), fullPage: true });

    // shown once: a fresh load of the page lists the key without its secret
    await page.goto(`${issuer.issuerUrl}/account/api-keys`);
    expect(await page.locator('#new-key').count()).toBe(0);
    expect(await page.content()).not.toContain(key);
    const id = key.split('_')[1] as string;
    const cells = await page.locator(`tr[data-key-id="${id}"] td`).allTextContents();
    expect(cells.slice(0, 3)).toEqual(['CI deploys', `ldk_${id}_…`, 'account:read listings:write']);
    const times = await page
      .locator(`tr[data-key-id="${id}"] time`)
      .evaluateAll((els) => els.map((el) => el.getAttribute('datetime') ?? ''));
    // created, and last used (by the call above)
    expect(times).toHaveLength(2);
    for (const at of times) expect(Math.abs(Date.parse(at) - Date.now())).toBeLessThan(60_000);
    expect(cells[4]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'api-keys-list.png'), fullPage: true });

    await page.locator(`tr[data-key-id="${id}"]`).getByRole('button', { name: 'Revoke' }).click();
    await page.waitForURL(`${issuer.issuerUrl}/account/api-keys`);
    expect(await page.locator(`tr[data-key-id="${id}"]`).count()).toBe(0);
    expect(await me(key)).toBe(401);

    // sign out, then back in through the sign-in form
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${issuer.issuerUrl}/signin`);
    await page.goto(`${issuer.issuerUrl}/signin?next=/account/api-keys`);
    await page.getByLabel('Email').fill('browser@example.com');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${issuer.issuerUrl}/account/api-keys`);
    expect(await page.locator('header').textContent()).toContain('signed in as browser@example.com');
  });

  const startAuthorization = async (client: oauth.Client, scope: string) => {
    const { url, verifier } = await authorizationRequest({
      as: issuer.as,
      clientId: client.client_id,
      redirectUri,
      resource: `${issuer.issuerUrl}/mcp`,
      scope,
    });
    await context.clearCookies();
    await page.goto(url.href);
    // the sign-in page of the authorization request
    await expect(page.locator('h1').textContent()).resolves.toBe('Sign in to continue');
    await page.getByLabel('Email').fill('person@example.com');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('h1', { hasText: 'Allow access?' }).waitFor();
    return verifier;
  };

  it('when a person allows an MCP client on the consent page then the client gets a code that becomes a token', async () => {
    const client = await registerClient(issuer.as, redirectUri, 'Browser Agent');
    const verifier = await startAuthorization(client, 'account:read listings:write');
    expect(await page.locator('#client-name').textContent()).toBe('Browser Agent');
    expect(await page.locator('#redirect-host').textContent()).toBe('127.0.0.1:9');
    expect(await page.locator('#scopes li').allTextContents()).toEqual([
      expect.stringContaining('account:read'),
      expect.stringContaining('listings:write'),
    ]);
    expect(await page.content()).toContain(`${issuer.issuerUrl}/mcp`);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'oauth-consent.png'), fullPage: true });

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${redirectUri}**`);
    const callback = new URL(page.url());
    expect(callback.searchParams.get('iss')).toBe(issuer.issuerUrl);
    const tokens = await exchangeCode({
      as: issuer.as,
      client,
      result: { kind: 'callback', callback, verifier, consentHtml: null },
      redirectUri,
      resource: `${issuer.issuerUrl}/mcp`,
    });
    expect(tokens.access_token).toBeTruthy();
  });

  it('when a person denies on the consent page then the client gets access_denied and no code', async () => {
    const client = await registerClient(issuer.as, redirectUri, 'Denied Agent');
    await startAuthorization(client, 'orders:write');
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(`${redirectUri}**`);
    const callback = new URL(page.url());
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
  });
});
