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

/** The OAuth sign-in and consent pages in a real headless Chromium (the site's own pages are tested in launcher/test/e2e). */
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
