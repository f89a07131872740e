import {
  getDraft,
  inviteCofounder,
  listMyDrafts,
  type OperationRequest,
  submitDraft,
  submitListing,
  updateDraft,
} from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, serveSessions, startWebApp } from '../../../test/support/stand-in-people.ts';
import type { DraftBody } from './draft-text.ts';

/**
 * The drafts routes against stand-ins on an in-process bus: identity's session look-up (two
 * people) and a drafting service that keeps drafts by owner and records every request it gets.
 * What the real drafting service does with them is proven end to end in
 * launcher/test/e2e/web-drafts.test.ts.
 */
const ID = '11111111-1111-4111-8111-111111111111';
const AT = '2026-11-25T12:00:00.000Z';

const slot = (value: string | string[] | null, state: DraftBody['fields'][string]['state'] = 'ai', quote?: string) => ({
  value,
  state,
  evidence: quote ? [{ quote, url: 'https://acme.example/about' }] : [],
});
const draftOf = (status: DraftBody['status'], owner: string): DraftBody & { owner: string } => ({
  owner,
  id: ID,
  url: 'https://acme.example/',
  status,
  progress: { step: 'reading the site', pages_read: 2, pages_planned: 5 },
  fields: {
    name: slot('Acme Ledger', 'ai', 'Acme Ledger is the invoicing tool'),
    tagline: slot('Invoices that chase themselves', 'ai', 'Invoices that chase themselves'),
    city: slot(null, 'not_found'),
    tags: slot(['invoices', 'billing'], 'ai'),
    contact_email: slot('hello@acme.example', 'ai', 'hello@acme.example'),
  },
  faqs: slot(null, 'not_found') as never,
  founders: slot(null, 'not_found') as never,
  company_socials: slot(null, 'not_found') as never,
  founder_socials: slot(null, 'not_found') as never,
  story: slot(null, 'not_found') as never,
  milestones: slot(null, 'not_found') as never,
  competitor_url: slot(null, 'not_found') as never,
  seo: slot(null, 'not_found') as never,
  locked_fields: [],
  regenerating: [],
  completeness: { score: 40, missing: ['city'] },
  pages: [{ url: 'javascript:alert(1)', title: 'a page that is no web page' }],
  invites: [],
  listing_id: null,
  submitted_at: null,
  created_at: AT,
  updated_at: AT,
});

