import { operationById } from '@listings/contracts';
import { createOutboxMailer, createSmtpMailer, type Mailer, readOutbox } from '@listings/platform/mail';
import { freePort } from '@listings/platform/testing/free-port';
import { checkValue } from '@listings/platform/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageEvidenceText } from '../src/adapters/page-content.ts';
import { isServed, servedSources } from '../src/domain/draft/evidence/served-text.ts';
import { serveFakeCatalog } from './support/fake-catalog.ts';
import { FACTS, type FixtureSite, SECRET, startFixtureSite } from './support/fixture-site.ts';
import {
  ALICE,
  ANONYMOUS,
  BOB,
  callOperation,
  pollDraft,
  principalOf,
  settledStatus,
  startTestDrafting,
} from './support/harness.ts';

let site: FixtureSite;
let env: Awaited<ReturnType<typeof startTestDrafting>>;
let catalog: Awaited<ReturnType<typeof serveFakeCatalog>>;
// biome-ignore lint/suspicious/noExplicitAny: a draft body
let ready: any;
// the outbox, unless a test puts a mailer whose server is down in its place
let mailerDown: Mailer | null = null;

const call = (op: string, principal = ALICE, c: Parameters<typeof callOperation>[3] = {}) =>
  callOperation(env.bus, op, principal, c);
const submitNew = async (url = site.url, principal = ALICE) => {
  const reply = await call('submit_listing', principal, { body: { url } });
  expect(reply.status).toBe(201);
  return reply.body.id as string;
};
const readyDraft = async (principal = ALICE) => {
  const id = await submitNew(site.url, principal);
  return pollDraft(env.bus, principal, id, settledStatus);
};

beforeAll(async () => {
  site = await startFixtureSite();
  env = await startTestDrafting({
    overrides: { mailer: { send: (m) => (mailerDown ?? createOutboxMailer({ dataDir: env.dataDir })).send(m) } },
  });
  catalog = await serveFakeCatalog(env.bus);
  const id = await submitNew();
  ready = await pollDraft(env.bus, ALICE, id, settledStatus);
});
afterAll(async () => {
  await catalog.stop();
  await env.stop();
  await site.close();
});

