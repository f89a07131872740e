import { randomUUID } from 'node:crypto';
import { LAUNCH_SECTIONS, LEADERBOARDS, type Operation, operations } from '@listings/contracts';
import { checkValue } from '@listings/platform/validation';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';
import { objectArbitrary, type Schema } from './schema-arbitraries.ts';
import { type SeededOwner, seedOwner } from './seeded-owner.ts';

/**
 * Response schemas hold after any accepted write (issue #27): random valid edits, generated from
 * the contract's own request schemas, are written to the seeded owner's listings (update_my_listing;
 * set_founder_story, add_milestone, post_listing_update) and to the draft of its live listing,
 * submitted again (update_draft, get_draft, list_my_drafts, submit_draft); after each,
 * every read operation that shows the listing answers what its response schema in the contracts
 * says. FUZZ_SEED and FUZZ_RUNS as in fuzz-properties.test.ts.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

const operation = (id: string) => operations.find((op) => op.operationId === id) as Operation;

describe('response schemas after random valid writes to an owner’s listings', () => {
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  let owner: SeededOwner;
  let categoryName = '';
  beforeAll(async () => {
    running = await startAllInOneInProcess({
      DEMO_DATA: 'on',
      RATE_LIMIT_AUTHENTICATED: '1000000/60',
      RATE_LIMIT_ANONYMOUS: '1000000/60',
      DRAFTS_PER_ACCOUNT_PER_DAY: '100000',
    });
    owner = await seedOwner(running, 'owner@example.com');
    categoryName = ((await (await fetch(`${running.base}/api/v1/categories`)).json()) as { items: { name: string }[] })
      .items[0]?.name as string;
  }, 180_000);
  afterAll(async () => {
    await running?.stop();
  });

  const call = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${running.base}/api/v1${route}`, {
      method,
      headers: {
        authorization: `Bearer ${owner.key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: answers read as untyped JSON, checked against the schemas
    return { status: response.status, body: (await response.json().catch(() => null)) as any };
  };

  /** the answer is the operation's success status, and its body holds to the operation's response schema */
  const expectSchema = (operationId: string, route: string, answer: { status: number; body: unknown }) => {
    const op = operation(operationId);
    expect(answer.status, `${route} ${JSON.stringify(answer.body)}`).toBe(op.successStatus ?? 200);
    expect(checkValue(op.response as object, answer.body), `${route} ${JSON.stringify(answer.body)}`).toEqual([]);
  };

  let readsChecked = 0;
  /** every read that shows listing `id`, each checked against its schema */
  const readsShowing = async (id: number) => {
    const mine = await call('GET', `/me/listings/${id}`);
    expectSchema('get_my_listing', `/me/listings/${id}`, mine);
    expectSchema(
      'get_listing_analytics',
      `/me/listings/${id}/analytics`,
      await call('GET', `/me/listings/${id}/analytics`),
    );
    const { slug, status, name, primary_category } = mine.body as {
      slug: string;
      status: string;
      name: string;
      primary_category: string | null;
    };
    const isPublic = status === 'live' || status === 'scheduled' || status === 'awaiting_badge';
    const reads: [string, string][] = [
      ['list_my_listings', '/me/listings?per_page=100'],
      ['search_listings', '/listings?status=live&sort=newest&per_page=100'],
      ['search_listings', '/listings?status=upcoming&per_page=100'],
      ['search_listings', `/listings?q=${encodeURIComponent(name.slice(0, 200))}&per_page=100`],
      ['list_categories', '/categories'],
      ...LAUNCH_SECTIONS.map((section): [string, string] => ['list_launches', `/launches?section=${section}`]),
      ['get_launch_week', '/launches/weeks/this'],
      ['get_launch_week', '/launches/weeks/next'],
      ...LEADERBOARDS.map((board): [string, string] => ['get_leaderboard', `/leaderboards/${board}`]),
      ['list_founders', '/founders?per_page=100'],
      ...(primary_category ? [['get_category', `/categories/${primary_category}`] as [string, string]] : []),
    ];
    if (isPublic) {
      reads.push(
        ['get_listing', `/listings/${slug}`],
        ['get_alternatives', `/listings/${slug}/alternatives`],
        ['get_badges', `/listings/${slug}/badges`],
        ['list_awards', `/awards?listing=${slug}`],
      );
      if (status === 'live')
        for (const other of [slug, ...owner.demoSlugs.slice(0, 1)])
          reads.push(['compare_listings', `/compare?a=${slug}&b=${other}`]);
    }
    for (const [operationId, route] of reads) expectSchema(operationId, route, await call('GET', route));
    readsChecked += reads.length;
    if (isPublic) {
      const shown = (await call('GET', `/listings/${slug}`)).body as { founders?: { slug: string }[] };
      for (const founder of shown.founders ?? []) {
        const route = `/founders/${founder.slug}`;
        expectSchema('get_founder', route, await call('GET', route));
      }
    }
    if (status === 'live') {
      const search = (await call('GET', '/listings?status=live&sort=newest&per_page=100')).body as {
        items: { slug: string }[];
      };
      expect(
        search.items.map((i) => i.slug),
        'search shows the live listing',
      ).toContain(slug);
    }
  };

  /** a new logo is fetched and checked (400 when its URL serves no image): tested in owner-logo.test.ts */
  const withoutLogo = (body: Record<string, unknown>) => {
    const fields = body.fields as Record<string, unknown> | undefined;
    if (!fields || !('logo_url' in fields)) return body;
    const { logo_url: _, ...rest } = fields;
    return { ...body, fields: rest };
  };

  it('when an owner PATCHes a listing with any valid body then it and every read that shows it answer their schemas', async () => {
    const update = operation('update_my_listing');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...owner.listings.map((l) => l.id)),
        objectArbitrary(update.body as Schema).map(withoutLogo),
        async (id, body) => {
          const answer = await call('PATCH', `/me/listings/${id}`, body);
          expectSchema('update_my_listing', `PATCH /me/listings/${id} ${JSON.stringify(body)}`, answer);
          await readsShowing(id);
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(readsChecked, 'every run read the listing back through the read operations').toBeGreaterThan(RUNS * 20);
  }, 600_000);

  it('when an owner writes a story, a milestone or an update with any valid body then every read that shows the listing answers its schema', async () => {
    const writes = ['set_founder_story', 'add_milestone', 'post_listing_update'].map(operation);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...owner.listings.map((l) => l.id)),
        fc.oneof(...writes.map((op) => objectArbitrary(op.body as Schema).map((body) => ({ op, body })))),
        async (id, { op, body }) => {
          const route = op.path.replace('{listing_id}', String(id));
          expectSchema(
            op.operationId,
            `${op.method} ${route} ${JSON.stringify(body)}`,
            await call(op.method, route, body),
          );
          await readsShowing(id);
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);

  /**
   * A draft edit that can be submitted: no AI redraft (`regenerate`, which refuses locked fields),
   * categories by a real name or none (they are data), and the name and tagline kept (a draft
   * without them cannot be submitted).
   */
  const submittable = (body: Record<string, unknown>) => {
    const { regenerate: _, ...rest } = body;
    const fields = { ...((rest.fields as Record<string, unknown> | undefined) ?? {}) };
    // a logo URL is fetched and checked (400 when it serves no image): tested in draft-logo.test.ts
    delete fields.logo_url;
    if ('categories' in fields) fields.categories = fields.categories === null ? null : [categoryName];
    for (const key of ['name', 'tagline'])
      if (fields[key] === null || (typeof fields[key] === 'string' && !(fields[key] as string).trim()))
        delete fields[key];
    return { ...rest, fields };
  };

  it('when an owner edits the live listing’s draft with any valid body and submits it again then every read that shows it answers its schema', async () => {
    const live = owner.listings.find((l) => l.status === 'live') as { id: number };
    const draftId = owner.drafts[2] as string;
    const update = operation('update_draft');
    let resubmitted = 0;
    await fc.assert(
      fc.asyncProperty(objectArbitrary(update.body as Schema).map(submittable), async (body) => {
        const patched = await call('PATCH', `/drafts/${draftId}`, body);
        // refusals that depend on data: categories are names from list_categories (400 naming the
        // field), and a field locked against AI redrafts cannot be regenerated (409)
        if (patched.status === 400 || patched.status === 409) return;
        expectSchema('update_draft', `PATCH /drafts/${draftId} ${JSON.stringify(body)}`, patched);
        expectSchema('get_draft', `/drafts/${draftId}`, await call('GET', `/drafts/${draftId}`));
        expectSchema('list_my_drafts', '/drafts?per_page=100', await call('GET', '/drafts?per_page=100'));
        const submitted = await call('POST', `/drafts/${draftId}/submit`);
        // a draft without a name or tagline any more cannot be submitted (409, says which)
        if (submitted.status === 409) return;
        expectSchema('submit_draft', `POST /drafts/${draftId}/submit`, submitted);
        expect(submitted.body.listing_id).toBe(live.id);
        await readsShowing(live.id);
        resubmitted++;
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(resubmitted, 'most edits are accepted and submitted, not refused').toBeGreaterThan(RUNS / 3);
  }, 600_000);
});
