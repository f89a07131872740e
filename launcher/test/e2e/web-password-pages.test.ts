import AxeBuilder from '@axe-core/playwright';
import { readOutbox } from '@listings/platform/mail';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';
import { CHROMIUM, chromiumAvailable, formClient, hidden, launchChromium, offlineContext } from './web-support.ts';

if (!chromiumAvailable)
  console.warn(`skipping the password pages' browser test: ${CHROMIUM} is not installed (Debian package "chromium")`);

const PASSWORD = 'a long enough password';
/** every HTML answer of the site carries the strict CSP with a per-request nonce */
const CSP = /script-src 'self' 'nonce-[0-9a-f]{32}'/;

/**
 * Password sign-in and sign-up, sign-out and the old API keys address are the web edge's pages
 * (identity answers over the bus): all-in-one, with TRUST_PROXY so each case posts from its own
 * client address and RATE_LIMIT_SIGN_IN small enough to reach.
 */
describe('the password sign-in and sign-up pages (all-in-one)', () => {
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  beforeAll(async () => {
    running = await startAllInOneInProcess({ TRUST_PROXY: 'on', RATE_LIMIT_SIGN_IN: '4/3600' });
  }, 90_000);
  afterAll(() => running?.stop());

  /** a person's client, posting from its own address */
  const person = (ip: string) => {
    const c = formClient(running.base);
    const from = { 'x-forwarded-for': ip };
    return {
      ...c,
      get: (path: string) => c.go(path, { headers: from }),
      post: (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
        c.go(path, { method: 'POST', form, headers: { ...from, ...headers } }),
    };
  };
  const accountsNamed = async (email: string) => ((await running.identity.store.findAccountForSignIn(email)) ? 1 : 0);

  it('when a person signs up then they are signed in where they were going, the confirmation link is mailed, and a second sign-up with the address makes nothing', async () => {
    const c = person('198.51.100.1');
    const page = await c.get('/signup?next=/me/listings');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(CSP);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.text).toContain('name="next" value="/me/listings"');
    const made = await c.post('/signup', {
      email: 'new@example.com',
      name: 'New Person',
      password: PASSWORD,
      next: '/me/listings',
    });
    expect(made).toMatchObject({ status: 303, location: '/me/listings' });
    const cookie = made.setCookie.find((line) => line.startsWith('ld_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(
      (await readOutbox(running.dataDir)).some((m) => m.to === 'new@example.com' && m.kind === 'email-confirmation'),
    ).toBe(true);
    const me = await c.get('/me');
    expect(me.status).toBe(200);
    expect(me.text).toContain('new@example.com');

    // the same form again (a double submit, or someone else): refused next to the field, typed values kept
    const again = await person('198.51.100.2').post('/signup', {
      email: 'new@example.com',
      name: 'Someone <b>Else</b>',
      password: PASSWORD,
    });
    expect(again.status).toBe(400);
    expect(again.headers.get('content-security-policy')).toMatch(CSP);
    expect(again.text).toMatch(/id="signup-email-error"[^>]*>an account with this email already exists/);
    expect(again.text).toContain('value="new@example.com"');
    expect(again.text).toContain('value="Someone &lt;b>Else&lt;/b>"');
    expect(await accountsNamed('new@example.com')).toBe(1);
  });

  it('when the sign-up form is wrong then each error is next to its field, what was typed is kept and the password is not sent back', async () => {
    const r = await person('198.51.100.3').post('/signup', {
      email: 'not-an-address',
      name: 'Kept',
      password: 'short1',
    });
    expect(r.status).toBe(400);
    expect(r.text).toMatch(/id="signup-email"[^>]*aria-describedby="signup-email-error"/);
    expect(r.text).toMatch(/id="signup-email-error"[^>]*>enter an email address/);
    expect(r.text).toMatch(/id="signup-password-error"[^>]*>10 to 256 characters/);
    expect(r.text).toContain('value="not-an-address"');
    expect(r.text).toContain('value="Kept"');
    expect(r.text).not.toContain('short1');
  });

  it('when a person signs in with a wrong password then the error is next to the field with the email kept; with the right one they go where they were going', async () => {
    await running.identity.store.createAccount({
      email: 'pw@example.com',
      name: null,
      passwordHash: null,
    });
    const c = person('198.51.100.4');
    await c.post('/signup', { email: 'pw2@example.com', password: PASSWORD });
    const wrong = await person('198.51.100.5').post('/signin', {
      email: 'pw2@example.com',
      password: 'wrong password!',
      next: '/me/orders',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('content-security-policy')).toMatch(CSP);
    expect(wrong.text).toMatch(/id="signin-password-error"[^>]*>wrong email or password/);
    expect(wrong.text).toContain('value="pw2@example.com"');
    expect(wrong.text).toContain('name="next" value="/me/orders"');
    // an account without a password (made by a mailed link) cannot be signed into with one
    expect((await person('198.51.100.5').post('/signin', { email: 'pw@example.com', password: PASSWORD })).status).toBe(
      401,
    );
    const right = await person('198.51.100.6').post('/signin', {
      email: 'pw2@example.com',
      password: PASSWORD,
      next: '/me/orders',
    });
    expect(right).toMatchObject({ status: 303, location: '/me/orders' });
    // a next that leaves the site goes to the account page instead
    const away = await person('198.51.100.6').post('/signin', {
      email: 'pw2@example.com',
      password: PASSWORD,
      next: '//evil.example/',
    });
    expect(away).toMatchObject({ status: 303, location: '/me' });
  });

  it('when a form comes from another site, or a signed-in form lacks the session’s token, then it is refused and nothing happens', async () => {
    const crossSite = await person('198.51.100.7').post(
      '/signup',
      { email: 'forged@example.com', password: PASSWORD },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    expect(await accountsNamed('forged@example.com')).toBe(0);
    const forgedSignIn = await person('198.51.100.7').post(
      '/signin',
      { email: 'new@example.com', password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(forgedSignIn.status).toBe(403);
    expect(forgedSignIn.setCookie.some((line) => line.startsWith('ld_session='))).toBe(false);

    // signed in: sign-out needs the session's CSRF token
    const c = person('198.51.100.8');
    await c.post('/signup', { email: 'leaver@example.com', password: PASSWORD });
    expect((await c.post('/signout', {})).status).toBe(403);
    expect((await c.get('/me')).status).toBe(200);
    const csrf = hidden((await c.get('/me')).text, 'csrf');
    expect(await c.post('/signout', { csrf })).toMatchObject({ status: 303, location: '/signin' });
    expect((await c.get('/me')).status).toBe(303);
  });

  it('when one address posts the password forms past RATE_LIMIT_SIGN_IN then 429 with Retry-After and the error next to the field; the OAuth sign-in form shares the count; another address still gets in', async () => {
    const c = person('203.0.113.9');
    for (let i = 0; i < 4; i++) {
      const r = await c.post('/signin', { email: 'someone@example.com', password: 'wrong password!' });
      expect(r.status).toBe(401);
      expect(r.headers.get('ratelimit-policy')).toBe('"sign-in";q=4;w=3600');
    }
    const refused = await c.post('/signin', { email: 'someone@example.com', password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('content-security-policy')).toMatch(CSP);
    expect(refused.text).toMatch(/id="signin-email-error"[^>]*>too many tries/);
    expect(refused.text).toContain('value="someone@example.com"');
    expect((await c.post('/signup', { email: 'late@example.com', password: PASSWORD })).status).toBe(429);
    expect(await accountsNamed('late@example.com')).toBe(0);
    expect((await c.post('/oauth/interaction/abc/login', { email: 'someone@example.com' })).status).toBe(429);
    expect((await person('203.0.113.10').post('/signin', { email: 'someone@example.com', password: 'x' })).status).toBe(
      401,
    );
    // the pages themselves (GET) are not limited this way
    expect((await c.get('/signin')).status).toBe(200);
  });

  // #27 item 4: the site's forms are limited in their handlers (whatever spelling reached them); the
  // OAuth form's limit keyed on one exact path until it keyed on its route
  it('when one address posts the password forms under other spellings of their paths then every try counts in the one sign-in bucket', async () => {
    const c = person('203.0.113.77');
    const form = { email: 'someone@example.com', password: 'wrong password!' };
    const remaining: (string | null)[] = [];
    for (const path of ['/signin/', '/s%69gnin', '/signup/?next=/me', '/oauth/interaction/abc/login/']) {
      const r = await c.post(path, form);
      expect(r.status).not.toBe(404);
      remaining.push(r.headers.get('ratelimit'));
    }
    expect(remaining.map((header) => /r=(\d)/.exec(header ?? '')?.[1])).toEqual(['3', '2', '1', '0']);
    expect((await c.post('/oauth/interaction/abc/l%6Fgin', form)).status).toBe(429);
    expect((await c.post('/sign%75p', form)).status).toBe(429);
    // paths the router does not serve are not the forms
    expect((await c.post('/SIGNIN', form)).status).toBe(404);
  });

  it('when the old API keys address is opened then it moves to the account page’s API keys', async () => {
    const r = await person('198.51.100.11').get('/account/api-keys');
    expect(r).toMatchObject({ status: 301, location: '/me#api-keys' });
  });

  describe.skipIf(!chromiumAvailable)('in a headless browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    }, 60_000);
    afterAll(() => browser?.close());

    it('when a person signs up, makes a key (shown once), revokes it, signs out and back in then each step shows and works', async () => {
      const context = await offlineContext(browser);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`${page.url()}: ${m.text()}`);
      });
      const axe = async (what: string) => {
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        expect(
          results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
          what,
        ).toEqual([]);
      };
      const me = (key: string) =>
        fetch(`${running.base}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);

      await page.goto(`${running.base}/signup`);
      await axe('/signup');
      await page.getByLabel('Email').fill('browser@example.com');
      await page.getByLabel('Name').fill('Browser Person');
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(`${running.base}/me`);

      await page.fill('#key-name', 'CI deploys');
      await page.getByRole('checkbox', { name: 'listings:write' }).check();
      await page.click('form[action="/me/api-keys"] button[type=submit]');
      const key = (await page.textContent('#new-api-key'))?.trim() ?? '';
      expect(key).toMatch(/^ldk_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
      expect(await me(key)).toBe(200);
      // shown once: a fresh load lists the key without its secret
      await page.goto(`${running.base}/me`);
      expect(await page.locator('#new-api-key').count()).toBe(0);
      expect(await page.content()).not.toContain(key);
      await page.getByRole('button', { name: 'Revoke CI deploys' }).click();
      await page.waitForLoadState();
      expect(await page.getByRole('button', { name: 'Revoke CI deploys' }).count()).toBe(0);
      expect(await me(key)).toBe(401);

      // sign out, then back in through the password form, which comes back to /me
      await page.click('form[action="/me/signout"] button[type=submit]');
      await page.goto(`${running.base}/signin?next=/me`);
      await axe('/signin');
      await page.getByLabel('Email').fill('browser@example.com');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${running.base}/me`);
      expect(await page.textContent('header .account')).toContain('Browser Person');
      expect(problems).toEqual([]);
      await context.close();
    }, 60_000);
  });
});
