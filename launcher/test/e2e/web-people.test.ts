import { mkdirSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { VIEWERS_PER_NETWORK_PER_DAY, VOTE_DISCOUNT_WORDS, VOTE_RATE_LIMITS } from '@listings/contracts';
import { readOutbox } from '@listings/platform/mail';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';
import { ageAccount, runCli } from '../support.ts';
import {
  CHROMIUM,
  chromiumAvailable,
  formClient,
  hidden,
  launchChromium,
  mailedPath,
  offlineContext,
} from './web-support.ts';

const available = chromiumAvailable;
if (!available)
  console.warn(`skipping the people browser test: ${CHROMIUM} is not installed (Debian package "chromium")`);

/** where the account page's screenshot goes (docs/screenshots with SCREENSHOT_DIR=docs/screenshots) */
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'listings-web-screenshots');

type Running = Awaited<ReturnType<typeof startAllInOneInProcess>>;

describe('the people side of the site (all-in-one)', () => {
  let running: Running;
  let slug: string;
  const weekly = async () => {
    const board = (await (await fetch(`${running.base}/api/v1/leaderboards/community-weekly?per_page=100`)).json()) as {
      items: { listing: { slug: string }; metric: { value: number } }[];
    };
    return board.items;
  };
  const weeklyVotesOf = async (s: string) => (await weekly()).find((i) => i.listing.slug === s)?.metric.value ?? 0;

  beforeAll(async () => {
    running = await startAllInOneInProcess({ DEMO_DATA: 'on', API_KEYS_PER_ACCOUNT_PER_DAY: '2' });
    slug = (await weekly())[0]?.listing.slug as string;
  }, 90_000);
  afterAll(() => running?.stop());

  const signInAs = async (email: string) => {
    const c = formClient(running.base);
    const form = await c.go('/signin/email?next=/me');
    expect(form.status).toBe(200);
    const sent = await c.go('/signin/email', {
      method: 'POST',
      form: { email, next: '/me', form_id: hidden(form.text, 'form_id') },
    });
    expect(sent.text).toContain('Check your email');
    const link = await mailedPath(running.dataDir, email, '/signin/link');
    const token = new URLSearchParams(link.split('?')[1]).get('token') as string;
    const used = await c.go('/signin/link', { method: 'POST', form: { token } });
    expect(used).toMatchObject({ status: 303, location: '/me' });
    return c;
  };

  it('when someone without a session votes then they are sent to sign in and come back to the page', async () => {
    const c = formClient(running.base);
    const r = await c.go(`/listings/${slug}/vote`, { method: 'POST', form: { return_to: `/listings/${slug}` } });
    expect(r.status).toBe(303);
    expect(r.location).toBe(`/signin/email?next=${encodeURIComponent(`/listings/${slug}`)}`);
  });

  /** a listing's view count, as the API shows it */
  const viewsOf = async (s: string) =>
    ((await (await fetch(`${running.base}/api/v1/listings/${s}`)).json()) as { views: number }).views;
  /** waits until `s` has `count` views, then until a fresh visitor's view of `marker`, sent after, is counted too */
  const settledViews = async (s: string, count: number, marker: string) => {
    await vi.waitFor(async () => expect(await viewsOf(s)).toBeGreaterThanOrEqual(count), {
      timeout: 5_000,
      interval: 100,
    });
    const markerStart = await viewsOf(marker);
    expect((await formClient(running.base).go(`/listings/${marker}`, { headers: BROWSER })).status).toBe(200);
    await vi.waitFor(async () => expect(await viewsOf(marker)).toBe(markerStart + 1), {
      timeout: 5_000,
      interval: 100,
    });
    return viewsOf(s);
  };
  const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' };

  it('when someone opens a listing page again, with their visitor cookie and other user agents, then its view count goes up once, after the page was sent', async () => {
    const start = await viewsOf(slug);
    const visitor = formClient(running.base);
    for (const agent of ['Chrome/131.0', 'Firefox/133.0', 'Safari/605.1'])
      expect(
        (
          await visitor.go(`/listings/${slug}`, {
            headers: { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) ${agent}` },
          })
        ).status,
      ).toBe(200);
    // the edge sends the views of a moment together, within VIEWS_FLUSH_MS
    const marker = (await weekly())[3]?.listing.slug as string;
    expect(await settledViews(slug, start + 1, marker)).toBe(start + 1);
  });

  it('when one address opens a listing with 8 user agents and no cookie then at most VIEWERS_PER_NETWORK_PER_DAY views count', async () => {
    const [burst, marker] = [(await weekly())[1]?.listing.slug as string, (await weekly())[4]?.listing.slug as string];
    const start = await viewsOf(burst);
    for (let i = 0; i < 8; i++)
      expect(
        (await fetch(`${running.base}/listings/${burst}`, { headers: { 'user-agent': `Mozilla/5.0 Browser/${i}.0` } }))
          .status,
      ).toBe(200);
    expect(await settledViews(burst, start + VIEWERS_PER_NETWORK_PER_DAY, marker)).toBe(
      start + VIEWERS_PER_NETWORK_PER_DAY,
    );
  });

  it('when a signed-in person opens a listing with different visitor cookies and user agents then it counts once', async () => {
    const [listing, marker] = [
      (await weekly())[2]?.listing.slug as string,
      (await weekly())[5]?.listing.slug as string,
    ];
    const person = await signInAs('viewer@example.com');
    const start = await viewsOf(listing);
    for (const [i, agent] of ['Phone/1.0', 'Laptop/2.0', 'Tablet/3.0'].entries()) {
      const visitorCookie = `${String(i).repeat(22)}`;
      const page = await fetch(`${running.base}/listings/${listing}`, {
        headers: {
          'user-agent': `Mozilla/5.0 ${agent}`,
          cookie: `ld_session=${person.cookie()}; ld_visitor=${visitorCookie}`,
        },
      });
      expect(page.status).toBe(200);
    }
    expect(await settledViews(listing, start + 1, marker)).toBe(start + 1);
  });

  it('when a sign-in link is used twice then the second time it does not work', async () => {
    const c = formClient(running.base);
    const form = await c.go('/signin/email');
    await c.go('/signin/email', {
      method: 'POST',
      form: { email: 'once@example.com', form_id: hidden(form.text, 'form_id') },
    });
    const token = new URLSearchParams(
      (await mailedPath(running.dataDir, 'once@example.com', '/signin/link')).split('?')[1],
    ).get('token') as string;
    expect((await c.go('/signin/link', { method: 'POST', form: { token } })).status).toBe(303);
    expect((await formClient(running.base).go('/signin/link', { method: 'POST', form: { token } })).status).toBe(410);
  });

  it('when a mailed link is opened then its page is never stored by a cache and sends no referrer', async () => {
    const r = await fetch(`${running.base}/signin/link?token=${'A'.repeat(43)}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(r.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('when the email form is wrong then the error is next to the field and what was typed is kept', async () => {
    const c = formClient(running.base);
    const r = await c.go('/signin/email', { method: 'POST', form: { email: 'not-an-address', next: '/' } });
    expect(r.status).toBe(400);
    expect(r.text).toContain('value="not-an-address"');
    expect(r.text).toMatch(/id="signin-email-error"[^>]*>enter an email address/);
  });

  it('when a signed-in person posts a form from another site or without the session’s token then it is refused and nothing changes', async () => {
    const c = await signInAs('careful@example.com');
    // a new account is told on the listing page that its votes count 0 for now, and why; once old enough, not
    const young = (await c.go(`/listings/${slug}`)).text;
    expect(young).toContain(
      `Your votes are recorded but count 0 on the boards for now: ${VOTE_DISCOUNT_WORDS.young_account}.`,
    );
    await ageAccount(running, 'careful@example.com');
    expect((await c.go(`/listings/${slug}`)).text).not.toContain('count 0 on the boards');
    const before = await weeklyVotesOf(slug);
    const me = await c.go('/me');
    const csrf = hidden(me.text, 'csrf');
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const crossSite = await c.go(`/listings/${slug}/vote`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      form: { csrf },
    });
    expect(crossSite.status).toBe(403);
    const otherOrigin = await c.go(`/listings/${slug}/vote`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      form: { csrf },
    });
    expect(otherOrigin.status).toBe(403);
    const noToken = await c.go(`/listings/${slug}/vote`, { method: 'POST', form: {} });
    expect(noToken.status).toBe(403);
    expect(await weeklyVotesOf(slug)).toBe(before);
    // with the token it counts, and a second submission changes nothing
    expect((await c.go(`/listings/${slug}/vote`, { method: 'POST', form: { csrf } })).status).toBe(303);
    expect((await c.go(`/listings/${slug}/vote`, { method: 'POST', form: { csrf } })).status).toBe(303);
    expect(await weeklyVotesOf(slug)).toBe(before + 1);
    // the listing page now offers to take the vote back, and to unfollow once followed
    expect((await c.go(`/listings/${slug}`)).text).toContain('name="action" value="withdraw"');
    expect((await c.go(`/listings/${slug}/follow`, { method: 'POST', form: { csrf } })).status).toBe(303);
    expect((await c.go(`/listings/${slug}`)).text).toContain('name="action" value="unfollow"');
    expect((await c.go(`/listings/${slug}/vote`, { method: 'POST', form: { csrf, action: 'withdraw' } })).status).toBe(
      303,
    );
    expect(await weeklyVotesOf(slug)).toBe(before);
  });

  it('when one account votes more often than the limit then it gets 429 and catalog is not asked', async () => {
    const c = await signInAs('eager@example.com');
    const csrf = hidden((await c.go('/me')).text, 'csrf');
    const statuses: number[] = [];
    for (let i = 0; i <= VOTE_RATE_LIMITS.perAccount.limit; i++)
      statuses.push((await c.go(`/listings/${slug}/vote`, { method: 'POST', form: { csrf } })).status);
    expect(statuses.slice(0, VOTE_RATE_LIMITS.perAccount.limit).every((s) => s === 303)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('when the API key form is submitted twice then one key is made', async () => {
    const c = await signInAs('twice@example.com');
    const me = await c.go('/me');
    const form = {
      csrf: hidden(me.text, 'csrf'),
      form_id: hidden(me.text, 'form_id'),
      name: 'laptop',
      scopes: 'account:read',
    };
    const first = await c.go('/me/api-keys', { method: 'POST', form });
    expect(first.status).toBe(201);
    const second = await c.go('/me/api-keys', { method: 'POST', form });
    expect(second.text).toContain('sent already');
    expect((await c.go('/me')).text.match(/Revoke laptop/g)).toHaveLength(1);
  });

  it('when a person made API_KEYS_PER_ACCOUNT_PER_DAY keys today then the form answers 429 naming the limit, even after a revoke, and the operator CLI still can', async () => {
    const c = await signInAs('many-keys@example.com');
    const make = async (name: string) => {
      const me = await c.go('/me');
      return c.go('/me/api-keys', {
        method: 'POST',
        form: { csrf: hidden(me.text, 'csrf'), form_id: hidden(me.text, 'form_id'), name, scopes: 'account:read' },
      });
    };
    expect((await make('one')).status).toBe(201);
    expect((await make('two')).status).toBe(201);
    const me = await c.go('/me');
    const keyId = /name="key_id" value="([^"]+)"/.exec(me.text)?.[1] as string;
    expect(
      (await c.go('/me/api-keys/revoke', { method: 'POST', form: { csrf: hidden(me.text, 'csrf'), key_id: keyId } }))
        .status,
    ).toBeLessThan(400);
    const refused = await make('three');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.text).toContain('API_KEYS_PER_ACCOUNT_PER_DAY');
    // next to the name field, with what was typed kept
    expect(refused.text).toMatch(/id="key-name-error"[^>]*>[^<]*API_KEYS_PER_ACCOUNT_PER_DAY/);
    expect(refused.text).toContain('value="three"');
    expect((await c.go('/me')).text).not.toContain('Revoke three');
    const cli = await runCli(
      { DATA_DIR: running.dataDir, LOG_LEVEL: 'silent' },
      'api-key',
      'create',
      '--email',
      'many-keys@example.com',
      '--scopes',
      'account:read',
      '--name',
      'operator',
    );
    expect(cli.code, cli.stderr).toBe(0);
  });

  it('when sign out everywhere is used then every session of the person ends', async () => {
    const a = await signInAs('everywhere@example.com');
    const b = await signInAs('everywhere@example.com');
    const me = await a.go('/me');
    expect(
      (await a.go('/me/signout-everywhere', { method: 'POST', form: { csrf: hidden(me.text, 'csrf') } })).status,
    ).toBe(303);
    expect((await b.go('/me')).location).toBe('/signin/email?next=%2Fme');
  });

  it('when a person follows a listing and its owner posts an update then it is mailed to them and on /me/notifications', async () => {
    // the owner: an account with a key, and a listing of theirs (saved as a submitted draft would)
    const owner = await signInAs('maker@example.com');
    const ownerMe = await owner.go('/me');
    const made = await owner.go('/me/api-keys', {
      method: 'POST',
      form: {
        csrf: hidden(ownerMe.text, 'csrf'),
        form_id: hidden(ownerMe.text, 'form_id'),
        name: 'tools',
        scopes: 'listings:write',
      },
    });
    const key = /id="new-api-key">([^<]+)</.exec(made.text)?.[1] as string;
    const ownerId = ((await running.identity.store.findAccountForSignIn('maker@example.com')) as { id: string }).id;
    const saved = (await running.bus.request('catalog.internal.save_listing_from_draft', {
      listing_id: null,
      draft_id: '00000000-0000-4000-8000-00000000f011',
      owner_account_ids: [ownerId],
      profile: { url: 'https://www.followed.example', name: 'Followed Thing', tagline: 'Worth following' },
    })) as { body: { listing_id: number; slug: string } };

    const fan = await signInAs('fan@example.com');
    const fanMe = await fan.go('/me');
    expect(
      (
        await fan.go(`/listings/${saved.body.slug}/follow`, {
          method: 'POST',
          form: { csrf: hidden(fanMe.text, 'csrf') },
        })
      ).status,
    ).toBe(303);

    const outbox = path.join(running.dataDir, 'outbox');
    const mailed = new Promise<void>((resolve) => {
      const watcher = watch(outbox, async () => {
        if (
          (await readOutbox(running.dataDir)).some((m) => m.to === 'fan@example.com' && m.kind === 'listing-update')
        ) {
          watcher.close();
          resolve();
        }
      });
    });
    const posted = await fetch(`${running.base}/api/v1/me/listings/${saved.body.listing_id}/updates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Version 2 is out', body: 'Twice as fast.' }),
    });
    expect(posted.status).toBe(201);
    await mailed;
    const mail = (await readOutbox(running.dataDir)).find(
      (m) => m.to === 'fan@example.com' && m.kind === 'listing-update',
    );
    expect(mail?.subject).toBe('Followed Thing: Version 2 is out');
    expect(mail?.text).toContain(`/listings/${saved.body.slug}`);
    const notifications = await fan.go('/me/notifications');
    expect(notifications.text).toContain('Version 2 is out');
    expect((await owner.go('/me/notifications')).text).not.toContain('Version 2 is out');
  });

  describe.skipIf(!available)('in a headless browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      browser = await launchChromium();
    }, 60_000);
    afterAll(() => browser?.close());

    it('when a person signs in by the mailed link and votes then the home page and the REST leaderboard move; a key made on /me works on /api/v1', async () => {
      const context = await offlineContext(browser);
      const page = await context.newPage();
      const before = await weeklyVotesOf(slug);

      // sign in: the email form, then the link from the outbox; it comes back to the home page
      await page.goto(`${running.base}/signin/email?next=/`);
      await page.fill('#signin-email', 'browser@example.com');
      await page.click('main button[type=submit]');
      await page.waitForSelector('text=Check your email');
      await page.goto(`${running.base}${await mailedPath(running.dataDir, 'browser@example.com', '/signin/link')}`);
      await page.click('#use-sign-in-link');
      await page.waitForLoadState();

      await page.waitForURL(`${running.base}/`);
      expect(await page.textContent('header .account')).toContain('browser@example.com');
      await ageAccount(running, 'browser@example.com');

      // vote on the home page (the script posts it in the background and updates the count)
      const vote = page.locator(`form[action="/listings/${slug}/vote"] button`).first();
      await vote.click();
      await page.waitForFunction(
        (s) =>
          document.querySelector(`form[action="/listings/${s}/vote"] button`)?.getAttribute('aria-pressed') === 'true',
        slug,
      );
      expect(await weeklyVotesOf(slug)).toBe(before + 1);
      await page.reload();
      expect(await page.locator(`form[action="/listings/${slug}/vote"] [data-vote-count]`).first().textContent()).toBe(
        String(before + 1),
      );

      // an API key made on /me, shown once, works against the API
      await page.goto(`${running.base}/me`);
      await page.fill('#key-name', 'from the browser');
      await page.click('form[action="/me/api-keys"] button[type=submit]');
      const key = (await page.textContent('#new-api-key'))?.trim() ?? '';
      expect(key).toMatch(/^ldk_/);
      const meOverApi = await fetch(`${running.base}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
      expect(meOverApi.status).toBe(200);
      expect(await meOverApi.json()).toMatchObject({ email: 'browser@example.com' });
      await page.screenshot({ path: `${SCREENSHOTS}/account.png`, fullPage: true });

      // the people pages: no serious or critical accessibility violation, no CSP refusal or script error
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`${page.url()}: ${m.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
      for (const path of ['/me', '/me/notifications', `/listings/${slug}/reviews`, `/listings/${slug}`]) {
        expect((await page.goto(`${running.base}${path}`))?.status(), path).toBe(200);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
        expect(serious, path).toEqual([]);
      }
      await context.close();
      const signedOut = await browser.newContext();
      const anonymous = await signedOut.newPage();
      for (const path of ['/signin/email?next=/']) {
        await anonymous.goto(`${running.base}${path}`);
        const results = await new AxeBuilder({ page: anonymous }).withTags(['wcag2a', 'wcag2aa']).analyze();
        expect(
          results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
          path,
        ).toEqual([]);
      }
      await signedOut.close();
      expect(problems).toEqual([]);
    }, 60_000);
  });
});
