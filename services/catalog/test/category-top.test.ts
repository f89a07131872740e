import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryTopOf, createCategoryTop } from '../src/application/category-top.ts';
import type { ListingDoc } from '../src/projections/catalog/documents.ts';
import { L, listingQueries } from '../src/projections/catalog/query-keys.ts';
import { addListing, engageAtRandom, prng, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

/** what a top says: each listing, its votes and the document's latest view count */
const shown = (docs: readonly ListingDoc[]) =>
  docs.map((doc) => ({ slug: doc.slug, votes: Object.keys(doc.votes).length, views: doc.views }));

describe("a category's top, kept up to date from listing changes", () => {
  let t: TestCatalog;
  beforeAll(async () => {
    t = await startTestCatalog({ now: '2026-12-30T10:00:00.000Z' });
    await seedCategories(t);
  });
  afterAll(() => t.stop());

  /** the category's live listings by the plain query: every one, most voted first, then by id */
  const fromScratch = async (primary: string) =>
    t.catalog.readModel.view.findListings({
      where: { ...listingQueries.live, [L.primary]: { eq: primary } },
      sort: [
        [L.votes, -1],
        [L.id, 1],
      ],
    });

  it('after every vote, withdrawal, view, follow, publication and piling up of changes it gives the first ones of the category ranked from scratch', async () => {
    const view = t.catalog.readModel.view;
    // one that keeps three (it must read the category again when asked for more, or after losing some)
    // and the default one, both read first (empty): everything after reaches them as changes
    let smallReads = 0;
    const small = createCategoryTop(
      {
        ...view,
        findListings: (options) => {
          smallReads++;
          return view.findListings(options);
        },
      },
      'design',
      3,
    );
    expect(await small.first(3)).toEqual([]);
    expect(await categoryTopOf(view, 'design').first(20)).toEqual([]);
    const slugs: string[] = [];
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'])
      slugs.push((await addListing(t, name, { categories: ['Design'] })).slug);
    const elsewhere = await addListing(t, 'Golf', { categories: ['Note Taking'] });
    const late = await addListing(t, 'Hotel', { categories: ['Design'] }, false);

    const expectTopsMatchScratch = async () => {
      const scratch = shown(await fromScratch('design'));
      // (the small one asked for no more than it keeps: it holds only part of the category)
      for (const count of [1, 2, 3])
        expect(shown(await small.first(count)), `first ${count} of the small one`).toEqual(scratch.slice(0, count));
      for (const count of [1, 3, 5, 20])
        expect(shown(await categoryTopOf(view, 'design').first(count)), `first ${count}`).toEqual(
          scratch.slice(0, count),
        );
    };
    await expectTopsMatchScratch();

    const random = prng(7);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    for (let step = 0; step < 80; step++) {
      const slug = pick([...slugs, elsewhere.slug]);
      await engageAtRandom(t, slug, random, 0.5);
      if (step === 30) {
        await t.catalog.commands.publishListing(late.listing_id, null, 'paid');
        slugs.push(late.slug);
      }
      // only some steps are read: changes also pile up between reads
      if (step % 3 === 0) await expectTopsMatchScratch();
    }
    await expectTopsMatchScratch();
    const top = shown(await categoryTopOf(view, 'design').first(20));
    // the series did what it meant to: listings with votes and without, the late one among them
    expect(top.some((entry) => entry.votes > 1)).toBe(true);
    expect(new Set(top.map((entry) => entry.votes)).size).toBeGreaterThan(2);
    // and the small one read the category again (having lost some of the ones it kept)
    expect(smallReads).toBeGreaterThan(1);
    expect(top.map((entry) => entry.slug)).toContain(late.slug);
    expect(top.map((entry) => entry.slug)).not.toContain(elsewhere.slug);
  });

  it("a listing's alternatives are its category's most voted, never itself", async () => {
    const [first, second] = await fromScratch('design');
    const alternatives = await t.call('get_alternatives', { params: { slug: first?.slug } });
    const slugs = alternatives.body.items.map((item: { slug: string }) => item.slug);
    expect(slugs[0]).toBe(second?.slug);
    expect(slugs).not.toContain(first?.slug);
    expect(slugs).toEqual((await fromScratch('design')).map((doc) => doc.slug).filter((slug) => slug !== first?.slug));
  });
});
