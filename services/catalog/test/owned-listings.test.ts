import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Operation, operations } from '@listings/contracts';
import { silentLogger } from '@listings/platform/logger';
import { createSafeFetch } from '@listings/platform/outbound';
import { checkValue } from '@listings/platform/validation';
import type { InProcessRunner } from '@listings/platform/workflows';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBadgeCheckActivities } from '../src/activities/badge-check.ts';
import { badgeWorkflowId } from '../src/workflows/badge-workflow.ts';
import {
  addListing,
  checkEveryWaitingListing,
  type Reply,
  seedCategories,
  startTestCatalog,
  type TestCatalog,
} from './support.ts';

const A = 'account-a';
const B = 'account-b';

let t: TestCatalog;
const as =
  (account: string) =>
  async (operation: string, input: { params?: object; query?: object; body?: unknown } = {}) =>
    (await t.bus.request(`catalog.${operation}`, {
      operation_id: operation,
      principal: { account_id: account, scopes: ['account:read', 'listings:write'], via: 'api_key' },
      params: input.params ?? {},
      query: input.query ?? {},
      ...(input.body !== undefined ? { body: input.body } : {}),
    })) as Reply;
const asA = as(A);
const operation = (id: string) => operations.find((op) => op.operationId === id) as Operation;
const asB = as(B);

/** a saved (not published) listing owned by A */
const ownedDraft = async (name: string, extra: object = {}) => {
  const saved = await t.internal('save_listing_from_draft', {
    listing_id: null,
    draft_id: `00000000-0000-4000-9000-${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`,
    owner_account_ids: [A],
    profile: { url: `https://www.${name.toLowerCase()}.com`, name, tagline: `${name} tagline`, ...extra },
  });
  expect(saved.status).toBe(200);
  return saved.body as { listing_id: number; slug: string };
};

beforeEach(async () => {
  t = await startTestCatalog({ now: '2026-11-18T12:00:00.000Z' });
  await seedCategories(t);
});
afterEach(async () => t.stop());

describe('owned listings: your own only', () => {
  it('when A lists and reads their listings then only A’s appear, any status; B gets 404 for A’s listing', async () => {
    const mine = await ownedDraft('Alpha');
    await addListing(t, 'Other'); // owned by someone else, live
    const list = await asA('list_my_listings');
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { listing_id: number }) => i.listing_id)).toEqual([mine.listing_id]);
    expect(list.body.items[0]).toMatchObject({
      status: 'draft',
      plan: 'none',
      launch_week: null,
      unlocked_sections: [],
    });
    expect((await asB('list_my_listings')).body.items).toEqual([]);

    const got = await asA('get_my_listing', { params: { listing_id: mine.listing_id } });
    expect(got.body).toMatchObject({ listing_id: mine.listing_id, name: 'Alpha', status: 'draft' });
    for (const [op, extra] of [
      ['get_my_listing', {}],
      ['update_my_listing', { body: { fields: { tagline: 'x' } } }],
      ['post_listing_update', { body: { title: 't', body: 'b' } }],
      ['add_milestone', { body: { date: '2026-01-01', title: 'm' } }],
      ['set_founder_story', { body: { story: 's' } }],
      ['choose_free_listing', {}],
    ] as const) {
      const other = await asB(op, { params: { listing_id: mine.listing_id }, ...extra });
      const unknown = await asB(op, { params: { listing_id: 9999 }, ...extra });
      expect([op, other.status]).toEqual([op, 404]);
      expect(other.problem.title).toBe(unknown.problem.title);
    }
    expect((await asB('delete_milestone', { params: { listing_id: mine.listing_id, milestone_id: 1 } })).status).toBe(
      404,
    );
  });
});

