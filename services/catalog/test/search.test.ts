import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addListing, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

describe('search_listings', () => {
  let t: TestCatalog;
  const slugsOf = (r: { body: { items: { slug: string }[] } }) => r.body.items.map((i) => i.slug);
  const search = async (query: Record<string, unknown>) => {
    const r = await t.call('search_listings', { query });
    expect(r.status).toBe(200);
    return r as { status: number; body: { items: { slug: string; votes: number }[]; total: number } };
  };

  beforeAll(async () => {
    t = await startTestCatalog({ now: '2026-11-18T12:00:00.000Z' });
    await seedCategories(t);
    await addListing(t, 'Notion', {
      categories: ['Note Taking'],
      country: 'US',
      stage: 'Growing',
      pricing_model: 'Freemium',
      url: 'https://www.notion.so',
    });
    t.clock.advance(3_600_000);
    await addListing(t, 'Figma', {
      categories: ['Design'],
      country: 'US',
      stage: 'Mature',
      pricing_model: 'Subscription',
      url: 'https://figma.com',
    });
    t.clock.advance(3_600_000);
    await addListing(t, 'Obsidian', {
      categories: ['Note Taking'],
      country: 'CA',
      stage: 'Growing',
      pricing_model: 'Free',
      tagline: 'A second brain for notes',
    });
    t.clock.advance(3_600_000);
    await addListing(t, 'Productive', { categories: ['Productivity'], country: 'DE', pricing_model: 'Subscription' });
    await addListing(t, 'Later Tool', { categories: ['Design'] }, { week: '2026-12-07', plan: 'paid' });
    await addListing(t, 'Hidden Draft', { categories: ['Design'] }, false);
    // votes: Figma 3 (old), Notion 2 (recent), Obsidian 1; views and followers differ
    t.clock.set('2026-11-16T01:00:00.000Z');
    for (const who of ['a', 'b', 'c'])
      await t.internal('cast_vote', { slug: 'figma', account_id: who, email_confirmed: true });
    t.clock.set('2026-11-18T20:00:00.000Z');
    for (const who of ['a', 'b'])
      await t.internal('cast_vote', { slug: 'notion', account_id: who, email_confirmed: true });
    await t.internal('cast_vote', { slug: 'obsidian', account_id: 'a', email_confirmed: true });
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';
    await t.internal('record_views', {
      views: [
        ...[0, 1, 2].map((i) => ({
          slug: 'productive',
          visitor: `visitor-${i}`,
          network: '192.0.2.0/24',
          user_agent: browser,
        })),
        { slug: 'obsidian', visitor: 'visitor-0', network: '192.0.2.0/24', user_agent: browser },
      ],
    });
    for (const who of ['a', 'b']) await t.internal('follow_listing', { slug: 'obsidian', account_id: who });
    await t.internal('follow_listing', { slug: 'figma', account_id: 'a' });
  });
  afterAll(() => t.stop());

  it('when the query has typos then the listing is still first', async () => {
    expect(slugsOf(await search({ q: 'notoin' }))[0]).toBe('notion');
    expect(slugsOf(await search({ q: 'figam' }))[0]).toBe('figma');
    expect(slugsOf(await search({ q: 'obsidain' }))[0]).toBe('obsidian');
  });
  it('when the query is a prefix then it matches', async () => {
    expect(slugsOf(await search({ q: 'obsi' }))).toEqual(['obsidian']);
    expect(slugsOf(await search({ q: 'produc' }))).toContain('productive');
  });
  it('when filtering by a parent category then subcategory listings are included', async () => {
    expect(slugsOf(await search({ category: 'productivity', sort: 'newest' }))).toEqual([
      'productive',
      'obsidian',
      'notion',
    ]);
    expect(slugsOf(await search({ category: 'note-taking', sort: 'newest' }))).toEqual(['obsidian', 'notion']);
  });
  it('when filtering by domain then it matches with or without www.', async () => {
    expect(slugsOf(await search({ domain: 'notion.so' }))).toEqual(['notion']);
    expect(slugsOf(await search({ domain: 'www.notion.so' }))).toEqual(['notion']);
    expect(slugsOf(await search({ domain: 'www.figma.com' }))).toEqual(['figma']);
  });
  it('when filtering by country then case does not matter', async () => {
    expect(slugsOf(await search({ country: 'us', sort: 'newest' }))).toEqual(['figma', 'notion']);
    expect(slugsOf(await search({ country: 'Ca' }))).toEqual(['obsidian']);
  });
  it('when filtering by stage and pricing model then only matching listings come', async () => {
    expect(slugsOf(await search({ stage: 'growing', sort: 'newest' }))).toEqual(['obsidian', 'notion']);
    expect(slugsOf(await search({ pricing_model: 'subscription', sort: 'newest' }))).toEqual(['productive', 'figma']);
  });
  it('when status is upcoming then only listings scheduled for a future week come; drafts never', async () => {
    expect(slugsOf(await search({ status: 'upcoming' }))).toEqual(['later-tool']);
    expect(slugsOf(await search({}))).not.toContain('hidden-draft');
    expect((await search({})).body.total).toBe(4);
  });
  it('when sorted by votes then most voted first', async () => {
    const r = await search({ sort: 'votes' });
    expect(r.body.items.map((i) => i.votes)).toEqual([3, 2, 1, 0]);
    expect(slugsOf(r)).toEqual(['figma', 'notion', 'obsidian', 'productive']);
  });
  it('when sorted by trending then recent votes outweigh older ones', async () => {
    // Figma's 3 votes are ~2.8 days old (worth ~1.0 with a 48 h half-life), Notion's 2 are fresh
    expect(slugsOf(await search({ sort: 'trending' }))).toEqual(['notion', 'figma', 'obsidian', 'productive']);
  });
  it('when sorted by newest, most viewed or most followed then that order', async () => {
    expect(slugsOf(await search({ sort: 'newest' }))).toEqual(['productive', 'obsidian', 'figma', 'notion']);
    expect(slugsOf(await search({ sort: 'most_viewed' })).slice(0, 2)).toEqual(['productive', 'obsidian']);
    expect(slugsOf(await search({ sort: 'most_followed' })).slice(0, 2)).toEqual(['obsidian', 'figma']);
  });
  it('when sorted by relevance then the best text match leads, most voted breaking ties', async () => {
    expect(slugsOf(await search({ q: 'notes' }))[0]).toBe('obsidian');
    expect(slugsOf(await search({ sort: 'relevance' }))).toEqual(['figma', 'notion', 'obsidian', 'productive']);
  });
  it('when paged then pages cut the same order', async () => {
    const r = await search({ sort: 'votes', page: 2, per_page: 2 });
    expect(slugsOf(r)).toEqual(['obsidian', 'productive']);
    expect(r.body.total).toBe(4);
  });
});
