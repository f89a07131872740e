import { type DescribeInviteReply, describeAccount, describeInvite } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { silentLogger } from '@listings/platform/logger';
import { readOutbox } from '@listings/platform/mail';
import { type ProductSite, startProductSite } from '@listings/platform/testing/product-site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserFor, csrfIn } from '../../../services/gateway/test/site-browser.ts';
import { buildWebApp } from '../../../services/web/src/app.ts';
import { startAllInOneInProcess } from '../in-process.ts';

/** the invite page is the web edge's (`/invites/{token}`), in the site's layout */
describe('the invite accept page, end to end in all-in-one mode', () => {
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  let base: string;
  let site: ProductSite;
  let siteUrl: string;
  let keyA = '';

  beforeAll(async () => {
    site = await startProductSite();
    siteUrl = site.url;
    running = await startAllInOneInProcess({
      FETCH_ALLOW_PRIVATE_NETWORKS: 'true',
      PUBLIC_URL: 'http://directory.test',
    });
    base = running.base;
    const store = running.identity.store;
    const { account } = await store.ensureAccount('a@example.com');
    keyA = (await store.createApiKey({ accountId: account.id, name: 'a', scopes: ['account:read', 'listings:write'] }))
      .key;
  }, 60_000);
  afterAll(async () => {
    await running?.stop();
    await site?.close();
  });

  const api = async (key: string, method: string, url: string, body?: unknown) => {
    const response = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
    return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
  };
  const linkFor = async (email: string) => {
    const mail = (await readOutbox(running.dataDir)).find((m) => m.to === email && m.text.includes('/invites/'));
    return mail?.text.match(/http:\/\/directory\.test(\/invites\/\S+)/)?.[1] as string;
  };
  /** a person who signs up through the form and makes an API key on their account page */
  const signUp = async (email: string, next = '/me') => {
    const browser = browserFor(base);
    const signedUp = await browser.submit('/signup', '/signup', { email, password: 'a long enough password', next });
    expect(signedUp.status).toBe(303);
    const created = await browser.submit('/me', '/me/api-keys', {
      name: 'tools',
      scopes: 'account:read',
    });
    expect(created.status).toBe(201);
    const key = /id="new-api-key">([^<]+)</.exec(created.html)?.[1]?.trim() as string;
    return { browser, key };
  };

  it('when a person makes a second key with a name they already use then 409 names the field and no key is made', async () => {
    const { browser } = await signUp('names@example.com');
    const again = await browser.submit('/me', '/me/api-keys', {
      name: 'Tools',
      scopes: 'account:read',
    });
    expect(again.status).toBe(409);
    // next to the name field, with the name typed kept
    expect(again.html).toMatch(
      /id="key-name-error"[^>]*>you already have an API key named &quot;Tools&quot;: choose another name/,
    );
    expect(again.html).toContain('value="Tools"');
    expect(again.html).not.toContain('id="new-api-key"');
    expect(
      await running.identity.store.listApiKeys(
        (await running.identity.store.ensureAccount('names@example.com')).account.id,
      ),
    ).toHaveLength(1);
  });

  it('when A invites B, B signs up from the link and accepts then B co-owns the draft and C still gets 404', async () => {
    // A submits a draft and invites b@example.com; the link comes from the outbox
    const created = await api(keyA, 'POST', '/drafts', { url: siteUrl });
    expect(created.status).toBe(201);
    const draftId: string = created.body.id;
    expect((await api(keyA, 'POST', `/drafts/${draftId}/invites`, { email: 'b@example.com' })).status).toBe(201);
    const link = await linkFor('b@example.com');
    expect(link).toMatch(/^\/invites\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);

    // B, not signed in: who invited whom to what, and the way to sign up and come back
    const b = browserFor(base);
    const anonymous = await b.get(link);
    expect(anonymous.status).toBe(200);
    expect(anonymous.html).toContain('a@example.com');
    expect(anonymous.html).toContain('b@example.com');
    expect(anonymous.html).toContain(siteUrl);
    expect(anonymous.html).not.toContain('Accept and co-own');
    const next = encodeURIComponent(link);
    expect(anonymous.headers.get('referrer-policy')).toBe('no-referrer');
    expect(anonymous.headers.get('cache-control')).toBe('private, no-store');
    expect(anonymous.headers.get('content-security-policy')).toContain("'nonce-");
    expect(anonymous.html).toContain(`href="/signin/email?next=${next}"`);
    expect(anonymous.html).toContain(`href="/signin?next=${next}"`);
    // a POST without a session goes to sign-in and back here, never accepts
    const anonymousPost = await b.post(link, { csrf: 'x' });
    expect(anonymousPost).toMatchObject({ status: 303, location: `/signin/email?next=${next}` });
    // the sign-up page keeps the way back, also on its link to sign-in
    const signUpPage = await b.get(`/signup?next=${next}`);
    expect(signUpPage.html).toContain(`name="next" value="${link}"`);
    expect(signUpPage.html).toContain(`href="/signin?next=${next}"`);

    const signedUp = await b.submit(`/signup?next=${next}`, '/signup', {
      email: 'b@example.com',
      name: 'Bea Founder',
      password: 'a long enough password',
      next: link,
    });
    expect(signedUp).toMatchObject({ status: 303, location: link });

    const invited = await b.get(link);
    expect(invited.status).toBe(200);
    expect(invited.html).toContain('Accept and co-own');
    expect(invited.html).toContain('<a href="/me">Bea Founder</a>');
    // the form is CSRF protected like every other form
    expect((await b.post(link, { csrf: 'not-the-token' })).status).toBe(403);
    expect((await api(keyA, 'GET', `/drafts/${draftId}`)).body.invites[0].accepted).toBe(false);

    const accepted = await b.submit(link, link, {});
    expect(accepted).toMatchObject({ status: 303, location: link });
    const done = await b.get(link);
    expect(done.status).toBe(200);
    expect(done.html).toContain('You are a co-owner');
    expect(done.html).toContain(`<code id="draft-id">${draftId}</code>`);
    expect(done.html).toContain(`href="/me/drafts/${draftId}"`);
    // accepting again is harmless (the form token of B's session, from B's account page)
    const bCsrf = csrfIn((await b.get('/me')).html);
    expect((await b.post(link, { csrf: bCsrf })).status).toBe(303);

    // B makes an API key on their account page and reads the draft with it
    const keysPage = await b.submit('/me', '/me/api-keys', {
      name: 'tools',
      scopes: 'account:read',
    });
    expect(keysPage.status).toBe(201);
    const bKey = /id="new-api-key">([^<]+)</.exec(keysPage.html)?.[1]?.trim() as string;
    const asB = await api(bKey, 'GET', `/drafts/${draftId}`);
    expect(asB.status).toBe(200);
    expect(asB.body.id).toBe(draftId);
    expect((await api(bKey, 'GET', '/drafts')).body.items.map((d: { id: string }) => d.id)).toContain(draftId);
    expect((await api(keyA, 'GET', `/drafts/${draftId}`)).body.invites[0].accepted).toBe(true);

    // C is no owner: 404 like an unknown id; the used link is a clear 410, also when C posts it
    const c = await signUp('c@example.com');
    expect((await api(c.key, 'GET', `/drafts/${draftId}`)).status).toBe(404);
    const cOpens = await c.browser.get(link);
    expect(cOpens.status).toBe(410);
    expect(cOpens.html).toContain('Invite already used');
    expect(cOpens.html).not.toContain(siteUrl);
    const cPosts = await c.browser.post(link, { csrf: csrfIn((await c.browser.get('/me')).html) });
    expect(cPosts.status).toBe(410);
    expect((await api(c.key, 'GET', `/drafts/${draftId}`)).status).toBe(404);
    expect((await browserFor(base).get(link)).status).toBe(410);
  }, 60_000);

  it('when the sender opens their own invite then it is refused and the invite stays open', async () => {
    const sender = await signUp('sender@example.com');
    // the sender's key needs listings:write to make a draft
    const writeKey = /id="new-api-key">([^<]+)</.exec(
      (await sender.browser.submit('/me', '/me/api-keys', { name: 'w', scopes: 'listings:write' })).html,
    )?.[1] as string;
    const own = await api(writeKey, 'POST', '/drafts', { url: siteUrl });
    expect(own.status).toBe(201);
    await api(writeKey, 'POST', `/drafts/${own.body.id}/invites`, { email: 'e@example.com' });
    const link = await linkFor('e@example.com');

    const opened = await sender.browser.get(link);
    expect(opened.status).toBe(409);
    expect(opened.html).toContain('You already own this draft');
    expect(opened.html).not.toContain('Accept and co-own');
    const forced = await sender.browser.post(link, { csrf: csrfIn((await sender.browser.get('/me')).html) });
    expect(forced.status).toBe(409);
    expect(forced.html).toContain('The invite stays open');
    const draft = await api(sender.key, 'GET', `/drafts/${own.body.id}`);
    expect(draft.body.invites[0].accepted).toBe(false);
  }, 60_000);

  it('when the token is unknown or malformed then a 404 page says the link is not valid', async () => {
    const b = browserFor(base);
    const unknown = await b.get(`/invites/00000000-0000-4000-8000-000000000000.${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('Invite not found');
    expect((await b.get('/invites/not-a-token')).status).toBe(404);
  });

  it('when sign-in or sign-up is given a next that leaves the site then it goes to the default page instead', async () => {
    for (const [i, bad] of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
    ].entries()) {
      const b = browserFor(base);
      const r = await b.submit('/signup', '/signup', {
        email: `redirect-${i}@example.com`,
        password: 'a long enough password',
        next: bad,
      });
      expect(r).toMatchObject({ status: 303, location: '/me' });
    }
  });
});

describe('the invite accept page, states drafting reports', () => {
  const bus = createInProcessBus();
  let app: Awaited<ReturnType<typeof buildWebApp>>;
  let reply: DescribeInviteReply;
  const token = `11111111-1111-4111-8111-111111111111.${'B'.repeat(43)}`;
  const OWNER = 'acct-owner';

  beforeAll(async () => {
    app = await buildWebApp({ bus, publicUrl: 'http://directory.test', logger: silentLogger() });
    await bus.serve(describeInvite.subject, async () => ({ status: 200, body: reply }));
    // identity names the sender
    await bus.serve(describeAccount.subject, async (payload) =>
      (payload as { account_id: string }).account_id === OWNER
        ? { status: 200, body: { name: null, email: 'owner@example.com' } }
        : { status: 404, problem: { type: 'about:blank', title: 'Not found', status: 404 } },
    );
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  it('when the invite has expired then the page is 410 and names the inviter', async () => {
    reply = {
      draft_id: '11111111-1111-4111-8111-111111111111',
      product_url: 'https://acme.test/',
      product_name: 'Acme <Widgets>',
      invited_by: OWNER,
      invited_email: 'b@example.com',
      invited_at: '2026-01-01T00:00:00.000Z',
      expires_at: '2026-01-15T00:00:00.000Z',
      state: 'expired',
      accepted_by: null,
      owner_account_ids: [OWNER],
    };
    const r = await app.inject({ method: 'GET', url: `/invites/${token}` });
    expect(r.statusCode).toBe(410);
    expect(r.body).toContain('Invite expired');
    expect(r.body).toContain('owner@example.com');
    expect(r.headers['referrer-policy']).toBe('no-referrer');

    reply = { ...reply, state: 'open' };
    const open = await app.inject({ method: 'GET', url: `/invites/${token}` });
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('Acme &lt;Widgets>');
    expect(open.body).not.toContain('Acme <Widgets>');
    expect(open.body).toContain('</strong> invited <strong>b@example.com</strong>');
    expect(open.body).toContain('valid until <time datetime=');

    // a product address that is no web address is text, never a link
    reply = { ...reply, product_url: 'javascript:alert(1)' };
    const odd = await app.inject({ method: 'GET', url: `/invites/${token}` });
    expect(odd.body).not.toContain('href="javascript:');
  });

  it('when drafting does not answer then the page is 503', async () => {
    const lone = createInProcessBus();
    const alone = await buildWebApp({ bus: lone, publicUrl: 'http://directory.test', logger: silentLogger() });
    const r = await alone.inject({ method: 'GET', url: `/invites/${token}` });
    expect(r.statusCode).toBe(503);
    expect(r.body).toContain('Try again shortly');
    await alone.close();
    await lone.close();
  });
});
