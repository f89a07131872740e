import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { freePort } from '@listings/platform/testing/free-port';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';
import { CHROMIUM, chromiumAvailable, formClient, hidden, launchChromium, mailedPath } from './web-support.ts';

const available = chromiumAvailable;
if (!available)
  console.warn(`skipping the passkeys browser test: ${CHROMIUM} is not installed (Debian package "chromium")`);

/** where the passkey pages' screenshots go (docs/screenshots with SCREENSHOT_DIR=docs/screenshots) */
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'listings-web-screenshots');

type Running = Awaited<ReturnType<typeof startAllInOneInProcess>>;

/**
 * Passkeys on the site, all-in-one, with PUBLIC_URL on `localhost` (a WebAuthn RP ID is a host
 * name, never an IP address): the forms' checks, then Chromium with the DevTools Protocol's virtual
 * authenticator (CTAP2, internal transport, resident keys, user verification).
 */
describe('passkeys on the site (all-in-one)', () => {
  let running: Running;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://localhost:${port}`;
    running = await startAllInOneInProcess({ PORT: String(port), PUBLIC_URL: origin });
  }, 90_000);
  afterAll(() => running?.stop());

  const signInAs = async (email: string) => {
    const c = formClient(running.base);
    const form = await c.go('/signin/email?next=/me');
    await c.go('/signin/email', {
      method: 'POST',
      form: { email, next: '/me', form_id: hidden(form.text, 'form_id') },
    });
    const token = new URLSearchParams((await mailedPath(running.dataDir, email, '/signin/link')).split('?')[1]).get(
      'token',
    );
    expect((await c.go('/signin/link', { method: 'POST', form: { token: token as string } })).status).toBe(303);
    return c;
  };

  it('when a passkey form comes without the session’s token, from another site, or without the authenticator’s answer then it is refused', async () => {
    const c = await signInAs('forms@example.com');
    const me = await c.go('/me');
    expect(me.text).toContain('No passkeys yet.');
    expect(me.text).toContain('data-passkey-register="/me/passkeys/options"');
    const csrf = hidden(me.text, 'csrf');
    expect((await c.go('/me/passkeys/options', { method: 'POST', form: {} })).status).toBe(403);
    expect((await c.go('/me/passkeys/remove', { method: 'POST', form: { passkey_id: 'abc' } })).status).toBe(403);
    expect(
      (
        await c.go('/me/passkeys/options', {
          method: 'POST',
          headers: { 'sec-fetch-site': 'cross-site' },
          form: { csrf },
        })
      ).status,
    ).toBe(403);
    // the options: JSON, never stored, for PUBLIC_URL's host whatever Host the request named
    const options = await c.go('/me/passkeys/options', { method: 'POST', form: { csrf } });
    expect(options.status).toBe(200);
    expect(JSON.parse(options.text)).toMatchObject({ rp: { id: 'localhost' }, user: { name: 'forms@example.com' } });
    // without a script the post arrives without an answer: the page says what is needed, beside the form
    const noAnswer = await c.go('/me/passkeys', { method: 'POST', form: { csrf, name: 'Phone', response: '' } });
    expect(noAnswer.status).toBe(400);
    expect(noAnswer.text).toMatch(/id="passkey-response-error"[^>]*>[^<]*sent no passkey/);
    expect(noAnswer.text).toContain('value="Phone"');
    const notMine = await c.go('/me/passkeys/remove', { method: 'POST', form: { csrf, passkey_id: 'abcdefgh' } });
    expect(notMine.status).toBe(404);
  });

  it('when passkey sign-in starts then its ceremony cookie is HttpOnly, SameSite=Strict and only for the sign-in paths; without it the sign-in is 410', async () => {
    const c = formClient(running.base);
    expect(
      (await c.go('/signin/passkey/options', { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } })).status,
    ).toBe(403);
    const started = await c.go('/signin/passkey/options', { method: 'POST', form: {} });
    expect(started.status).toBe(200);
    expect(JSON.parse(started.text)).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(started.setCookie.join('\n')).toMatch(
      /^ld_passkey=[A-Za-z0-9_-]{43}; Max-Age=300; Path=\/; HttpOnly; SameSite=Strict$/m,
    );
    const fake = JSON.stringify({
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
    });
    // an answer for a passkey nobody has: 401 on the sign-in page, and the ceremony is used up
    const unknown = await c.go('/signin/passkey', { method: 'POST', form: { next: '/me', response: fake } });
    expect(unknown.status).toBe(401);
    expect(unknown.text).toContain('not known here');
    expect((await c.go('/signin/passkey', { method: 'POST', form: { next: '/me', response: fake } })).status).toBe(410);
    expect((await c.go('/signin/passkey', { method: 'POST', form: { next: '/me', response: '' } })).status).toBe(400);
  });

  describe.skipIf(!available)('in Chromium with a virtual authenticator', () => {
    let browser: Browser;
    beforeAll(async () => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      browser = await launchChromium();
    }, 60_000);
    afterAll(() => browser?.close());

    const axeSerious = async (page: Page) =>
      (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);

    it('when a person signs in by the mailed link, adds a passkey on /me and signs out then the passkey signs them in again', async () => {
      const context = await browser.newContext();
      // the listings' logos live elsewhere: answered here, nothing leaves the machine
      await context.route(
        (url) => url.hostname !== 'localhost',
        (route) =>
          route.fulfill({
            status: 200,
            contentType: 'image/svg+xml',
            body: '<svg xmlns="http://www.w3.org/2000/svg"/>',
          }),
      );
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`${page.url()}: ${m.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });

      // sign in by the mailed link
      await page.goto(`${origin}/signin/email?next=/me`);
      expect(await axeSerious(page), '/signin/email').toEqual([]);
      await page.fill('#signin-email', 'passkey@example.com');
      await page.click('form[action="/signin/email"] button[type=submit]');
      await page.waitForSelector('text=Check your email');
      await page.goto(`${origin}${await mailedPath(running.dataDir, 'passkey@example.com', '/signin/link')}`);
      await page.click('#use-sign-in-link');
      await page.waitForURL(`${origin}/me`);

      // add a passkey: the script asks for the options, the virtual authenticator answers
      await page.fill('#passkey-name', 'Virtual key');
      await page.click('#add-passkey');
      await page.waitForSelector('text=Passkey “Virtual key” added');
      expect(await page.textContent('section[aria-labelledby="passkeys"] tbody')).toContain('never');
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      const countAfterAdding = credentials[0]?.signCount ?? 0;
      expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
      await page.goto(`${origin}/me`);
      expect(await axeSerious(page), '/me').toEqual([]);
      await page.locator('section[aria-labelledby="passkeys"]').screenshot({ path: `${SCREENSHOTS}/passkeys.png` });

      // sign out, then in again with the passkey alone (no email asked)
      await page.click('form[action="/me/signout"] button[type=submit]');
      await page.waitForURL(`${origin}/`);
      await page.goto(`${origin}/signin/email?next=/me`);
      await page.screenshot({ path: `${SCREENSHOTS}/passkey-signin.png` });
      await page.click('#signin-with-passkey');
      await page.waitForURL(`${origin}/me`);
      expect(await page.textContent('header .account')).toContain('passkey@example.com');
      const row = await page.textContent('section[aria-labelledby="passkeys"] tbody');
      expect(row).toContain('Virtual key');
      expect(row).not.toContain('never');
      // the authenticator's counter moved on once, and identity keeps where it is
      const counter = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]?.signCount;
      expect(counter).toBe(countAfterAdding + 1);
      const stored = await running.identity.store.passkeys.findPasskeyByCredentialId(
        Buffer.from(credentials[0]?.credentialId ?? '', 'base64').toString('base64url'),
      );
      expect(stored?.counter).toBe(counter);
      expect(await axeSerious(page), '/me signed in by passkey').toEqual([]);

      // removed, it signs nobody in
      await page.click('section[aria-labelledby="passkeys"] form[action="/me/passkeys/remove"] button');
      await page.waitForSelector('text=The passkey is removed');
      await page.click('form[action="/me/signout"] button[type=submit]');
      await page.waitForURL(`${origin}/`);
      await page.goto(`${origin}/signin/email?next=/me`);
      await page.click('#signin-with-passkey');
      await page.waitForSelector('#signin-passkey-error');
      expect(await page.textContent('#signin-passkey-error')).toContain('not known here');
      expect(page.url()).toBe(`${origin}/signin/passkey`);
      await context.close();
      expect(problems.filter((p) => !p.includes('status of 401'))).toEqual([]);
    }, 90_000);
  });
});
