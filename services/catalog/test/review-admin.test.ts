import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReviewAdmin } from '../src/application/review-admin.ts';
import { addListing, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

/** what `npm run cli -- reviews ...` does, beside a running catalog on the same data dir */
describe('review moderation (the operator CLI’s admin)', () => {
  let t: TestCatalog;
  let slug: string;
  beforeAll(async () => {
    t = await startTestCatalog();
    await seedCategories(t);
    slug = (await addListing(t, 'Moderated', { categories: ['Design'] })).slug;
    for (const [who, stars] of [
      ['honest', 4],
      ['spammer', 1],
    ] as const)
      await t.internal('submit_review', { slug, account_id: who, email_confirmed: true, rating: stars, body: 'text' });
    await t.internal('report_review', { slug, reviewer_id: 'spammer', reported_by: 'honest', reason: 'spam' });
  });
  afterAll(() => t.stop());

  it('when the operator lists reported reviews, removes one and restores it then the running service’s rating follows', async () => {
    const admin = openReviewAdmin({ dataDir: t.dir });
    try {
      const reported = await admin.list(true);
      expect(reported.map((r) => [r.slug, r.reviewer_id, r.reports.map((x) => x.reason)])).toEqual([
        [slug, 'spammer', ['spam']],
      ]);
      expect(await admin.list(false)).toHaveLength(2);

      const removed = await admin.remove(slug, 'spammer', 'spam');
      expect(removed.changed).toBe(true);
      await t.catalog.readModel.waitFor(removed.position);
      expect((await t.call('get_listing', { params: { slug } })).body.rating).toEqual({ average: 4, count: 1 });
      expect((await admin.remove(slug, 'spammer', 'spam')).changed).toBe(false);
      expect((await admin.list(true))[0]?.removed).toBe(true);

      const restored = await admin.restore(slug, 'spammer');
      await t.catalog.readModel.waitFor(restored.position);
      expect((await t.call('get_listing', { params: { slug } })).body.rating).toEqual({ average: 2.5, count: 2 });
      await expect(admin.remove(slug, 'nobody', 'x')).rejects.toThrow(/no review by nobody/);
    } finally {
      await admin.close();
    }
  });
});