describe('update_my_listing', () => {
  it('when the owner edits then it publishes at once and the version history keeps a before/after copy', async () => {
    const l = await addListing(t, 'Beta', {}, { week: null, plan: 'free' });
    // addListing owns it as owner-of-Beta
    const owner = as('owner-of-Beta');
    const edited = await owner('update_my_listing', {
      params: { listing_id: l.listing_id },
      body: {
        fields: { tagline: 'Faster notes', founded_year: 2020, headline: 'Big' },
        socials: { website: 'https://beta.com' },
        faqs: [{ question: 'Free?', answer: 'Yes' }],
      },
    });
    expect(edited.status).toBe(200);
    // the year is taken as an integer and shown as the profile's text field (issue #27)
    expect(edited.body).toMatchObject({ tagline: 'Faster notes', founded_year: '2020', headline: 'Big', version: 1 });
    const pub = await t.call('get_listing', { params: { slug: l.slug } });
    expect(pub.body).toMatchObject({
      tagline: 'Faster notes',
      socials: { website: 'https://beta.com' },
      faqs: [{ question: 'Free?', answer: 'Yes' }],
    });
    const doc = await t.catalog.readModel.view.listing(l.listing_id);
    expect(doc?.history).toEqual([
      expect.objectContaining({
        version: 1,
        account_id: 'owner-of-Beta',
        before: { tagline: 'Beta tagline', founded_year: null, headline: null, socials: null, faqs: null },
        after: {
          tagline: 'Faster notes',
          founded_year: '2020',
          headline: 'Big',
          socials: { website: 'https://beta.com' },
          faqs: [{ question: 'Free?', answer: 'Yes' }],
        },
      }),
    ]);
    // the same edit again changes nothing and adds no version
    await owner('update_my_listing', {
      params: { listing_id: l.listing_id },
      body: { fields: { tagline: 'Faster notes' } },
    });
    expect((await t.catalog.readModel.view.listing(l.listing_id))?.history).toHaveLength(1);
  });

  it('when the owner stores a year as an integer and clears texts, with founders in any script, then every read answers its schema (issue #27)', async () => {
    const founders = [
      { name: 'Zoë Ñúñez' },
      { name: 'Иван Петров' },
      { name: '山田 太郎' },
      { name: '李' },
      { name: '🚀' },
      { name: 'Łukasz Żółw' },
    ];
    const l = await addListing(
      t,
      'Gamma',
      {
        founders,
        description: 'Drafted',
        pricing_model: 'Free',
        pricing_summary: 'Free for all',
        founded_year: '1999',
      },
      { week: null, plan: 'paid' },
    );
    const owner = as('owner-of-Gamma');
    const edited = await owner('update_my_listing', {
      params: { listing_id: l.listing_id },
      body: { fields: { founded_year: 1800, description: '', pricing_model: '', pricing_summary: '' } },
    });
    expect(edited.status).toBe(200);
    const reads: [Operation, Reply][] = [
      [operation('update_my_listing'), edited],
      [operation('get_my_listing'), await owner('get_my_listing', { params: { listing_id: l.listing_id } })],
      [operation('list_my_listings'), await owner('list_my_listings')],
      [operation('get_listing'), await t.call('get_listing', { params: { slug: l.slug } })],
      [operation('compare_listings'), await t.call('compare_listings', { query: { a: l.slug, b: l.slug } })],
      [operation('list_founders'), await t.call('list_founders', { query: {} })],
    ];
    for (const [op, reply] of reads) {
      expect(reply.status, op.operationId).toBe(200);
      expect(checkValue(op.response as object, reply.body), `${op.operationId}: ${JSON.stringify(reply.body)}`).toEqual(
        [],
      );
    }
    const shown = reads[3]?.[1].body;
    expect(shown).toMatchObject({ founded_year: '1800', pricing: {} });
    expect(shown.description).toBeUndefined();
    const slugs = (shown.founders as { slug: string }[]).map((f) => f.slug);
    expect(slugs.slice(0, 2)).toEqual(['zoe-nunez', 'ivan-petrov']);
    expect(slugs[5]).toBe('lukasz-zolw');
    for (const slug of slugs.slice(2, 5)) expect(slug).toMatch(/^founder-[0-9a-f]{12}$/);
    expect(new Set(slugs).size, 'one slug per founder').toBe(founders.length);
    // each founder's page answers at the slug the listing shows
    for (const slug of slugs) {
      const founder = await t.call('get_founder', { params: { slug } });
      expect([slug, founder.status]).toEqual([slug, 200]);
      expect(checkValue(operation('get_founder').response as object, founder.body)).toEqual([]);
    }
    // compare shows the owner's edits too, as text
    expect(reads[4]?.[1].body.rows).toContainEqual({ attribute: 'founded_year', a: '1800', b: '1800' });
  });

  it('when the owner edits the tagline and country then search finds the listing by the new words and filter, not the old', async () => {
    const l = await addListing(t, 'Quokka', { tagline: 'Spreadsheets for bakers' }, { week: null, plan: 'paid' });
    const search = async (query: object) =>
      (
        (await t.call('search_listings', { query: { status: 'live', ...query } })).body as {
          items: { slug: string }[];
        }
      ).items.map((item) => item.slug);
    expect(await search({ q: 'bakers' })).toContain(l.slug);
    const edited = await as('owner-of-Quokka')('update_my_listing', {
      params: { listing_id: l.listing_id },
      body: { fields: { tagline: 'Invoices for florists', country: 'NZ' } },
    });
    expect(edited.status).toBe(200);
    expect(await search({ q: 'florists' })).toContain(l.slug);
    expect(await search({ q: 'bakers' })).not.toContain(l.slug);
    expect(await search({ country: 'nz' })).toEqual([l.slug]);
  });

  it('when the body has an unknown property or is over a limit then 400', async () => {
    const l = await ownedDraft('Gamma');
    const bad = await asA('update_my_listing', { params: { listing_id: l.listing_id }, body: { fields: { nope: 1 } } });
    expect(bad.status).toBe(400);
    const long = await asA('update_my_listing', {
      params: { listing_id: l.listing_id },
      body: { fields: { tagline: 'x'.repeat(201) } },
    });
    expect(long.status).toBe(400);
  });
});

