import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReviewAdmin } from '../src/application/review-admin.ts';
import { addListing, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

/**
 * Review reports come from signed-in accounts (the web edge asks anyone else to sign in): once per
 * account per review, and at most REPORTS_PER_ACCOUNT_PER_DAY new reports per account per UTC day.
 */
describe('report_review: once per account per review, a daily limit per account', () => {
  let t: TestCatalog;
  let slug: string;
  beforeAll(async () => {
    t = await startTestCatalog({ reportsPerDay: 2 });
    await seedCategories(t);
    slug = (await addListing(t, 'Reported', { categories: ['Design'] })).slug;
    for (const author of ['author-1', 'author-2', 'author-3'])
      await t.internal('submit_review', { slug, account_id: author, email_confirmed: true, rating: 1, body: 'x' });
  });
  afterAll(() => t.stop());

  const report = (reviewer_id: string, reported_by: string) =>
    t.internal('report_review', { slug, reviewer_id, reported_by, reason: 'spam' });
  /** the reports the operator sees on one review */
  const reportsOn = async (reviewer: string) => {
    const admin = openReviewAdmin({ dataDir: t.dir });
    try {
      return (await admin.list(true)).find((r) => r.reviewer_id === reviewer)?.reports.length ?? 0;
    } finally {
      await admin.close();
    }
  };

  it('when one account reports a review twice then the second is answered `reported: false` and recorded once', async () => {
    expect(await report('author-1', 'reporter-a')).toMatchObject({ status: 200, body: { reported: true } });
    expect(await report('author-1', 'reporter-a')).toMatchObject({ status: 200, body: { reported: false } });
    expect(await reportsOn('author-1')).toBe(1);
  });

  it('when an account passes its daily limit then the next new report is 429 naming REPORTS_PER_ACCOUNT_PER_DAY; a repeat is still free; the next UTC day it may report again', async () => {
    expect((await report('author-1', 'reporter-b')).status).toBe(200);
    expect((await report('author-2', 'reporter-b')).status).toBe(200);
    const refused = await report('author-3', 'reporter-b');
    expect(refused).toMatchObject({
      status: 429,
      problem: { detail: expect.stringContaining('REPORTS_PER_ACCOUNT_PER_DAY') },
    });
    expect(await report('author-1', 'reporter-b')).toMatchObject({ status: 200, body: { reported: false } });
    expect(await reportsOn('author-3')).toBe(0);
    // another account is not held by this one's limit
    expect((await report('author-3', 'reporter-c')).status).toBe(200);
    t.clock.set('2026-11-19T08:00:00.000Z');
    expect((await report('author-3', 'reporter-b')).status).toBe(200);
    expect(await reportsOn('author-3')).toBe(2);
  });
});