describe('the /me/drafts routes', () => {
  const bus = createInProcessBus();
  let app: FastifyInstance;
  let draft: ReturnType<typeof draftOf>;
  const received: OperationRequest[] = [];
  /** what update_draft answers next (default: the draft) */
  let nextUpdate: object | null = null;

  beforeAll(async () => {
    await serveSessions(bus);
    const notFound = {
      status: 404,
      problem: { type: 'about:blank', title: 'Not found', status: 404, detail: 'no draft' },
    };
    const view = ({ owner: _, ...body }: ReturnType<typeof draftOf>) => body;
    const mine = (request: OperationRequest) => request.principal.account_id === draft.owner;
    for (const [op, answer] of [
      [getDraft, (r: OperationRequest) => (mine(r) ? { status: 200, body: view(draft) } : notFound)],
      [
        listMyDrafts,
        (r: OperationRequest) => ({
          status: 200,
          body: { items: mine(r) ? [view(draft)] : [], page: 1, per_page: 20, total: mine(r) ? 1 : 0 },
        }),
      ],
      [submitListing, () => ({ status: 201, body: view(draft) })],
      [updateDraft, (r: OperationRequest) => (mine(r) ? (nextUpdate ?? { status: 200, body: view(draft) }) : notFound)],
      [
        inviteCofounder,
        (r: OperationRequest) =>
          mine(r)
            ? { status: 201, body: { id: ID, email: (r.body as { email: string }).email, invited_at: AT } }
            : notFound,
      ],
      [
        submitDraft,
        (r: OperationRequest) => (mine(r) ? { status: 200, body: { listing_id: 7, draft: view(draft) } } : notFound),
      ],
    ] as const)
      await bus.serve(op.subject, async (payload) => {
        received.push(payload as OperationRequest);
        return answer(payload as OperationRequest);
      });
    app = await startWebApp(bus);
  });
  afterAll(async () => {
    await app?.close();
    await bus.close();
  });
  beforeEach(() => {
    draft = draftOf('ready', ALICE.account);
    received.length = 0;
    nextUpdate = null;
  });

  const as = (who: typeof ALICE | null) => (who ? { cookie: `ld_session=${who.token}` } : {});
  const post = (url: string, who: typeof ALICE | null, form: Record<string, string>, headers = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...as(who), 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });

  it('when nobody is signed in then the pages go to sign-in, progress answers 401 and drafting is not asked', async () => {
    const page = await app.inject({ url: `/me/drafts/${ID}` });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`/signin/email?next=${encodeURIComponent(`/me/drafts/${ID}`)}`);
    expect((await app.inject({ url: `/me/drafts/${ID}/progress` })).statusCode).toBe(401);
    expect(received).toEqual([]);
  });

  it('when a form has no token, another session’s token or comes from another site then it is refused with 403 before drafting is asked', async () => {
    const url = 'https://acme.example/';
    expect((await post('/me/drafts', ALICE, { url })).statusCode).toBe(403);
    expect((await post('/me/drafts', ALICE, { url, csrf: BOB.csrf })).statusCode).toBe(403);
    const crossSite = await post('/me/drafts', ALICE, { url, csrf: ALICE.csrf }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.headers['content-security-policy']).toContain("script-src 'self' 'nonce-");
    for (const path of [`/me/drafts/${ID}`, `/me/drafts/${ID}/fields`, `/me/drafts/${ID}/submit`])
      expect((await post(path, ALICE, { csrf: 'x'.repeat(43), action: 'lock:name' })).statusCode, path).toBe(403);
    expect(received).toEqual([]);
  });

  it('when a URL is submitted then drafting is asked as the person, with the form id as the Idempotency-Key', async () => {
    const formId = 'f'.repeat(22);
    const answer = await post('/me/drafts', ALICE, { csrf: ALICE.csrf, form_id: formId, url: 'https://acme.example/' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`/me/drafts/${ID}`);
    expect(received[0]).toMatchObject({
      operation_id: 'submit_listing',
      principal: { account_id: ALICE.account, scopes: ['listings:write'], via: 'session' },
      body: { url: 'https://acme.example/' },
      idempotency_key: formId,
    });
  });

  it('when a URL is not a web address then drafting is not asked and the error sits next to the field with the URL kept', async () => {
    const answer = await post('/me/drafts', ALICE, { csrf: ALICE.csrf, url: 'ftp://acme.example/' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('value="ftp://acme.example/"');
    expect(answer.body).toMatch(/id="draft-url-error"[^>]*>enter the full address of a website/);
    expect(received.map((r) => r.operation_id)).toEqual(['list_my_drafts']);
  });

  it('when someone else asks for the draft then they get the HTML 404 page, and a malformed id is a 404 without asking', async () => {
    const theirs = await app.inject({ url: `/me/drafts/${ID}`, headers: as(BOB) });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.headers['content-type']).toContain('text/html');
    expect(theirs.body).toContain('Not found');
    expect((await app.inject({ url: `/me/drafts/${ID}/progress`, headers: as(BOB) })).statusCode).toBe(404);
    received.length = 0;
    expect((await app.inject({ url: '/me/drafts/../../etc', headers: as(ALICE) })).statusCode).toBe(404);
    expect((await app.inject({ url: '/me/drafts/not-a-uuid/progress', headers: as(ALICE) })).statusCode).toBe(404);
    expect(received).toEqual([]);
  });

  it('when the draft is crawling then the page shows the progress with a refresh link and the progress endpoint says so', async () => {
    draft = draftOf('crawling', ALICE.account);
    const page = await app.inject({ url: `/me/drafts/${ID}`, headers: as(ALICE) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain(`data-progress-url="/me/drafts/${ID}/progress"`);
    expect(page.body).toContain('2 of 5 pages read');
    expect(page.body).toContain(`<a href="/me/drafts/${ID}">Refresh</a>`);
    expect(page.body).not.toContain('http-equiv="refresh"');
    expect(page.body).not.toContain('id="save-draft"');
    const progress = await app.inject({ url: `/me/drafts/${ID}/progress`, headers: as(ALICE) });
    expect(progress.headers['cache-control']).toBe('no-store');
    expect(progress.json()).toMatchObject({
      status: 'crawling',
      settled: false,
      progress: { pages_read: 2, pages_planned: 5 },
    });
    expect(progress.json().text).toContain('2 of 5 pages read');
    draft = { ...draftOf('ready', ALICE.account), regenerating: ['tagline'] };
    expect((await app.inject({ url: `/me/drafts/${ID}/progress`, headers: as(ALICE) })).json()).toMatchObject({
      status: 'ready',
      settled: false,
    });
    draft = draftOf('ready', ALICE.account);
    expect((await app.inject({ url: `/me/drafts/${ID}/progress`, headers: as(ALICE) })).json()).toMatchObject({
      settled: true,
    });
  });

  it('when the draft is ready then each value has its state and its evidence quote beside it, and only web pages are linked', async () => {
    const page = await app.inject({ url: `/me/drafts/${ID}`, headers: as(ALICE) });
    expect(page.body).not.toContain('data-progress-url');
    expect(page.body).toMatch(/name="fields.name"[^>]*value="Acme Ledger"/);
    expect(page.body).toMatch(/aria-describedby="field-name-state field-name-evidence"/);
    expect(page.body).toMatch(/id="field-name-evidence"><blockquote><p>Acme Ledger is the invoicing tool<\/p>/);
    expect(page.body).toMatch(/id="field-city-state"><span class="badge">not_found<\/span> not found on your site/);
    expect(page.body).toMatch(/<textarea[^>]*name="fields.tags"[^>]*>invoices\nbilling<\/textarea>/);
    expect(page.body).not.toContain('href="javascript:');
  });

  it('when the edit form is sent then only what changed goes to drafting (a blank removes, a list is one item per line)', async () => {
    const answer = await post(`/me/drafts/${ID}`, ALICE, {
      csrf: ALICE.csrf,
      'fields.name': 'Acme Ledger',
      'fields.tagline': '',
      'fields.city': ' Berlin ',
      'fields.tags': 'invoices\r\n\r\nbilling\r\n',
      'fields.contact_email': 'hello@acme.example',
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`/me/drafts/${ID}?done=saved`);
    const update = received.find((r) => r.operation_id === 'update_draft');
    expect(update?.body).toEqual({ fields: { tagline: null, city: 'Berlin' } });
    received.length = 0;
    const unchanged = await post(`/me/drafts/${ID}`, ALICE, { csrf: ALICE.csrf, 'fields.name': 'Acme Ledger' });
    expect(unchanged.headers.location).toBe(`/me/drafts/${ID}?done=unchanged`);
    expect(received.map((r) => r.operation_id)).toEqual(['get_draft']);
  });

  it('when drafting refuses a value then the page comes back with the error next to that field and everything typed kept', async () => {
    nextUpdate = {
      status: 400,
      problem: {
        type: 'about:blank',
        title: 'Bad request',
        status: 400,
        detail: 'invalid input',
        errors: [{ field: 'body.fields.categories.0', message: '"Nope" is not a category name list_categories knows' }],
      },
    };
    const answer = await post(`/me/drafts/${ID}`, ALICE, {
      csrf: ALICE.csrf,
      'fields.categories': 'Nope',
      'fields.city': 'Berlin',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toMatch(/id="field-categories-error"[^>]*>&quot;Nope&quot; is not a category name/);
    expect(answer.body).toMatch(/<textarea[^>]*name="fields.categories"[^>]*aria-invalid="true"[^>]*>Nope<\/textarea>/);
    expect(answer.body).toMatch(/name="fields.city"[^>]*value="Berlin"/);
  });

  it('when a field action is sent then it becomes lock_fields, regenerate or restore for that field, and an unknown one is refused', async () => {
    const formId = 'g'.repeat(22);
    for (const [action, body] of [
      ['lock:name', { lock_fields: ['name'] }],
      ['regenerate:tagline', { regenerate: ['tagline'] }],
      ['restore:city', { restore: ['city'] }],
    ] as const) {
      received.length = 0;
      const answer = await post(`/me/drafts/${ID}/fields`, ALICE, { csrf: ALICE.csrf, form_id: formId, action });
      expect(answer.statusCode, action).toBe(303);
      expect(received[0]?.body, action).toEqual(body);
      expect(received[0]?.idempotency_key, action).toBe(`${formId}-${action.replace(':', '-')}`);
    }
    received.length = 0;
    expect(
      (await post(`/me/drafts/${ID}/fields`, ALICE, { csrf: ALICE.csrf, action: 'publish:name' })).statusCode,
    ).toBe(400);
    expect((await post(`/me/drafts/${ID}/fields`, ALICE, { csrf: ALICE.csrf, action: 'lock:owner' })).statusCode).toBe(
      400,
    );
    expect(received).toEqual([]);
  });

  it('when a co-founder is invited then drafting is asked with the form id as the Idempotency-Key; a bad address stays next to its field', async () => {
    const formId = 'h'.repeat(22);
    const sent = await post(`/me/drafts/${ID}/invites`, ALICE, {
      csrf: ALICE.csrf,
      form_id: formId,
      email: 'bob@example.com',
    });
    expect(sent.headers.location).toBe(`/me/drafts/${ID}?done=invited`);
    expect(received.find((r) => r.operation_id === 'invite_cofounder')).toMatchObject({
      body: { email: 'bob@example.com' },
      idempotency_key: formId,
    });
    received.length = 0;
    const bad = await post(`/me/drafts/${ID}/invites`, ALICE, { csrf: ALICE.csrf, email: 'bob at example' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('value="bob at example"');
    expect(bad.body).toMatch(/id="invite-email-error"[^>]*>enter an email address/);
    expect(received.map((r) => r.operation_id)).toEqual(['get_draft']);
  });

  it('when the draft is submitted then drafting’s submit_draft is asked and the page says the listing is saved', async () => {
    const answer = await post(`/me/drafts/${ID}/submit`, ALICE, { csrf: ALICE.csrf });
    expect(answer.headers.location).toBe(`/me/drafts/${ID}?done=submitted`);
    expect(received.map((r) => r.operation_id)).toEqual(['submit_draft']);
    const page = await app.inject({ url: `/me/drafts/${ID}?done=submitted`, headers: as(ALICE) });
    expect(page.body).toContain('The draft is saved as a listing');
    // an unknown `done` says nothing (the notice is one of the page's own sentences, never the URL's text)
    const odd = await app.inject({ url: `/me/drafts/${ID}?done=%3Cb%3Ehi`, headers: as(ALICE) });
    expect(odd.body).not.toContain('class="notice"');
  });
});
