import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eachListing,
  launchDocs,
  type RankedLaunch,
  rankWeekFromScratch,
  weekBoardOf,
} from '../src/application/week-board.ts';
import { resolveWeek, type Week } from '../src/domain/weeks.ts';
import { listingQueries } from '../src/projections/catalog/query-keys.ts';
import { addListing, engageAtRandom, prng, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

/** what a ranking says: each launch's id and standing, in order */
const shown = (ranking: readonly RankedLaunch[]) => ranking.map(({ id, standing }) => ({ id, standing }));

describe('the week board, kept up to date from listing changes', () => {
  let t: TestCatalog;
  let thisWeek: Week;
  let nextWeek: Week;
  beforeAll(async () => {
    t = await startTestCatalog({ now: '2026-12-30T10:00:00.000Z' }); // a Wednesday
    await seedCategories(t);
    thisWeek = resolveWeek('this', t.clock.now(), 'week');
    nextWeek = resolveWeek('next', t.clock.now(), 'week');
  });
  afterAll(() => t.stop());

  const expectBoardsMatchScratch = async () => {
    const view = t.catalog.readModel.view;
    for (const week of [thisWeek, nextWeek])
      expect(shown(await weekBoardOf(view, week).ranking())).toEqual(shown(await rankWeekFromScratch(view, week)));
  };

  it('after every vote, withdrawal, view, edit, publication and going live it equals the board ranked from scratch', async () => {
    const view = t.catalog.readModel.view;
    // both boards built first (empty): everything after reaches them as changes
    expect(await weekBoardOf(view, thisWeek).ranking()).toEqual([]);
    expect(await weekBoardOf(view, nextWeek).ranking()).toEqual([]);
    const slugs: string[] = [];
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta'])
      slugs.push((await addListing(t, name, { categories: ['Design'] }, { plan: 'paid' })).slug);
    // one waits for next week, one is saved and published later
    const scheduled = await addListing(t, 'Echo', { categories: ['Design'] }, { week: nextWeek.start, plan: 'paid' });
    const late = await addListing(t, 'Foxtrot', { categories: ['Design'] }, false);
    await expectBoardsMatchScratch();

    const random = prng(11);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    for (let step = 0; step < 80; step++) {
      // votes a few seconds apart: ties on votes are broken by the earlier last vote
      t.clock.set(new Date(t.clock.now().getTime() + 1_000 + Math.floor(random() * 5_000)).toISOString());
      const slug = pick(slugs);
      await engageAtRandom(t, slug, random, 0.55);
      if (step === 30) {
        await t.catalog.commands.publishListing(late.listing_id, null, 'paid');
        slugs.push(late.slug);
      }
      await expectBoardsMatchScratch();
    }
    const board = await weekBoardOf(view, thisWeek).ranking();
    // the series did what it meant to: launches with votes and without, in both orders
    expect(board.some((entry) => entry.standing.votes > 1)).toBe(true);
    expect(board.map((entry) => entry.id)).toContain(late.listing_id);

    // Monday: the scheduled listing goes live in next week's board
    t.clock.set(`${nextWeek.start}T00:00:01.000Z`);
    await t.catalog.ticker.tick();
    expect((await weekBoardOf(view, nextWeek).ranking()).map((entry) => entry.id)).toEqual([scheduled.listing_id]);
    await t.internal('cast_vote', { slug: scheduled.slug, account_id: 'person-9', email_confirmed: true });
    await expectBoardsMatchScratch();
  });

  it('the weekly leaderboard is answered from it', async () => {
    const board = await weekBoardOf(t.catalog.readModel.view, nextWeek).ranking();
    const leaderboard = await t.call('get_leaderboard', { params: { board: 'community-weekly' } });
    expect(leaderboard.body.items.map((item: { listing: { slug: string } }) => item.listing.slug)).toEqual(
      (await launchDocs(t.catalog.readModel.view, board)).map((doc) => doc.slug),
    );
    expect(leaderboard.body.items[0].metric.value).toBe(1);
  });

  it('a week read a page at a time (ids after the last one) gives every launch once, in id order', async () => {
    const view = t.catalog.readModel.view;
    const where = listingQueries.liveInWeek(thisWeek.start);
    const all = (await view.findListings({ where })).map((doc) => doc.id).sort((a, b) => a - b);
    expect(all.length).toBeGreaterThan(3);
    for (const size of [1, 2, 3, all.length, all.length + 1]) {
      const paged: number[] = [];
      for await (const doc of eachListing(view, where, size)) paged.push(doc.id);
      expect(paged, `pages of ${size}`).toEqual(all);
    }
  });
});
