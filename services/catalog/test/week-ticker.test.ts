import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addListing, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

describe('the week ticker with an injected clock', () => {
  let t: TestCatalog;
  beforeAll(async () => {
    t = await startTestCatalog({ now: '2026-12-30T10:00:00.000Z' }); // Wednesday, week of 2026-12-28
    await seedCategories(t);
    await addListing(t, 'Now', { categories: ['Design'] }, { plan: 'paid' });
    await addListing(t, 'Next', { categories: ['Design'] }, { week: '2027-01-04', plan: 'paid' });
    await t.internal('cast_vote', { slug: 'now', account_id: 'p1', email_confirmed: true });
  });
  afterAll(() => t.stop());

  it('when it is Sunday 23:59:59 UTC then next week has not begun and this week has no awards yet', async () => {
    t.clock.set('2027-01-03T23:59:59.999Z');
    await t.catalog.ticker.tick();
    expect((await t.call('get_listing', { params: { slug: 'next' } })).body.status).toBe('scheduled');
    expect((await t.call('list_awards')).body.items).toEqual([]);
    expect((await t.call('get_launch_week', { params: { week: 'this' } })).body.week_start).toBe('2026-12-28');
  });

  it('when the clock reaches Monday 00:00 UTC (across the year end) then the scheduled listing goes live and the ended week gets its awards', async () => {
    t.clock.set('2027-01-04T00:00:00.000Z');
    await t.catalog.ticker.tick();
    expect((await t.call('get_listing', { params: { slug: 'next' } })).body.status).toBe('live');
    const awards = (await t.call('list_awards')).body.items;
    expect(
      awards.map((a: { week_start: string; rank: number; listing: { slug: string } }) => [
        a.week_start,
        a.rank,
        a.listing.slug,
      ]),
    ).toEqual([['2026-12-28', 1, 'now']]);
    expect((await t.call('get_launch_week', { params: { week: 'this' } })).body).toMatchObject({
      week_start: '2027-01-04',
      week_end: '2027-01-10',
    });
    expect(
      (await t.call('get_launch_week', { params: { week: 'last' } })).body.items.map((i: { slug: string }) => i.slug),
    ).toEqual(['now']);
  });

  it('when the ticker runs again then the awards are not decided twice', async () => {
    await t.internal('cast_vote', { slug: 'now', account_id: 'p2', email_confirmed: true });
    await t.catalog.ticker.tick();
    expect((await t.call('list_awards')).body.items).toHaveLength(1);
  });
});
