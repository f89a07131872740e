import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { identityDatabaseFile, openSqliteIdentityStore } from '@listings/identity/store';
import { connectNatsBus } from '@listings/platform/bus';
import { systemClock } from '@listings/platform/clock';
import { natsServerAvailable } from '@listings/platform/testing/nats-server';
import { type ProductSite, startProductSite } from '@listings/platform/testing/product-site';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';
import { CLUSTER_START_TIMEOUT_MS, startClusterOverNats, tempDataDir } from '../support.ts';
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
  console.warn(`skipping the /me/listings browser test: ${CHROMIUM} is not installed (Debian package "chromium")`);

type Running = Awaited<ReturnType<typeof startAllInOneInProcess>>;
type Owned = {
  listing_id: number;
  slug: string;
  status: string;
  launch_week: string | null;
  tagline?: string;
  city?: string | null;
  founded_year?: string | null;
  features?: string[];
  version: number;
};

/** every field of a page's form as the browser would send it back untouched */
const formOf = (html: string, action: string): Record<string, string> => {
  const form = html.slice(html.indexOf(`action="${action}"`));
  const body = form.slice(0, form.indexOf('</form>'));
  const values: Record<string, string> = {};
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  for (const tag of body.match(/<input[^>]*>/g) ?? []) {
    const attributes = Object.fromEntries([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (attributes.name) values[attributes.name] = decode(attributes.value ?? '');
  }
  for (const m of body.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([^<]*)<\/textarea>/g))
    values[m[1] as string] = decode(m[2] ?? '');
  return values;
};

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

describe('/me/listings and /me/claims (all-in-one)', () => {
  let running: Running;
  let site: ProductSite;
  let meta = '';

  beforeAll(async () => {
    // the listings' website: on loopback, so the claim check never leaves the machine
    site = await startProductSite((requestPath) =>
      requestPath === '/' ? `<!doctype html><head><title>Acme</title>${meta}</head><h1>Acme</h1>` : null,
    );
    running = await startAllInOneInProcess({ FETCH_ALLOW_PRIVATE_NETWORKS: 'true' });
  }, 90_000);
  afterAll(async () => {
    await running?.stop();
    await site?.close();
  });

  const accountIdOf = async (email: string) =>
    ((await running.identity.store.findAccountForSignIn(email)) as { id: string }).id;

  const signInAs = async (email: string) => ({
    ...(await signIn(running.base, running.dataDir, email)),
    accountId: await accountIdOf(email),
  });

  /** an operation called over the bus as `accountId` (as an API key of theirs would) */
  const asAccount = async <T>(accountId: string, operationId: string, params: object, body?: object) => {
    const reply = (await running.bus.request(
      `${operationId === 'claim_listing' || operationId === 'verify_claim' ? 'claims' : 'catalog'}.${operationId}`,
      {
        operation_id: operationId,
        principal: { account_id: accountId, scopes: ['account:read', 'listings:write'], via: 'api_key' },
        params,
        query: {},
        ...(body ? { body } : {}),
      },
    )) as { status: number; body: T };
    return reply;
  };

  /** a listing of `owner`'s (saved as a submitted draft would be), on the free plan: public */
  const listingOf = async (owner: string, name: string): Promise<Owned> => {
    const saved = (await running.bus.request('catalog.internal.save_listing_from_draft', {
      listing_id: null,
      draft_id: randomUUID(),
      owner_account_ids: [owner],
      profile: { url: site.url, name, tagline: 'Widgets for teams', city: 'Berlin', features: ['Fast', 'Small'] },
    })) as { body: { listing_id: number } };
    const free = await asAccount<Owned>(owner, 'choose_free_listing', { listing_id: saved.body.listing_id });
    expect(free.status).toBe(200);
    return free.body;
  };
  const read = async (owner: string, id: number) =>
    (await asAccount<Owned>(owner, 'get_my_listing', { listing_id: id })).body;

  it('when someone signed out opens /me/listings or /me/claims then they are sent to sign in and back', async () => {
    const c = formClient(running.base);
    expect(await c.go('/me/listings')).toMatchObject({ status: 303, location: '/signin/email?next=%2Fme%2Flistings' });
    expect(await c.go('/me/claims')).toMatchObject({ status: 303, location: '/signin/email?next=%2Fme%2Fclaims' });
    expect((await c.go('/me/listings/1/edit', { method: 'POST', form: { tagline: 'x' } })).status).toBe(303);
  });

  it('when an owner opens /me/listings then each listing shows its name, status, launch week and public page', async () => {
    const owner = await signInAs('lister@example.com');
    const listing = await listingOf(owner.accountId, 'Lister Widgets');
    const page = await owner.go('/me/listings');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.text).toContain(`href="/me/listings/${listing.listing_id}/edit"`);
    expect(page.text).toContain('Lister Widgets');
    expect(page.text).toContain('Waiting for the badge on your homepage');
    expect(page.text).toContain(`datetime="${listing.launch_week}"`);
    expect(page.text).toContain(`href="/listings/${listing.slug}"`);
    // the account page links to it
    expect((await owner.go('/me')).text).toContain('href="/me/listings"');
  });

  it('when someone else opens or posts the edit form of a listing then it is the 404 page and nothing changes', async () => {
    const owner = await signInAs('owner-a@example.com');
    const listing = await listingOf(owner.accountId, 'Owned By A');
    const other = await signInAs('other-b@example.com');
    const form = await other.go(`/me/listings/${listing.listing_id}/edit`);
    expect(form.status).toBe(404);
    expect(form.type).toBe('text/html; charset=utf-8');
    expect(form.text).toContain('role="search"');
    expect(form.text).not.toContain('Owned By A');
    const ownerForm = formOf(
      (await owner.go(`/me/listings/${listing.listing_id}/edit`)).text,
      `/me/listings/${listing.listing_id}/edit`,
    );
    const csrf = hidden((await other.go('/me')).text, 'csrf');
    const posted = await other.go(`/me/listings/${listing.listing_id}/edit`, {
      method: 'POST',
      form: { ...ownerForm, csrf, tagline: 'Taken over' },
    });
    expect(posted.status).toBe(404);
    // unknown and malformed numbers look the same
    expect((await other.go('/me/listings/987654/edit')).status).toBe(404);
    expect((await other.go('/me/listings/abc/edit')).status).toBe(404);
    expect((await read(owner.accountId, listing.listing_id)).tagline).toBe('Widgets for teams');
  });

  it('when the owner changes one field then only that field is sent: a change made meanwhile elsewhere stays', async () => {
    const owner = await signInAs('patcher@example.com');
    const listing = await listingOf(owner.accountId, 'Patch Widgets');
    const path = `/me/listings/${listing.listing_id}/edit`;
    const shown = await owner.go(path);
    expect(shown.status).toBe(200);
    const form = formOf(shown.text, path);
    expect(form).toMatchObject({ tagline: 'Widgets for teams', city: 'Berlin', features: 'Fast\nSmall' });
    // meanwhile, the city is changed over the API
    expect(
      (
        await asAccount(
          owner.accountId,
          'update_my_listing',
          { listing_id: listing.listing_id },
          { fields: { city: 'Hamburg' } },
        )
      ).status,
    ).toBe(200);
    const before = await read(owner.accountId, listing.listing_id);
    const saved = await owner.go(path, { method: 'POST', form: { ...form, tagline: 'Widgets for every team' } });
    expect(saved).toMatchObject({ status: 303, location: `${path}?saved=1` });
    const after = await read(owner.accountId, listing.listing_id);
    expect(after).toMatchObject({ tagline: 'Widgets for every team', city: 'Hamburg', version: before.version + 1 });
    expect((await owner.go(`${path}?saved=1`)).text).toContain('Saved: one field changed');
    // the same form sent again changes nothing more
    expect(
      (await owner.go(path, { method: 'POST', form: { ...form, tagline: 'Widgets for every team' } })).status,
    ).toBe(303);
    expect((await read(owner.accountId, listing.listing_id)).version).toBe(after.version);
  });

  it('when the owner empties optional fields then they are cleared', async () => {
    const owner = await signInAs('clearer@example.com');
    const listing = await listingOf(owner.accountId, 'Clear Widgets');
    const path = `/me/listings/${listing.listing_id}/edit`;
    const form = formOf((await owner.go(path)).text, path);
    const saved = await owner.go(path, { method: 'POST', form: { ...form, tagline: '', city: '', features: '' } });
    expect(saved).toMatchObject({ status: 303, location: `${path}?saved=3` });
    const after = await read(owner.accountId, listing.listing_id);
    expect(after.tagline ?? '').toBe('');
    expect(after.city ?? null).toBeNull();
    expect(after.features ?? []).toEqual([]);
  });

  it('when the form has errors then they are beside the fields, what was typed is kept and nothing is saved', async () => {
    const owner = await signInAs('typo@example.com');
    const listing = await listingOf(owner.accountId, 'Typo Widgets');
    const path = `/me/listings/${listing.listing_id}/edit`;
    const form = formOf((await owner.go(path)).text, path);
    const long = 'x'.repeat(201);
    const before = await read(owner.accountId, listing.listing_id);
    const year = await owner.go(path, { method: 'POST', form: { ...form, founded_year: 'soon', city: 'Munich' } });
    expect(year.status).toBe(400);
    expect(year.text).toMatch(/id="edit-founded-year-error"[^>]*>enter a year/);
    expect(year.text).toContain('value="soon"');
    expect(year.text).toContain('value="Munich"');
    const tooLong = await owner.go(path, { method: 'POST', form: { ...form, tagline: long } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toMatch(/id="edit-tagline-error"[^>]*>must NOT have more than 200 characters/);
    expect(tooLong.text).toContain(`value="${long}"`);
    expect((await read(owner.accountId, listing.listing_id)).version).toBe(before.version);
  });

  it('when the edit form comes from another site or without the session’s token then it is refused', async () => {
    const owner = await signInAs('guarded@example.com');
    const listing = await listingOf(owner.accountId, 'Guarded Widgets');
    const path = `/me/listings/${listing.listing_id}/edit`;
    const form = formOf((await owner.go(path)).text, path);
    const { csrf: _, ...withoutToken } = form;
    expect((await owner.go(path, { method: 'POST', form: { ...withoutToken, tagline: 'No token' } })).status).toBe(403);
    expect(
      (await owner.go(path, { method: 'POST', form: { ...form, csrf: 'forged', tagline: 'Forged' } })).status,
    ).toBe(403);
    const crossSite = await owner.go(path, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      form: { ...form, tagline: 'Cross site' },
    });
    expect(crossSite.status).toBe(403);
    expect((await read(owner.accountId, listing.listing_id)).tagline).toBe('Widgets for teams');
  });

  it('when a person claims a listing on /me/claims then they read what to publish and verify it; others get 404', async () => {
    // a public listing of someone else's, on the loopback website
    const listing = await listingOf(`someone-${randomUUID()}`, 'Claimable Widgets');
    const claimant = await signInAs('claimant@example.com');
    const page = await claimant.go('/me/claims');
    expect(page.status).toBe(200);
    const csrf = hidden(page.text, 'csrf');
    // errors beside the fields, what was typed kept
    const bad = await claimant.go('/me/claims', { method: 'POST', form: { csrf, slug: 'no-such-listing' } });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/id="claim-method-error"[^>]*>choose how/);
    expect(bad.text).toContain('value="no-such-listing"');
    const unknown = await claimant.go('/me/claims', {
      method: 'POST',
      form: { csrf, slug: 'no-such-listing', method: 'meta' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toMatch(/id="claim-slug-error"[^>]*>there is no listing/);
    expect(
      (await claimant.go('/me/claims', { method: 'POST', form: { slug: listing.slug, method: 'meta' } })).status,
    ).toBe(403);

    // started twice (a double submit): one claim
    const form = { csrf, slug: `http://directory.test/listings/${listing.slug}`, method: 'meta' };
    const started = await claimant.go('/me/claims', { method: 'POST', form });
    expect(started.status).toBe(303);
    const again = await claimant.go('/me/claims', { method: 'POST', form });
    expect(again.location).toBe(started.location);
    const id = /started=(\d+)/.exec(started.location ?? '')?.[1] as string;
    const open = await claimant.go(`/me/claims?started=${id}`);
    expect(open.text).toContain(`Claim ${id} on ${listing.slug} is open`);
    expect(open.text.match(/<li id="claim-/g)).toHaveLength(1);
    const tag = /&lt;meta name=(?:&quot;|")listings-verification(?:&quot;|") content=(?:&quot;|")([0-9a-f]+)/.exec(
      open.text,
    );
    expect(tag, open.text).not.toBeNull();

    // verified before the tag is up: not yet, with the reason
    const early = await claimant.go(`/me/claims/${id}/verify`, { method: 'POST', form: { csrf } });
    expect(early).toMatchObject({ status: 303, location: `/me/claims?checked=${id}#claim-${id}` });
    expect((await claimant.go(`/me/claims?checked=${id}`)).text).toContain(`Claim ${id} is not verified yet`);

    // someone else: the same 404 page as a claim that does not exist
    const other = await signInAs('not-the-claimant@example.com');
    const otherCsrf = hidden((await other.go('/me')).text, 'csrf');
    expect((await other.go(`/me/claims/${id}/verify`, { method: 'POST', form: { csrf: otherCsrf } })).status).toBe(404);
    expect((await other.go('/me/claims/987654/verify', { method: 'POST', form: { csrf: otherCsrf } })).status).toBe(
      404,
    );
    expect((await other.go('/me/claims')).text).not.toContain(`claim-${id}`);

    meta = `<meta name="listings-verification" content="${tag?.[1]}">`;
    expect((await claimant.go(`/me/claims/${id}/verify`, { method: 'POST', form: { csrf } })).status).toBe(303);
    const done = await claimant.go(`/me/claims?checked=${id}`);
    expect(done.text).toContain(`Claim ${id} is verified`);
    expect(done.text).not.toContain(`action="/me/claims/${id}/verify"`);
  });

  it('when an unknown path is asked for then a person gets the HTML 404 page; API and MCP paths keep problem+json', async () => {
    const c = formClient(running.base);
    for (const path of ['/nope', '/listings/a/b/c', '/me/nothing-here']) {
      const r = await c.go(path);
      expect(r.status, path).toBe(404);
      expect(r.type, path).toBe('text/html; charset=utf-8');
      expect(r.headers.get('content-security-policy'), path).toMatch(/script-src 'self' 'nonce-/);
      expect(r.text, path).toContain('There is no page at');
      expect(r.text, path).toMatch(/<form class="search-box" role="search" method="get" action="\/search">/);
    }
    // a body that does not parse makes no difference
    const posted = await c.go('/nope', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(posted.status).toBe(404);
    expect(posted.type).toBe('text/html; charset=utf-8');
    for (const [method, path, status] of [
      ['GET', '/api/v1/nope', 404],
      ['DELETE', '/api/v1/categories', 405],
      // QUERY carries a body: without a Content-Type Fastify refuses it before any handler
      ['QUERY', '/api/v1/categories', 405],
      ['QUERY', '/api/v1/nope', 404],
      ['PUT', '/mcp', 404],
      ['GET', '/.well-known/nope', 404],
    ] as const) {
      const r = await c.go(path, { method });
      expect(r.status, `${method} ${path}`).toBe(status);
      expect(r.type, `${method} ${path}`).toMatch(/^application\/problem\+json/);
    }
  });

  describe.skipIf(!available)('in a headless browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    }, 60_000);
    afterAll(() => browser?.close());

    it('when a person signs in and edits a listing’s tagline on /me/listings then the public listing page shows it', async () => {
      const context = await offlineContext(browser);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && !/status of 404/.test(m.text())) problems.push(`${page.url()}: ${m.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));

      const email = 'browser-owner@example.com';
      await page.goto(`${running.base}/signin/email?next=/me/listings`);
      await page.fill('#signin-email', email);
      await page.click('main button[type=submit]');
      await page.waitForSelector('text=Check your email');
      await page.goto(`${running.base}${await mailedPath(running.dataDir, email, '/signin/link')}`);
      await page.click('#use-sign-in-link');
      await page.waitForURL(`${running.base}/me/listings`);
      expect(await page.textContent('main')).toContain('You own no listings yet');
      const listing = await listingOf(await accountIdOf(email), 'Browser Widgets');
      await page.reload();

      await page.click(`a[href="/me/listings/${listing.listing_id}/edit"]`);
      await page.waitForURL(`${running.base}/me/listings/${listing.listing_id}/edit`);
      expect(await page.inputValue('#edit-tagline')).toBe('Widgets for teams');
      await page.fill('#edit-tagline', 'Edited in the browser');
      await page.click('main form button[type=submit]');
      await page.waitForSelector('text=Saved: one field changed');
      expect(await page.inputValue('#edit-tagline')).toBe('Edited in the browser');

      await page.click('text=See its public page');
      await page.waitForURL(`${running.base}/listings/${listing.slug}`);
      expect(await page.textContent('main')).toContain('Edited in the browser');

      // the webhooks page: an endpoint added through its form shows its secret once, then a test is sent
      await page.goto(`${running.base}/me/listings/${listing.listing_id}/webhooks`);
      await page.fill('#webhook-url', 'https://hooks.example.com/in');
      await page.check('input[name=events][value="vote.counted"]');
      await page.click('main form button:has-text("Add the endpoint")');
      await page.waitForSelector('[data-webhook-secret]');
      expect(await page.inputValue('[data-webhook-secret]')).toMatch(/^whsec_/);
      await page.click('main button:has-text("Send a test")');
      await page.waitForURL(`${running.base}/me/listings/${listing.listing_id}/webhooks?done=tested`);

      // the new pages: no serious or critical accessibility violation, no CSP refusal or script error
      for (const [path, status] of [
        ['/me/listings', 200],
        [`/me/listings/${listing.listing_id}/edit`, 200],
        [`/me/listings/${listing.listing_id}/webhooks`, 200],
        ['/me/claims', 200],
        ['/nope', 404],
      ] as const) {
        expect((await page.goto(`${running.base}${path}`))?.status(), path).toBe(status);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
        expect(serious, path).toEqual([]);
      }
      expect(problems).toEqual([]);
      await context.close();
    }, 60_000);
  });
});

const natsAvailable = natsServerAvailable();
if (!natsAvailable) console.warn('/me/listings cluster test skipped: nats-server is not on the PATH');

/** Cluster mode: the web process calls catalog's and claims' own operations as the person, over NATS. */
describe.skipIf(!natsAvailable)('/me/listings in cluster mode', () => {
  const data = tempDataDir();
  let cluster: Awaited<ReturnType<typeof startClusterOverNats>>;
  let bus: Awaited<ReturnType<typeof connectNatsBus>>;
  beforeAll(async () => {
    cluster = await startClusterOverNats({ DATA_DIR: data.dir });
    bus = await connectNatsBus({ servers: cluster.natsUrl, name: 'web-me-listings-test' });
  }, CLUSTER_START_TIMEOUT_MS);
  afterAll(async () => {
    await bus?.close();
    await cluster?.stop();
    data.remove();
  });

  it('when the owner edits a listing on the web process then the catalog process has it; someone else gets 404', async () => {
    const web = `http://127.0.0.1:${cluster.webPort}`;
    const owner = await signIn(web, data.dir, 'cluster-owner@example.com');
    const store = openSqliteIdentityStore({ file: identityDatabaseFile(data.dir), clock: systemClock });
    const ownerId = ((await store.findAccountForSignIn('cluster-owner@example.com')) as { id: string }).id;
    await store.close();
    const saved = (await bus.request('catalog.internal.save_listing_from_draft', {
      listing_id: null,
      draft_id: randomUUID(),
      owner_account_ids: [ownerId],
      profile: { url: 'https://www.cluster.example', name: 'Cluster Widgets', tagline: 'Over NATS' },
    })) as { body: { listing_id: number } };
    const path = `/me/listings/${saved.body.listing_id}/edit`;
    expect((await owner.go('/me/listings')).text).toContain(`href="${path}"`);
    const form = formOf((await owner.go(path)).text, path);
    expect(form.tagline).toBe('Over NATS');
    expect(await owner.go(path, { method: 'POST', form: { ...form, tagline: 'Edited over NATS' } })).toMatchObject({
      status: 303,
      location: `${path}?saved=1`,
    });
    expect(formOf((await owner.go(path)).text, path).tagline).toBe('Edited over NATS');
    expect((await owner.go('/me/claims')).status).toBe(200);
    const other = await signIn(web, data.dir, 'cluster-other@example.com');
    expect((await other.go(path)).status).toBe(404);
  }, 60_000);
});