describe('post_listing_update', () => {
  it('when the owner posts an update then it is 201, shown on the listing, and every follower is told', async () => {
    const l = await addListing(t, 'Delta', {}, { week: null, plan: 'free' });
    await t.internal('follow_listing', { slug: l.slug, account_id: 'fan-1' });
    await t.internal('follow_listing', { slug: l.slug, account_id: 'fan-2' });
    await t.internal('follow_listing', { slug: l.slug, account_id: 'gone' });
    await t.internal('unfollow_listing', { slug: l.slug, account_id: 'gone' });
    const posted = await as('owner-of-Delta')('post_listing_update', {
      params: { listing_id: l.listing_id },
      body: { title: 'v2 is out', body: 'Twice as fast.' },
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      id: 1,
      title: 'v2 is out',
      body: 'Twice as fast.',
      posted_at: '2026-11-18T12:00:00.000Z',
    });
    const pub = await t.call('get_listing', { params: { slug: l.slug } });
    expect(pub.body.latest_updates[0]).toMatchObject({ title: 'v2 is out' });
    const notified = (await t.catalog.events.readAll(0, 10_000)).filter((e) => e.type === 'FollowerNotified');
    expect(notified.map((e) => (e.data as { account_id: string }).account_id).sort()).toEqual(['fan-1', 'fan-2']);
  });
});

