import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveWeek, type Week } from '../src/domain/weeks.ts';
import { addListing, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

interface Entry {
  listing: string;
  listing_id: number;
  voter: string;
  cast_at: string;
  withdrawn_at: string | null;
  weight: number;
  reason: string | null;
}

describe('rankings anyone can check: the rules and the vote ledger', () => {
  let t: TestCatalog;
  let week: Week;
  let nextWeek: Week;
  const slugs: Record<string, string> = {};
  const vote = (slug: string, account: string) =>
    t.internal('cast_vote', { slug, account_id: account, email_confirmed: true });
  const at = (iso: string) => t.clock.set(iso);
  const ledger = async (weekStart: string, query: object = { per_page: 100 }) =>
    (await t.call('get_vote_ledger', { params: { week: weekStart }, query })).body as {
      items: Entry[];
      total: number;
      page: number;
      per_page: number;
      week_start: string;
      rules_version: number;
    };

  beforeAll(async () => {
    t = await startTestCatalog({ now: '2026-12-29T09:00:00.000Z' }); // a Tuesday
    await seedCategories(t);
    week = resolveWeek('this', t.clock.now(), 'week');
    nextWeek = resolveWeek('next', t.clock.now(), 'week');
    for (const name of ['Alpha', 'Bravo', 'Charlie'])
      slugs[name] = (await addListing(t, name, { categories: ['Design'] }, { plan: 'paid' })).slug;
    slugs.Delta = (
      await addListing(t, 'Delta', { categories: ['Design'] }, { week: nextWeek.start, plan: 'paid' })
    ).slug;
    at('2026-12-29T09:01:07.123Z');
    await vote(slugs.Alpha as string, 'acc-ann');
    at('2026-12-29T09:02:30.000Z');
    await vote(slugs.Bravo as string, 'acc-ann');
    at('2026-12-30T11:15:45.000Z');
    await vote(slugs.Alpha as string, 'acc-bob');
    at('2026-12-30T12:00:00.000Z');
    await vote(slugs.Bravo as string, 'acc-bob');
    at('2026-12-31T08:00:00.000Z');
    await t.internal('withdraw_vote', { slug: slugs.Bravo, account_id: 'acc-bob' });
    at('2027-01-01T10:00:00.000Z');
    await vote(slugs.Charlie as string, 'acc-cat');
    // next week: Delta goes live, ann votes for it, and dan votes late for Charlie (after its week)
    at(`${nextWeek.start}T00:00:01.000Z`);
    await t.catalog.ticker.tick();
    at(`${nextWeek.start}T10:30:00.000Z`);
    await vote(slugs.Delta as string, 'acc-ann');
    await vote(slugs.Charlie as string, 'acc-dan');
  });
  afterAll(() => t.stop());

  it('when the rules are asked for then each vote-decided board says what counts, the discounts and the tie-breaks, with a version', async () => {
    const reply = await t.call('get_ranking_rules');
    expect(reply.status).toBe(200);
    expect(reply.body.version).toBe(2);
    const weekly = reply.body.boards.find((b: { board: string }) => b.board === 'community-weekly');
    expect(weekly.tie_breaks.map((tb: { by: string }) => tb.by)).toEqual([
      'votes',
      'last_counted_vote_at',
      'listing_id',
    ]);
    expect(weekly.weights.map((w: { reason: string | null; weight: number }) => [w.reason, w.weight])).toEqual([
      [null, 1],
      ['withdrawn', 0],
      ['cast_outside_week', 0],
      ['account_suspended', 0],
      ['disposable_email', 0],
      ['network_burst', 0],
      ['fresh_account_burst', 0],
      ['young_account', 0],
    ]);
    expect(reply.body.integrity).toEqual({
      young_account_days: 3,
      burst_minutes: 60,
      network_burst_votes: 3,
      fresh_burst_accounts: 3,
    });
    expect(weekly.closes).toMatch(/Sunday 23:59:59.999 UTC/);
    expect(reply.body.boards.map((b: { board: string }) => b.board)).toContain('community-all-time');
  });

  it("when a week's ledger is read then every vote on its launches is there, withdrawn and late ones with their reasons", async () => {
    const body = await ledger(week.start);
    expect(body.week_start).toBe(week.start);
    expect(body.rules_version).toBe(2);
    expect(body.total).toBe(6);
    const rows = body.items.map((e) => [e.listing, e.cast_at, e.withdrawn_at, e.weight, e.reason]);
    expect(rows).toEqual([
      [slugs.Alpha, '2026-12-29T09:01:00.000Z', null, 1, null],
      [slugs.Bravo, '2026-12-29T09:02:00.000Z', null, 1, null],
      [slugs.Alpha, '2026-12-30T11:15:00.000Z', null, 1, null],
      [slugs.Bravo, '2026-12-30T12:00:00.000Z', '2026-12-31T08:00:00.000Z', 0, 'withdrawn'],
      [slugs.Charlie, '2027-01-01T10:00:00.000Z', null, 1, null],
      [slugs.Charlie, `${nextWeek.start}T10:30:00.000Z`, null, 0, 'cast_outside_week'],
    ]);
  });

  it('when voters are shown then one pseudonym per voter within the week, another the next week, and no account id', async () => {
    const body = await ledger(week.start);
    const [ann1, ann2, bob1, bob2, cat, dan] = body.items.map((e) => e.voter);
    expect(ann1).toBe(ann2);
    expect(bob1).toBe(bob2);
    expect(new Set([ann1, bob1, cat, dan]).size).toBe(4);
    expect(JSON.stringify(body)).not.toMatch(/acc-/);
    const next = await ledger(nextWeek.start);
    expect(next.items.map((e) => [e.listing, e.weight])).toEqual([[slugs.Delta, 1]]);
    expect(next.items[0]?.voter).not.toBe(ann1);
  });

  it("when the ledger's counted weights are summed per launch then they are the week's board", async () => {
    const body = await ledger(week.start);
    const sums = new Map<string, number>();
    for (const e of body.items) sums.set(e.listing, (sums.get(e.listing) ?? 0) + e.weight);
    const board = (await t.call('get_launch_week', { params: { week: week.start } })).body.items as {
      slug: string;
      week_votes: number;
    }[];
    expect(board.map((item) => [item.slug, item.week_votes])).toEqual(
      board.map((item) => [item.slug, sums.get(item.slug) ?? 0]),
    );
    expect(board.map((item) => item.slug)).toEqual([slugs.Alpha, slugs.Bravo, slugs.Charlie]);
  });

  it('when the ledger is paged then the pages are the whole ledger in order', async () => {
    const whole = (await ledger(week.start)).items;
    const first = await ledger(week.start, { page: 1, per_page: 4 });
    const second = await ledger(week.start, { page: 2, per_page: 4 });
    expect(first.total).toBe(6);
    expect([...first.items, ...second.items]).toEqual(whole);
    expect(second.items).toHaveLength(2);
  });
});