describe('when a product URL is submitted and the site is crawled', () => {
  it('then the draft ends ready with the facts the site states', () => {
    expect(ready.status).toBe('ready');
    expect(ready.fields.name).toMatchObject({ value: FACTS.name, state: 'ai' });
    expect(ready.fields.tagline.value).toBe(FACTS.tagline);
    expect(ready.fields.short_description.value).toBe(FACTS.shortDescription);
    expect(ready.fields.contact_email.value).toBe(FACTS.email);
    expect(ready.fields.country.value).toBe(FACTS.country);
    expect(ready.fields.features.value).toEqual(FACTS.features);
    expect(ready.fields.pricing_summary.value).toBe(FACTS.pricingSummary);
    expect(ready.faqs.value).toEqual([{ question: FACTS.faqQuestion, answer: FACTS.faqAnswer }]);
    expect(ready.company_socials.value).toMatchObject({ github: FACTS.github, linkedin: FACTS.linkedin });
    expect(ready.progress.pages_read).toBeGreaterThanOrEqual(5);
  });

  it('then the answer matches the Draft contract', () => {
    expect(checkValue(operationById('get_draft')?.response as object, ready)).toEqual([]);
  });

  it('then every value has evidence that is verbatim on a crawled page', async () => {
    const crawled = new Set(ready.pages.map((p: { url: string }) => p.url));
    // what the site served: the page's visible text or its raw HTML (never the crawler's metadata lines)
    const evidenceBase = new Map<string, string[]>();
    for (const url of crawled) {
      const html = await (await fetch(url as string)).text();
      evidenceBase.set(url as string, servedSources({ html, text: pageEvidenceText(html, url as string).text }));
    }
    const slots = [
      ...Object.values(ready.fields),
      ready.faqs,
      ready.founders,
      ready.company_socials,
      ready.founder_socials,
      ready.story,
      ready.milestones,
      ready.competitor_url,
      ready.seo,
    ] as {
      value: unknown;
      state: string;
      evidence: { quote: string; url: string }[];
    }[];
    let checked = 0;
    for (const slot of slots) {
      if (slot.state !== 'ai') continue;
      expect(slot.evidence.length).toBeGreaterThan(0);
      for (const e of slot.evidence) {
        expect(crawled.has(e.url)).toBe(true);
        expect(isServed(evidenceBase.get(e.url) ?? [], e.quote), e.quote).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('then the page robots.txt disallows was never requested and its secret is nowhere in the draft', () => {
    expect(site.requested).toContain('/robots.txt');
    expect(site.requested.indexOf('/robots.txt')).toBe(0);
    expect(site.requested).not.toContain('/internal/plans');
    expect(site.requested).not.toContain('/careers/pricing-secret');
    expect(JSON.stringify(ready)).not.toContain(SECRET);
  });

  it('then facts the site does not state stay blank, not_found and listed as missing', () => {
    for (const key of ['founded_year', 'city', 'demo_video_url', 'stage']) {
      expect(ready.fields[key]).toEqual({ value: null, state: 'not_found', evidence: [] });
      expect(ready.completeness.missing).toContain(key);
    }
    for (const key of ['founders', 'milestones', 'competitor_url']) {
      expect(ready[key]).toEqual({ value: null, state: 'not_found', evidence: [] });
      expect(ready.completeness.missing).toContain(key);
    }
    // the copyright year is not a founding year
    expect(JSON.stringify(ready.fields.founded_year)).not.toContain(FACTS.copyrightYear);
    expect(ready.completeness.score).toBeGreaterThan(0);
    expect(ready.completeness.score).toBeLessThan(100);
  });

  it('then list_my_drafts shows it newest first with status and completeness, to its owner only', async () => {
    const second = await submitNew();
    const mine = await call('list_my_drafts', ALICE, { query: { page: 1, per_page: 20 } });
    expect(mine.status).toBe(200);
    expect(mine.body.items[0].id).toBe(second);
    expect(mine.body.items.map((d: { id: string }) => d.id)).toContain(ready.id);
    expect(mine.body.items[1]).toHaveProperty('completeness.score');
    const theirs = await call('list_my_drafts', BOB, { query: { page: 1, per_page: 20 } });
    expect(theirs.body.total).toBe(0);
    await pollDraft(env.bus, ALICE, second, settledStatus);
  });
});

describe('access', () => {
  it('when another account asks for a draft then it is 404 exactly like an unknown id', async () => {
    const other = await call('get_draft', BOB, { params: { id: ready.id } });
    const unknown = await call('get_draft', BOB, { params: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(other.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(other.problem.title).toBe(unknown.problem.title);
    for (const op of ['update_draft', 'invite_cofounder', 'submit_draft']) {
      const body =
        op === 'update_draft'
          ? { lock_fields: ['name'] }
          : op === 'invite_cofounder'
            ? { email: 'x@example.com' }
            : undefined;
      expect((await call(op, BOB, { params: { id: ready.id }, body })).status).toBe(404);
    }
  });

  it('when nobody is signed in then every drafting operation answers 401', async () => {
    expect((await call('submit_listing', ANONYMOUS, { body: { url: site.url } })).status).toBe(401);
    expect((await call('list_my_drafts', ANONYMOUS, { query: { page: 1, per_page: 20 } })).status).toBe(401);
    expect((await call('get_draft', ANONYMOUS, { params: { id: ready.id } })).status).toBe(401);
  });

  it('when the credential lacks the scope then it is 403', async () => {
    const readOnly = { ...principalOf('acct-alice'), scopes: ['account:read'] };
    expect((await call('submit_listing', readOnly, { body: { url: site.url } })).status).toBe(403);
  });

  it('when the same Idempotency-Key is sent twice then one draft is created', async () => {
    const a = await call('submit_listing', ALICE, { body: { url: site.url }, idempotencyKey: 'same-key-1' });
    const b = await call('submit_listing', ALICE, { body: { url: site.url }, idempotencyKey: 'same-key-1' });
    expect(a.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    const c = await call('submit_listing', ALICE, { body: { url: `${site.url}other` }, idempotencyKey: 'same-key-1' });
    expect(c.status).toBe(409);
    await pollDraft(env.bus, ALICE, a.body.id, settledStatus);
  });
});

describe('PATCH /drafts/{id}', () => {
  const patch = (id: string, body: unknown, principal = ALICE, idempotencyKey?: string) =>
    call('update_draft', principal, { params: { id }, body, ...(idempotencyKey ? { idempotencyKey } : {}) });

  it('when a value is typed on a field the AI filled then it is edited, on one it had not then manual', async () => {
    const d = await readyDraft();
    const r = await patch(d.id, { fields: { name: 'Acme Ledger Pro', city: 'Berlin' } });
    expect(r.status).toBe(200);
    expect(r.body.fields.name).toEqual({ value: 'Acme Ledger Pro', state: 'edited', evidence: [] });
    expect(r.body.fields.city).toEqual({ value: 'Berlin', state: 'manual', evidence: [] });
    expect(r.body.completeness.missing).not.toContain('city');
  });

  it('when a field is set to null then it is removed with state deleted', async () => {
    const d = await readyDraft();
    const r = await patch(d.id, { fields: { tagline: null } });
    expect(r.body.fields.tagline).toEqual({ value: null, state: 'deleted', evidence: [] });
    expect(r.body.completeness.missing).toContain('tagline');
  });

  it('when fields are locked then they are override, and regenerating them is refused naming them', async () => {
    const d = await readyDraft();
    const r = await patch(d.id, { lock_fields: ['name', 'tagline'] });
    expect(r.body.fields.name).toMatchObject({ value: FACTS.name, state: 'override' });
    expect(r.body.locked_fields).toEqual(['name', 'tagline']);
    const refused = await patch(d.id, { regenerate: ['name', 'features'] });
    expect(refused.status).toBe(409);
    expect(refused.problem.detail).toContain('name');
    expect(refused.problem.detail).not.toContain('features');
  });

  it('when a field is restored then the AI value, state and evidence come back (and the lock goes)', async () => {
    const d = await readyDraft();
    await patch(d.id, { fields: { name: 'Something else' } });
    await patch(d.id, { lock_fields: ['name'] });
    const r = await patch(d.id, { restore: ['name', 'city'] });
    expect(r.body.fields.name).toEqual(d.fields.name);
    expect(r.body.fields.city).toEqual({ value: null, state: 'not_found', evidence: [] });
    expect(r.body.locked_fields).toEqual([]);
  });

  it('when fields are regenerated then the redraft runs in the background and lands from the stored evidence', async () => {
    const d = await readyDraft();
    const requestsBefore = site.requested.length;
    await patch(d.id, { fields: { features: ['typed by hand'] } });
    const r = await patch(d.id, { regenerate: ['features', 'short_description'] });
    expect(r.status).toBe(200);
    expect(r.body.regenerating.sort()).toEqual(['features', 'short_description']);
    const done = await pollDraft(env.bus, ALICE, d.id, (x) => x.regenerating.length === 0);
    expect(done.fields.features).toMatchObject({ value: FACTS.features, state: 'ai' });
    expect(done.fields.features.evidence.length).toBe(FACTS.features.length);
    expect(site.requested.length).toBe(requestsBefore); // from stored evidence: the site is not read again
  });

  it('when the draft is not ready then regenerate is 409', async () => {
    site.hold();
    try {
      const id = await submitNew();
      const r = await patch(id, { regenerate: ['name'] });
      expect(r.status).toBe(409);
      expect(r.problem.detail).toMatch(/crawling|drafting/);
    } finally {
      site.release();
    }
  });

  it('when the profile sections are sent then each replaces its part and is marked as typed', async () => {
    const d = await readyDraft();
    const body = {
      faqs: [{ question: 'Is there an API?', answer: 'Yes.' }],
      company_socials: { x: 'https://x.com/acme', website: 'https://acme.test' },
      founder_socials: { linkedin: 'https://www.linkedin.com/in/ada' },
      founders: [{ name: 'Ada Example', title: 'CEO' }, { name: 'Bo Example' }],
      story: { title: 'How we started', why_started: 'We were tired of chasing invoices.' },
      milestones: [{ date: '2024-05-01', title: 'Launched v1' }],
      competitor_url: 'https://competitor.test/',
      seo: { title: 'Acme Ledger', meta: 'Invoices that chase themselves.' },
    };
    const r = await patch(d.id, body);
    expect(r.status).toBe(200);
    expect(r.body.faqs).toEqual({ value: body.faqs, state: 'edited', evidence: [] });
    expect(r.body.company_socials).toMatchObject({ value: body.company_socials, state: 'edited' });
    expect(r.body.founder_socials).toMatchObject({ value: body.founder_socials, state: 'manual' });
    expect(r.body.founders).toMatchObject({ value: body.founders, state: 'manual' });
    expect(r.body.founders.value[0].name).toBe('Ada Example'); // first = primary
    expect(r.body.story).toMatchObject({ value: body.story, state: 'manual' });
    expect(r.body.milestones).toMatchObject({ value: body.milestones, state: 'manual' });
    expect(r.body.competitor_url).toMatchObject({ value: 'https://competitor.test/', state: 'manual' });
    expect(r.body.seo).toMatchObject({ value: body.seo, state: 'edited' });
    const cleared = await patch(d.id, { competitor_url: '' });
    expect(cleared.body.competitor_url).toEqual({ value: null, state: 'deleted', evidence: [] });
  });

  it('when categories are names list_categories knows then they are kept, first = primary; unknown names are 400 naming the value', async () => {
    const d = await readyDraft();
    const ok = await patch(d.id, { fields: { categories: ['Invoicing', 'Accounting'] } });
    expect(ok.body.fields.categories).toMatchObject({ value: ['Invoicing', 'Accounting'], state: 'manual' });
    const bad = await patch(d.id, { fields: { categories: ['Invoicing', 'Time Travel'] } });
    expect(bad.status).toBe(400);
    expect(bad.problem.errors).toEqual([
      { field: 'body.fields.categories.1', message: '"Time Travel" is not a category name list_categories knows' },
    ]);
  });

  it('when the body breaks the contract then it is 400, never 500', async () => {
    const d = await readyDraft();
    expect((await patch(d.id, { fields: { nope: 'x' } })).status).toBe(400);
    expect((await patch(d.id, { lock_fields: ['not_a_field'] })).status).toBe(400);
    expect((await patch(d.id, { regenerate: ['name', 'tagline', 'city', 'stage', 'country', 'tags'] })).status).toBe(
      400,
    );
  });
});

describe('submit_draft', () => {
  it('when the draft is not ready then it is 409 saying why, and nothing is saved', async () => {
    site.hold();
    try {
      const id = await submitNew();
      const before = catalog.saved.length;
      const r = await call('submit_draft', ALICE, { params: { id } });
      expect(r.status).toBe(409);
      expect(r.problem.detail).toMatch(/still (crawling|drafting)/);
      expect(catalog.saved.length).toBe(before);
    } finally {
      site.release();
    }
  });

  it('when a ready draft is submitted then the listing is saved as a draft; again updates the same listing; a later PATCH updates it too', async () => {
    const d = await readyDraft();
    const first = await call('submit_draft', ALICE, { params: { id: d.id } });
    expect(first.problem).toBeUndefined();
    expect(first.status).toBe(200);
    const listingId = first.body.listing_id;
    expect(listingId).toBeGreaterThanOrEqual(1);
    expect(first.body.draft.listing_id).toBe(listingId);
    expect(checkValue(operationById('submit_draft')?.response as object, first.body)).toEqual([]);
    const sent = catalog.saved.at(-1);
    expect(sent).toMatchObject({ listing_id: null, draft_id: d.id, owner_account_ids: ['acct-alice'] });
    expect(sent?.profile.name).toBe(FACTS.name);
    expect(sent?.profile.not_found_on_website).toContain('founded_year');

    await call('update_draft', ALICE, { params: { id: d.id }, body: { fields: { tagline: 'Paid on time' } } });
    expect(catalog.saved.at(-1)).toMatchObject({ listing_id: listingId, profile: { tagline: 'Paid on time' } });

    const again = await call('submit_draft', ALICE, { params: { id: d.id } });
    expect(again.body.listing_id).toBe(listingId);
    expect(catalog.saved.at(-1)?.listing_id).toBe(listingId);
    const forDraft = catalog.saved.filter((s) => s.draft_id === d.id);
    expect(forDraft.map((s) => s.listing_id)).toEqual([null, listingId, listingId]);

    // the catalog cannot take the update: the edit is kept, the PATCH says the listing was not
    // updated; the same PATCH again (nothing left to change in the draft) brings the listing in step
    catalog.down = true;
    const failed = await call('update_draft', ALICE, { params: { id: d.id }, body: { fields: { tagline: 'Kept' } } });
    expect(failed.status).toBe(503);
    expect(failed.problem.detail).toMatch(
      /the edit is saved, but listing \d+ could not be updated .*send the PATCH again/,
    );
    catalog.down = false;
    expect(catalog.saved.at(-1)?.profile.tagline).toBe('Paid on time');
    const retried = await call('update_draft', ALICE, { params: { id: d.id }, body: { fields: { tagline: 'Kept' } } });
    expect(retried.status).toBe(200);
    expect(catalog.saved.at(-1)).toMatchObject({ listing_id: listingId, profile: { tagline: 'Kept' } });
  });
});

describe('invite_cofounder', () => {
  it('when a co-founder is invited then 201, an email with an accept link, and accepting makes them a co-owner', async () => {
    const d = await readyDraft();
    const r = await call('invite_cofounder', ALICE, { params: { id: d.id }, body: { email: 'bob@example.com' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ email: 'bob@example.com' });
    const mail = (await readOutbox(env.dataDir)).filter((m) => m.to === 'bob@example.com').at(-1);
    expect(mail?.kind).toBe('draft-invite');
    const link = mail?.text.match(/http:\/\/localhost:3000\/invites\/(\S+)/);
    expect(link).not.toBeNull();
    const token = link?.[1] as string;

    expect((await call('get_draft', BOB, { params: { id: d.id } })).status).toBe(404);
    const anonymous = (await env.bus.request('drafting.internal.accept_invite', { token, principal: ANONYMOUS })) as {
      status: number;
    };
    expect(anonymous.status).toBe(401);
    const accepted = (await env.bus.request('drafting.internal.accept_invite', { token, principal: BOB })) as {
      status: number;
      body: { draft_id: string };
    };
    expect(accepted).toEqual({ status: 200, body: { draft_id: d.id } });
    expect((await call('get_draft', BOB, { params: { id: d.id } })).status).toBe(200);
    const bobs = await call('list_my_drafts', BOB, { query: { page: 1, per_page: 20 } });
    expect(bobs.body.items.map((x: { id: string }) => x.id)).toContain(d.id);
    const stolen = (await env.bus.request('drafting.internal.accept_invite', {
      token,
      principal: principalOf('acct-mallory'),
    })) as { status: number };
    expect(stolen.status).toBe(409);
  });

  it('when the mail server is down then no invite is recorded and the 503 says so; the same request again invites and mails', async () => {
    const d = await readyDraft();
    const request = { params: { id: d.id }, body: { email: 'carol@example.com' }, idempotencyKey: 'invite-carol' };
    const mailsToCarol = async () => (await readOutbox(env.dataDir)).filter((m) => m.to === 'carol@example.com');
    // a real SMTP client towards a loopback port nobody listens on
    mailerDown = createSmtpMailer({
      smtp: { secure: false, host: '127.0.0.1', port: await freePort(), user: null, password: null },
      from: 'no-reply@listings.test',
    });
    const failed = await call('invite_cofounder', ALICE, request);
    mailerDown = null;
    expect(failed.status).toBe(503);
    expect(failed.problem.detail).toBe('the mail could not be sent: the mail server could not be reached');
    expect((await call('get_draft', ALICE, { params: { id: d.id } })).body.invites).toEqual([]);

    const invited = await call('invite_cofounder', ALICE, request);
    expect(invited.status).toBe(201);
    expect(await mailsToCarol()).toHaveLength(1);
    // the same request once more: the same invite, no second mail
    expect((await call('invite_cofounder', ALICE, request)).body.id).toBe(invited.body.id);
    expect(await mailsToCarol()).toHaveLength(1);
    const token = /\/invites\/(\S+)/.exec((await mailsToCarol())[0]?.text ?? '')?.[1];
    const accepted = await env.bus.request('drafting.internal.accept_invite', { token, principal: BOB });
    expect(accepted).toEqual({ status: 200, body: { draft_id: d.id } });
  });

  it('when ten invites exist then the eleventh is refused with a clear error', async () => {
    const d = await readyDraft();
    for (let i = 0; i < 10; i++) {
      const r = await call('invite_cofounder', ALICE, { params: { id: d.id }, body: { email: `p${i}@example.com` } });
      expect(r.status).toBe(201);
    }
    const eleventh = await call('invite_cofounder', ALICE, {
      params: { id: d.id },
      body: { email: 'p10@example.com' },
    });
    expect(eleventh.status).toBe(409);
    expect(eleventh.problem.detail).toContain('10 invites');
  });
});
