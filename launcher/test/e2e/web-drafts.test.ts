import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { readOutbox } from '@listings/platform/mail';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTS, type FixtureSite, startFixtureSite } from '../../../services/drafting/test/support/fixture-site.ts';
import { startAllInOneInProcess } from '../in-process.ts';
import { CHROMIUM, chromiumAvailable, formClient, hidden, launchChromium } from './web-support.ts';

const available = chromiumAvailable;
if (!available)
  console.warn(`skipping the drafts browser test: ${CHROMIUM} is not installed (Debian package "chromium")`);
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? path.join(tmpdir(), 'listings-web-screenshots');

type Running = Awaited<ReturnType<typeof startAllInOneInProcess>>;

type Client = ReturnType<typeof formClient>;
const DRAFT_PATH = /^\/me\/drafts\/([0-9a-f-]{36})$/;

describe('your drafts on the site (all-in-one, crawling a loopback site)', () => {
  let running: Running;
  let site: FixtureSite;

  beforeAll(async () => {
    site = await startFixtureSite();
    // the crawl target is this test's own loopback site
    running = await startAllInOneInProcess({ FETCH_ALLOW_PRIVATE_NETWORKS: 'true' });
  }, 90_000);
  afterAll(async () => {
    await running?.stop();
    await site?.close();
  });

  const signInAs = async (email: string): Promise<Client> => {
    const c = formClient(running.base);
    const form = await c.go('/signin/email?next=/me/drafts');
    await c.go('/signin/email', {
      method: 'POST',
      form: { email, next: '/me/drafts', form_id: hidden(form.text, 'form_id') },
    });
    const mail = (await readOutbox(running.dataDir)).filter((m) => m.to === email).at(-1);
    const link = new URL(mail?.text.split(/\s+/).find((word) => word.includes('/signin/link')) as string);
    const used = await c.go('/signin/link', { method: 'POST', form: { token: link.searchParams.get('token') ?? '' } });
    expect(used).toMatchObject({ status: 303, location: '/me/drafts' });
    return c;
  };

  /** submits a URL on /me/drafts as a person would: the page's form with its hidden fields */
  const submitUrl = async (c: Client, url: string) => {
    const page = await c.go('/me/drafts');
    const form = { csrf: hidden(page.text, 'csrf'), form_id: hidden(page.text, 'form_id'), url };
    return { form, answer: await c.go('/me/drafts', { method: 'POST', form }) };
  };

  /** asks the progress endpoint until the draft is settled (bounded) */
  const settled = async (c: Client, id: string) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const progress = JSON.parse((await c.go(`/me/drafts/${id}/progress`)).text) as {
        settled: boolean;
        status: string;
      };
      if (progress.settled) return progress;
      if (Date.now() > deadline) throw new Error(`draft ${id} never settled`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('when nobody is signed in then the drafts pages go to sign-in and come back, and progress answers 401', async () => {
    const c = formClient(running.base);
    expect(await c.go('/me/drafts')).toMatchObject({
      status: 303,
      location: `/signin/email?next=${encodeURIComponent('/me/drafts')}`,
    });
    const id = '00000000-0000-4000-8000-000000000001';
    expect((await c.go(`/me/drafts/${id}`)).location).toBe(
      `/signin/email?next=${encodeURIComponent(`/me/drafts/${id}`)}`,
    );
    expect((await c.go(`/me/drafts/${id}/progress`)).status).toBe(401);
  });

  it('when a form comes from another site or without the session’s token then it is refused and no draft is made', async () => {
    const c = await signInAs('csrf-drafts@example.com');
    const page = await c.go('/me/drafts');
    const csrf = hidden(page.text, 'csrf');
    const noToken = await c.go('/me/drafts', { method: 'POST', form: { url: site.url } });
    expect(noToken.status).toBe(403);
    const crossSite = await c.go('/me/drafts', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      form: { csrf, url: site.url },
    });
    expect(crossSite.status).toBe(403);
    expect((await c.go('/me/drafts')).text).toContain('No drafts yet.');
  });

  it('when the URL is not a website address then the error is next to the field and what was typed is kept', async () => {
    const c = await signInAs('typo@example.com');
    const { answer } = await submitUrl(c, 'acme ledger dot com');
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('value="acme ledger dot com"');
    expect(answer.text).toMatch(/aria-describedby="draft-url-error"/);
    expect(answer.text).toMatch(/id="draft-url-error"[^>]*>enter the full address of a website/);
  });

  it('when a URL is submitted twice then one draft is made, progress shows the crawl, and someone else gets 404 for it', async () => {
    const c = await signInAs('owner-drafts@example.com');
    site.hold();
    let id: string;
    try {
      const { form, answer } = await submitUrl(c, site.url);
      expect(answer.status).toBe(303);
      id = DRAFT_PATH.exec(answer.location ?? '')?.[1] as string;
      expect(id).toBeDefined();
      // the same form again (a double click, a resubmitted page): the same draft
      expect((await c.go('/me/drafts', { method: 'POST', form })).location).toBe(`/me/drafts/${id}`);
      expect((await c.go('/me/drafts')).text.match(/href="\/me\/drafts\/[0-9a-f-]{36}"/g)).toHaveLength(1);

      // while the site is held, the draft is crawling: the page says so and polls
      const progress = await c.go(`/me/drafts/${id}/progress`);
      expect(progress.type).toContain('application/json');
      expect(JSON.parse(progress.text)).toMatchObject({ status: 'crawling', settled: false });
      const page = await c.go(`/me/drafts/${id}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`data-progress-url="/me/drafts/${id}/progress"`);
      expect(page.text).toContain(`href="/me/drafts/${id}">Refresh</a>`);
    } finally {
      site.release();
    }
    expect(await settled(c, id)).toMatchObject({ status: 'ready', settled: true });
    const ready = await c.go(`/me/drafts/${id}`);
    expect(ready.text).not.toContain('data-progress-url');
    expect(ready.text).toContain(`value="${FACTS.name}"`);

    // another person: the page, its progress and its actions are not found, and nothing changes
    const other = await signInAs('someone-else@example.com');
    const csrf = hidden((await other.go('/me/drafts')).text, 'csrf');
    const theirs = await other.go(`/me/drafts/${id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.type).toContain('text/html');
    expect(theirs.text).toContain('Not found');
    expect((await other.go(`/me/drafts/${id}/progress`)).status).toBe(404);
    expect(
      (await other.go(`/me/drafts/${id}`, { method: 'POST', form: { csrf, 'fields.city': 'Elsewhere' } })).status,
    ).toBe(404);
    expect((await other.go(`/me/drafts/${id}/submit`, { method: 'POST', form: { csrf } })).status).toBe(404);
    expect(
      (await other.go(`/me/drafts/${id}/fields`, { method: 'POST', form: { csrf, action: 'lock:name' } })).status,
    ).toBe(404);
    expect((await other.go('/me/drafts/not-a-draft')).status).toBe(404);
    const still = await c.go(`/me/drafts/${id}`);
    expect(still.text).not.toContain('Elsewhere');
    expect(still.text).not.toContain('Saved as listing');
  }, 60_000);

  it('when values are edited, locked, regenerated, a co-founder invited and the draft submitted twice then errors sit next to fields and one listing is made', async () => {
    const c = await signInAs('editor@example.com');
    const { answer } = await submitUrl(c, site.url);
    const id = DRAFT_PATH.exec(answer.location ?? '')?.[1] as string;
    await settled(c, id);
    const page = await c.go(`/me/drafts/${id}`);
    const csrf = hidden(page.text, 'csrf');

    // an unknown category: refused next to its field, everything typed kept, nothing saved
    const refused = await c.go(`/me/drafts/${id}`, {
      method: 'POST',
      form: { csrf, 'fields.city': 'Berlin', 'fields.categories': 'No Such Category 42' },
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/id="field-categories-error"[^>]*>[^<]*No Such Category 42/);
    expect(refused.text).toMatch(/<textarea[^>]*name="fields.categories"[^>]*>No Such Category 42<\/textarea>/);
    expect(refused.text).toMatch(/<input[^>]*name="fields.city"[^>]*value="Berlin"/);

    // a good edit: only what changed is sent, the field becomes yours
    const saved = await c.go(`/me/drafts/${id}`, { method: 'POST', form: { csrf, 'fields.city': 'Berlin' } });
    expect(saved).toMatchObject({ status: 303, location: `/me/drafts/${id}?done=saved` });
    const edited = await c.go(`/me/drafts/${id}?done=saved`);
    expect(edited.text).toContain('Your changes are saved.');
    expect(edited.text).toMatch(/id="field-city-state"><span class="badge">manual<\/span>/);
    expect(edited.text).toMatch(/name="fields.name"[^>]*value="Acme Ledger"/);

    // lock the name: state override, no lock or regenerate button for it any more
    const locked = await c.go(`/me/drafts/${id}/fields`, {
      method: 'POST',
      form: { csrf, form_id: hidden(edited.text, 'form_id'), action: 'lock:name' },
    });
    expect(locked.location).toBe(`/me/drafts/${id}?done=locked`);
    const afterLock = (await c.go(`/me/drafts/${id}`)).text;
    expect(afterLock).toMatch(/id="field-name-state"><span class="badge">override<\/span>/);
    expect(afterLock).not.toContain('aria-label="Lock Name"');
    expect(afterLock).toContain('aria-label="Restore the drafted Name"');

    // regenerate the tagline from the site's evidence: the page follows it until it is back
    const regenerated = await c.go(`/me/drafts/${id}/fields`, {
      method: 'POST',
      form: { csrf, form_id: hidden(afterLock, 'form_id'), action: 'regenerate:tagline' },
    });
    expect(regenerated.location).toBe(`/me/drafts/${id}?done=regenerating`);
    expect(await settled(c, id)).toMatchObject({ status: 'ready', settled: true });
    expect((await c.go(`/me/drafts/${id}`)).text).toMatch(/id="field-tagline-state"><span class="badge">ai<\/span>/);
    // a locked field cannot be regenerated: drafting's reason is shown next to it
    const refusedRegenerate = await c.go(`/me/drafts/${id}/fields`, {
      method: 'POST',
      form: { csrf, action: 'regenerate:name' },
    });
    expect(refusedRegenerate.status).toBeGreaterThanOrEqual(400);
    expect(refusedRegenerate.text).toMatch(/id="field-name-error"[^>]*>[^<]*locked/);

    // invite a co-founder, the same form twice: one invite, one mail
    const beforeInvite = (await c.go(`/me/drafts/${id}`)).text;
    const invite = { csrf, form_id: hidden(beforeInvite, 'form_id'), email: 'cofounder@example.com' };
    expect((await c.go(`/me/drafts/${id}/invites`, { method: 'POST', form: invite })).location).toBe(
      `/me/drafts/${id}?done=invited`,
    );
    expect((await c.go(`/me/drafts/${id}/invites`, { method: 'POST', form: invite })).status).toBe(303);
    expect((await c.go(`/me/drafts/${id}`)).text.match(/cofounder@example.com: invited/g)).toHaveLength(1);
    expect((await readOutbox(running.dataDir)).filter((m) => m.to === 'cofounder@example.com')).toHaveLength(1);

    // submit twice: one listing, the same one
    const first = await c.go(`/me/drafts/${id}/submit`, { method: 'POST', form: { csrf } });
    expect(first.location).toBe(`/me/drafts/${id}?done=submitted`);
    const listingId = /Saved as listing (\d+)/.exec((await c.go(`/me/drafts/${id}`)).text)?.[1];
    expect(listingId).toBeDefined();
    expect((await c.go(`/me/drafts/${id}/submit`, { method: 'POST', form: { csrf } })).status).toBe(303);
    expect((await c.go(`/me/drafts/${id}`)).text).toContain(`Saved as listing ${listingId}`);
  }, 60_000);

  it('when the site cannot be read then the draft page says why and offers to try again', async () => {
    const c = await signInAs('unreachable@example.com');
    // a loopback port nothing listens on (the fixture site's, once closed)
    const gone = await startFixtureSite();
    await gone.close();
    const { answer } = await submitUrl(c, gone.url);
    const id = DRAFT_PATH.exec(answer.location ?? '')?.[1] as string;
    expect(await settled(c, id)).toMatchObject({ status: 'failed', settled: true });
    const page = await c.go(`/me/drafts/${id}`);
    expect(page.text).toContain('Your site could not be read');
    expect(page.text).toContain('Try this website again');
    expect(page.text).not.toContain('id="submit-draft"');
  }, 60_000);

  describe.skipIf(!available)('in a headless browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      browser = await launchChromium();
    }, 60_000);
    afterAll(() => browser?.close());

    const axe = async (page: Page) => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    };

    it('when a person submits a URL then they watch the draft reach ready, with the evidence beside each value', async () => {
      const signedIn = await signInAs('browser-drafts@example.com');
      const context = await browser.newContext();
      await context.addCookies([{ name: 'ld_session', value: signedIn.cookie(), url: running.base }]);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        // (the site has no favicon yet: the browser's own request for one is not this page's problem)
        if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico'))
          problems.push(`${page.url()}: ${m.text()} ${m.location().url}`);
      });
      page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));

      await page.goto(`${running.base}/me/drafts`);
      expect(await axe(page), '/me/drafts').toEqual([]);
      // the site answers nothing until released: the page shows the crawl and updates itself
      site.hold();
      try {
        await page.fill('#draft-url', site.url);
        await page.click('form[action="/me/drafts"] button[type=submit]');
        await page.waitForURL(/\/me\/drafts\/[0-9a-f-]{36}$/);
        expect(await page.textContent('[data-progress-status]')).toBe('crawling');
        expect(await axe(page), 'a crawling draft').toEqual([]);
      } finally {
        site.release();
      }
      // no reload by the test: site.js polls and loads the page again once the draft is ready
      await page.waitForSelector('h2:has-text("Status: ready")', { timeout: 30_000 });
      expect(await page.inputValue('#field-name')).toBe(FACTS.name);
      expect(await page.locator('#field-name-state').textContent()).toContain('ai');
      const evidence = (await page.locator('#field-name-evidence').textContent()) ?? '';
      expect(evidence).toContain(FACTS.name);
      expect(evidence).toContain(`127.0.0.1:${site.port}`);
      expect(await axe(page), 'a ready draft').toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/draft.png` });

      // lock a value, then submit: the listing is made
      await page.click('button[aria-label="Lock Tagline"]');
      await page.waitForSelector('text=The field is locked');
      expect(await page.locator('#field-tagline-state').textContent()).toContain('override');
      await page.click('#submit-draft');
      await page.waitForSelector('text=The draft is saved as a listing');
      expect(await page.textContent('main')).toMatch(/Saved as listing \d+/);
      await context.close();
      expect(problems).toEqual([]);
    }, 90_000);
  });
});