describe('milestones and founder story', () => {
  it('when the owner adds and deletes milestones then ids are stable, unknown ids 404, and a free listing hides them publicly', async () => {
    const l = await ownedDraft('Eps', { milestones: [{ date: '2024-01-01', title: 'Founded' }] });
    const added = await asA('add_milestone', {
      params: { listing_id: l.listing_id },
      body: { date: '2026-05-01', title: '1000 users', url: 'https://eps.com/blog' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ id: 2, date: '2026-05-01', title: '1000 users', url: 'https://eps.com/blog' });
    expect((await asA('delete_milestone', { params: { listing_id: l.listing_id, milestone_id: 1 } })).body).toEqual({
      deleted: true,
      milestone_id: 1,
    });
    expect((await asA('delete_milestone', { params: { listing_id: l.listing_id, milestone_id: 1 } })).status).toBe(404);
    const third = await asA('add_milestone', {
      params: { listing_id: l.listing_id },
      body: { date: '2026-06-01', title: 'x' },
    });
    expect(third.body.id).toBe(3);
    const story = await asA('set_founder_story', {
      params: { listing_id: l.listing_id },
      body: { title: 'How we began', why_started: 'Notes were a mess.' },
    });
    expect(story.body).toEqual({
      listing_id: l.listing_id,
      story: { title: 'How we began', why_started: 'Notes were a mess.' },
    });
    const own = await asA('get_my_listing', { params: { listing_id: l.listing_id } });
    expect(own.body.milestones.map((m: { id: number }) => m.id)).toEqual([2, 3]);
    expect(own.body.story).toEqual({ title: 'How we began', why_started: 'Notes were a mess.' });

    // publish free: public profile hides paid-only sections; paid unlock shows them
    await t.catalog.commands.publishListing(l.listing_id, null, 'free');
    const freePub = await t.call('get_listing', { params: { slug: l.slug } });
    expect(freePub.body.story).toBeUndefined();
    expect(freePub.body.milestones).toBeUndefined();
    const bad = await asA('add_milestone', {
      params: { listing_id: l.listing_id },
      body: { date: '2026-13-01', title: 'x' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('answer_interview', () => {
  it('when answers name known questions then they are saved; an unknown question id is 400 naming it', async () => {
    await t.catalog.commands.setInterviewQuestions([
      { id: 'origin', question: 'How did it start?' },
      { id: 'advice', question: 'Advice?' },
    ]);
    const ok = await asA('answer_interview', {
      body: { answers: [{ question_id: 'origin', answer: 'In a garage.' }] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      answers: [{ question_id: 'origin', answer: 'In a garage.' }],
      updated_at: '2026-11-18T12:00:00.000Z',
    });
    const bad = await asA('answer_interview', { body: { answers: [{ question_id: 'nope', answer: 'x' }] } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.problem)).toContain('nope');
    expect(bad.problem.errors[0].field).toBe('body.answers.0.question_id');
  });
});

describe('choose_free_listing and the badge check', () => {
  let server: http.Server;
  let base = '';
  const pages: Record<string, string> = {};
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const page = pages[req.url ?? '/'];
      res.statusCode = page === undefined ? 404 : 200;
      res.setHeader('content-type', 'text/html');
      res.end(page ?? 'not here');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('when a draft listing chooses free then it awaits its badge for the Monday 6 weeks out; a second choice is 409', async () => {
    const l = await ownedDraft('Zeta');
    const chosen = await asA('choose_free_listing', { params: { listing_id: l.listing_id } });
    expect(chosen.status).toBe(200);
    // 2026-11-18 is in the week of Monday 2026-11-16; 6 weeks later: 2026-12-28
    expect(chosen.body).toMatchObject({ status: 'awaiting_badge', plan: 'free', launch_week: '2026-12-28' });
    const again = await asA('choose_free_listing', { params: { listing_id: l.listing_id } });
    expect(again.status).toBe(409);
    expect(again.problem.detail).toMatch(/awaiting_badge/);
  });

  it('when the site setting says 8 weeks then the launch week is 8 Mondays out', async () => {
    await t.catalog.commands.setFreeQueueWeeks(8);
    const l = await ownedDraft('Eta');
    const chosen = await asA('choose_free_listing', { params: { listing_id: l.listing_id } });
    expect(chosen.body.launch_week).toBe('2027-01-11');
  });

  it('when the homepage lacks the badge then it keeps waiting; once it carries it the listing is scheduled', async () => {
    const l = await ownedDraft('Theta', { url: `${base}/theta` });
    await asA('choose_free_listing', { params: { listing_id: l.listing_id } });
    const check = createBadgeCheckActivities({
      view: t.catalog.readModel.view,
      commands: t.catalog.commands,
      publicUrl: 'http://directory.test',
      logger: silentLogger(),
      safeFetch: createSafeFetch({ allowPrivateNetworks: true, userAgent: 'test' }),
    });
    pages['/theta'] = '<html><body>Theta <a href="http://directory.test/listings/other">other</a></body></html>';
    expect(await checkEveryWaitingListing(t.catalog.readModel.view, check)).toEqual({ checked: 1, found: [] });
    expect((await t.catalog.readModel.view.listing(l.listing_id))?.status).toBe('awaiting_badge');

    pages['/theta'] =
      `<html><a href="http://directory.test/listings/${l.slug}" target="_blank"><img src="x.svg"></a></html>`;
    expect(await checkEveryWaitingListing(t.catalog.readModel.view, check)).toEqual({
      checked: 1,
      found: [l.listing_id],
    });
    const own = await asA('get_my_listing', { params: { listing_id: l.listing_id } });
    expect(own.body).toMatchObject({ status: 'scheduled', launch_week: '2026-12-28', plan: 'free' });
    expect(await checkEveryWaitingListing(t.catalog.readModel.view, check)).toEqual({ checked: 0, found: [] });
  });

  it('when a listing chooses free and its homepage already carries the badge then its badge workflow schedules it at once', async () => {
    await t.stop();
    const loopbackOnly = createSafeFetch({ allowPrivateNetworks: true, userAgent: 'test' });
    t = await startTestCatalog({
      now: '2026-11-18T12:00:00.000Z',
      safeFetch: (url, init) =>
        new URL(String(url)).hostname === '127.0.0.1'
          ? loopbackOnly(url, init)
          : Promise.reject(new Error('not loopback')),
    });
    await seedCategories(t);
    const l = await ownedDraft('Kappa', { url: `${base}/kappa` });
    pages['/kappa'] = `<html><a href="http://directory.test/listings/${l.slug}">Listed on the directory</a></html>`;
    await asA('choose_free_listing', { params: { listing_id: l.listing_id } });
    await (t.catalog.runner as InProcessRunner).settled(badgeWorkflowId(l.listing_id));
    const own = await asA('get_my_listing', { params: { listing_id: l.listing_id } });
    expect(own.body).toMatchObject({ status: 'scheduled', launch_week: '2026-12-28', plan: 'free' });
  });

  it('when a listing chooses free and the badge is not there yet then its workflow keeps waiting', async () => {
    const l = await ownedDraft('Lambda', { url: `${base}/lambda` });
    await asA('choose_free_listing', { params: { listing_id: l.listing_id } });
    expect((t.catalog.runner as InProcessRunner).running()).toContain(badgeWorkflowId(l.listing_id));
    expect((await t.catalog.readModel.view.listing(l.listing_id))?.status).toBe('awaiting_badge');
  });

  it('when the homepage is on a private address and private networks are not allowed then nothing is fetched or found', async () => {
    const l = await ownedDraft('Iota', { url: `${base}/iota` });
    pages['/iota'] = `<a href="http://directory.test/listings/${l.slug}">badge</a>`;
    await asA('choose_free_listing', { params: { listing_id: l.listing_id } });
    const check = createBadgeCheckActivities({
      view: t.catalog.readModel.view,
      commands: t.catalog.commands,
      publicUrl: 'http://directory.test',
      logger: silentLogger(),
      safeFetch: createSafeFetch({ allowPrivateNetworks: false, userAgent: 'test' }),
    });
    expect(await checkEveryWaitingListing(t.catalog.readModel.view, check)).toEqual({ checked: 1, found: [] });
  });
});
