import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFakeCatalog } from './support/fake-catalog.ts';
import { FACTS, startFixtureSite } from './support/fixture-site.ts';
import { ALICE, callOperation, pollDraft, settledStatus, startTestDrafting } from './support/harness.ts';

const draftFor = async (env: Awaited<ReturnType<typeof startTestDrafting>>, url: string) => {
  const created = await callOperation(env.bus, 'submit_listing', ALICE, { body: { url } });
  expect(created.status).toBe(201);
  expect(created.body.status).toBe('crawling');
  return pollDraft(env.bus, ALICE, created.body.id, settledStatus);
};

describe('robots.txt as RFC 9309 says', () => {
  let env: Awaited<ReturnType<typeof startTestDrafting>>;
  beforeAll(async () => {
    env = await startTestDrafting();
    await serveFakeCatalog(env.bus);
  });
  afterAll(() => env.stop());

  it('when robots.txt answers a server error then nothing else is fetched and the draft fails with the reason', async () => {
    const site = await startFixtureSite({ robots: '500' });
    try {
      const draft = await draftFor(env, site.url);
      expect(draft.status).toBe('failed');
      expect(draft.failure_reason).toMatch(/robots\.txt answered 503/);
      expect(site.requested).toEqual(['/robots.txt']);
    } finally {
      await site.close();
    }
  });

  it('when the crawl failed then the draft can be filled in by hand and submitted, and regenerated once the site is fixed', async () => {
    const options: { robots: 'normal' | '500' } = { robots: '500' };
    const site = await startFixtureSite(options);
    try {
      const draft = await draftFor(env, site.url);
      expect(draft.status).toBe('failed');
      const id = draft.id as string;
      const submit = () => callOperation(env.bus, 'submit_draft', ALICE, { params: { id } });
      const early = await submit();
      expect(early.status).toBe(409);
      expect(early.problem.detail).toContain('fill in name and tagline by hand');

      // filled in by hand, then submitted: the listing is saved though the site could not be read
      const typed = await callOperation(env.bus, 'update_draft', ALICE, {
        params: { id },
        body: { fields: { name: 'Acme by hand', tagline: 'Typed while the site was down' } },
      });
      expect(typed.status).toBe(200);
      expect(typed.body.fields.name).toMatchObject({ value: 'Acme by hand', state: 'manual' });
      const submitted = await submit();
      expect(submitted.status).toBe(200);
      expect(submitted.body.listing_id).toBeGreaterThan(0);

      // the site is fixed: regenerate reads it again and drafts the profile; the name was named, so it is
      // redrafted; the tagline typed by hand stays
      options.robots = 'normal';
      const regenerated = await callOperation(env.bus, 'update_draft', ALICE, {
        params: { id },
        body: { regenerate: ['name'] },
      });
      expect(regenerated.status).toBe(200);
      expect(regenerated.body.status).toBe('crawling');
      const ready = await pollDraft(env.bus, ALICE, id, settledStatus);
      expect(ready.status).toBe('ready');
      expect(ready.failure_reason ?? null).toBeNull();
      expect(ready.fields.name).toMatchObject({ value: FACTS.name, state: 'ai' });
      expect(ready.fields.tagline).toMatchObject({ value: 'Typed while the site was down', state: 'manual' });
      expect(site.requested).toContain('/about');
    } finally {
      await site.close();
    }
  });

  it('when robots.txt is missing (404) then the whole site may be read', async () => {
    const site = await startFixtureSite({ robots: '404' });
    try {
      const draft = await draftFor(env, site.url);
      expect(draft.status).toBe('ready');
      expect(site.requested).toContain('/internal/plans');
    } finally {
      await site.close();
    }
  });

  it('when the site cannot be reached then the draft fails with the reason shown', async () => {
    const site = await startFixtureSite();
    const url = site.url;
    await site.close();
    const draft = await draftFor(env, url);
    expect(draft.status).toBe('failed');
    expect(draft.failure_reason).toMatch(/robots\.txt is unreachable/);
  });
});

describe('the SSRF guard on the crawler', () => {
  let env: Awaited<ReturnType<typeof startTestDrafting>>;
  beforeAll(async () => {
    env = await startTestDrafting({ allowPrivateNetworks: false });
  });
  afterAll(() => env.stop());

  it.each([
    ['loopback', 'http://127.0.0.1:PORT/'],
    ['private', 'http://10.0.0.1/'],
    ['link-local metadata', 'http://169.254.169.254/'],
    ['a name resolving to loopback', 'http://localhost:PORT/'],
  ])('when the product URL is %s then nothing is requested and the draft fails', async (_label, raw) => {
    const site = await startFixtureSite();
    try {
      const draft = await draftFor(env, raw.replace('PORT', String(site.port)));
      expect(draft.status).toBe('failed');
      expect(draft.failure_reason).toMatch(/cannot be fetched/);
      expect(site.requested).toEqual([]);
    } finally {
      await site.close();
    }
  });
});
