import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLBOARD_NOTICE } from '../src/application/get_leaderboard.ts';
import { addListing, draftId, profile, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

// Wednesday of the week 2026-11-16 .. 2026-11-22
const NOW = '2026-11-18T12:00:00.000Z';

describe('catalog operations (through the bus)', () => {
  let t: TestCatalog;
  beforeAll(async () => {
    t = await startTestCatalog({ now: '2026-11-04T12:00:00.000Z' });
    await seedCategories(t);
    // launched two weeks ago (week of 2026-11-02)
    await addListing(t, 'Alpha', {
      categories: ['Note Taking', 'Design'],
      country: 'US',
      pricing_model: 'Freemium',
      features: ['Sync'],
      founders: [{ name: 'Ada Lovelace', title: 'CEO', bio: 'Counts things.' }],
      founder_socials: { x: 'https://x.com/ada' },
      story: { title: 'Why Alpha', story: 'Because.' } as never,
      milestones: [{ date: '2026-01-01', title: 'Founded' }],
      faqs: [{ question: 'Free?', answer: 'Yes.' }],
      not_found_on_website: ['founded_year'],
    });
    await addListing(
      t,
      'Beta',
      {
        categories: ['Note Taking'],
        country: 'GB',
        pricing_model: 'Subscription',
        founders: [{ name: 'Ada Lovelace' }],
      },
      { plan: 'free' },
    );
    await addListing(t, 'Gamma', { categories: ['Note Taking'], country: 'GB' }, { plan: 'free' });
    t.clock.set('2026-11-05T08:00:00.000Z');
    for (const who of ['p1', 'p2', 'p3'])
      await t.internal('cast_vote', { slug: 'beta', account_id: who, email_confirmed: true });
    for (const who of ['p1', 'p2'])
      await t.internal('cast_vote', { slug: 'alpha', account_id: who, email_confirmed: true });
    t.clock.set('2026-11-06T08:00:00.000Z');
    for (const who of ['p3', 'p4'])
      await t.internal('cast_vote', { slug: 'gamma', account_id: who, email_confirmed: true }); // ties Alpha, later
    // after the week ended: awards are decided by the ticker
    t.clock.set(NOW);
    await t.catalog.ticker.tick();
    await addListing(t, 'Delta', { categories: ['Design'], country: 'DE' }, { plan: 'paid' });
    await addListing(t, 'Soon', { categories: ['Design'] }, { week: '2026-11-23', plan: 'paid' });
    await t.internal('cast_vote', { slug: 'delta', account_id: 'p1', email_confirmed: true });
    const alpha = await t.catalog.readModel.view.listingBySlug('alpha');
    const gamma = await t.catalog.readModel.view.listingBySlug('gamma');
    await t.catalog.commands.listing(alpha?.id ?? 0, {
      type: 'ApproveAlternative',
      data: { alternative_id: gamma?.id ?? 0 },
    });
    for (const [value, date] of [
      [30, '2026-09-01'],
      [35, '2026-10-01'],
    ] as const)
      await t.catalog.commands.listing(alpha?.id ?? 0, { type: 'RecordDomainRating', data: { value, date } });
    await t.catalog.commands.listing(gamma?.id ?? 0, {
      type: 'RecordDomainRating',
      data: { value: 50, date: '2026-10-01' },
    });
    await t.catalog.commands.listing(gamma?.id ?? 0, {
      type: 'RecordRevenue',
      data: { mrr_cents: 500000, date: '2026-10-01' },
    });
    await t.catalog.commands.listing(alpha?.id ?? 0, {
      type: 'ContributeToBillboard',
      data: { order_number: 'O-1', amount_cents: 100 },
    });
    await t.catalog.commands.listing(gamma?.id ?? 0, {
      type: 'ContributeToBillboard',
      data: { order_number: 'O-2', amount_cents: 900 },
    });
    await t.catalog.commands.listing(gamma?.id ?? 0, {
      type: 'ContributeToBillboard',
      data: { order_number: 'O-2', amount_cents: 900 },
    });
    await t.catalog.commands.listing(alpha?.id ?? 0, { type: 'PostUpdate', data: { title: 'v2', body: 'New!' } });
    await t.internal('mark_listing_verified', { listing_id: alpha?.id, account_id: 'owner-of-Alpha' });
    await t.catalog.commands.publishBlogPost({
      slug: 'old-post',
      title: 'Launch tips',
      excerpt: 'tips',
      body_markdown: '# Tips\n\nShip on Monday.',
      faqs: [{ question: 'When?', answer: 'Monday.' }],
      published_at: '2026-10-01T00:00:00.000Z',
    });
    await t.catalog.commands.publishBlogPost({
      slug: 'new-post',
      title: 'Pricing your product',
      excerpt: 'money',
      body_markdown: 'Charge more.',
      faqs: [],
      published_at: '2026-11-01T00:00:00.000Z',
    });
    await t.catalog.commands.setInterviewQuestions([{ id: 'origin', question: 'Why?' }]);
  });
  afterAll(() => t.stop());

  it('get_site_info counts live listings and categories', async () => {
    const r = await t.call('get_site_info');
    expect(r.body.counts).toEqual({ live_listings: 4, categories: 4 });
  });

  it('get_listing returns the full profile; paid sections only when unlocked', async () => {
    const alpha = (await t.call('get_listing', { params: { slug: 'alpha' } })).body;
    expect(alpha).toMatchObject({
      slug: 'alpha',
      name: 'Alpha',
      url: 'https://www.alpha.com',
      votes: 2,
      primary_category: 'note-taking',
      categories: ['note-taking', 'design'],
      pricing: { model: 'Freemium' },
      features: ['Sync'],
      founders: [{ slug: 'ada-lovelace', name: 'Ada Lovelace', title: 'CEO' }],
      faqs: [{ question: 'Free?', answer: 'Yes.' }],
      latest_updates: [{ title: 'v2', body: 'New!' }],
      domain_rating: {
        value: 35,
        direction: 'up',
        change: 5,
        trend: [
          { date: '2026-09-01', value: 30 },
          { date: '2026-10-01', value: 35 },
        ],
      },
      not_found_on_website: ['founded_year'],
      story: { title: 'Why Alpha', story: 'Because.' } as never,
      milestones: [{ id: 1, date: '2026-01-01', title: 'Founded' }],
      verified: true,
    });
    const beta = (await t.call('get_listing', { params: { slug: 'beta' } })).body;
    expect(beta.story).toBeUndefined();
    expect(beta.milestones).toBeUndefined();
    expect(beta.media).toBeUndefined();
  });

  it('ratings count genuine reviews only: owners are refused, one review per person', async () => {
    expect(
      (
        await t.internal('submit_review', {
          slug: 'beta',
          account_id: 'owner-of-Beta',
          email_confirmed: true,
          rating: 5,
        })
      ).status,
    ).toBe(403);
    await t.internal('submit_review', { slug: 'beta', account_id: 'p1', email_confirmed: true, rating: 5 });
    await t.internal('submit_review', { slug: 'beta', account_id: 'p1', email_confirmed: true, rating: 3 });
    const r = await t.internal('submit_review', { slug: 'beta', account_id: 'p2', email_confirmed: true, rating: 4 });
    expect(r.body.rating).toEqual({ average: 3.5, count: 2 });
    expect((await t.call('get_listing', { params: { slug: 'beta' } })).body.rating).toEqual({ average: 3.5, count: 2 });
  });

  it('votes are one per person and can be withdrawn', async () => {
    expect((await t.internal('cast_vote', { slug: 'delta', account_id: 'p1', email_confirmed: true })).body).toEqual({
      slug: 'delta',
      voted: true,
      votes: 1,
    });
    expect((await t.internal('withdraw_vote', { slug: 'delta', account_id: 'p1' })).body).toEqual({
      slug: 'delta',
      voted: false,
      votes: 0,
    });
    expect((await t.internal('cast_vote', { slug: 'delta', account_id: 'p1', email_confirmed: true })).body.votes).toBe(
      1,
    );
    expect((await t.internal('cast_vote', { slug: 'nope', account_id: 'p1', email_confirmed: true })).status).toBe(404);
  });

  it('every slug operation answers 404 problem for an unknown slug', async () => {
    for (const [op, input] of [
      ['get_listing', { params: { slug: 'nope' } }],
      ['get_alternatives', { params: { slug: 'nope' } }],
      ['get_category', { params: { slug: 'nope' } }],
      ['get_founder', { params: { slug: 'nope' } }],
      ['get_blog_post', { params: { slug: 'nope' } }],
      ['get_badges', { params: { slug: 'nope' } }],
      ['compare_listings', { query: { a: 'alpha', b: 'nope' } }],
      ['list_awards', { query: { listing: 'nope' } }],
    ] as const) {
      const r = await t.call(op, input);
      expect(r.status, op).toBe(404);
      expect(r.problem.type).toBe('/api/v1/problems/not-found');
    }
  });

  it('a saved (unpublished) draft listing is not public', async () => {
    const saved = await t.internal('save_listing_from_draft', {
      listing_id: null,
      draft_id: draftId(),
      owner_account_ids: ['o'],
      profile: profile('Secret'),
    });
    expect(saved.body).toMatchObject({ slug: 'secret', status: 'draft' });
    expect((await t.call('get_listing', { params: { slug: 'secret' } })).status).toBe(404);
  });

  it('save_listing_from_draft updates the same listing when run again, and refuses unknown categories', async () => {
    const id = draftId();
    const first = await t.internal('save_listing_from_draft', {
      listing_id: null,
      draft_id: id,
      owner_account_ids: ['o'],
      profile: profile('Twice'),
    });
    const again = await t.internal('save_listing_from_draft', {
      listing_id: first.body.listing_id,
      draft_id: id,
      owner_account_ids: ['o'],
      profile: profile('Twice', { tagline: 'new' }),
    });
    expect(again.body).toEqual(first.body);
    expect((await t.catalog.readModel.view.listing(first.body.listing_id))?.profile.tagline).toBe('new');
    // a create repeated for the same draft (a submit retried before the draft recorded its listing)
    // finds the listing the first one made: one listing per draft
    const count = (await t.catalog.readModel.view.findListings({})).length;
    const retried = await t.internal('save_listing_from_draft', {
      listing_id: null,
      draft_id: id,
      owner_account_ids: ['o'],
      profile: profile('Twice', { tagline: 'retried' }),
    });
    expect(retried.body).toEqual(first.body);
    expect((await t.catalog.readModel.view.findListings({})).length).toBe(count);
    expect((await t.catalog.readModel.view.listing(first.body.listing_id))?.profile.tagline).toBe('retried');
    const bad = await t.internal('save_listing_from_draft', {
      listing_id: null,
      draft_id: draftId(),
      owner_account_ids: ['o'],
      profile: profile('Bad', { categories: ['Nope'] }),
    });
    expect(bad.status).toBe(400);
    expect(bad.problem.errors[0].field).toBe('profile.categories.0');
    expect(
      (
        await t.internal('save_listing_from_draft', {
          listing_id: 9999,
          draft_id: id,
          owner_account_ids: ['o'],
          profile: profile('X'),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.internal('save_listing_from_draft', {
          listing_id: null,
          draft_id: 'x',
          owner_account_ids: [],
          profile: {},
        })
      ).status,
    ).toBe(400);
  });

  it('get_alternatives lists approved ones first, then the same primary category, never itself', async () => {
    const r = (await t.call('get_alternatives', { params: { slug: 'alpha' } })).body;
    expect(r.items.map((i: { slug: string; approved: boolean }) => [i.slug, i.approved])).toEqual([
      ['gamma', true],
      ['beta', false],
    ]);
  });

  it('compare_listings shows category attributes side by side; empty cells are null; both must be live', async () => {
    const r = (await t.call('compare_listings', { query: { a: 'alpha', b: 'beta' } })).body;
    expect(r.rows).toEqual([
      { attribute: 'pricing_model', a: 'Freemium', b: 'Subscription' },
      { attribute: 'country', a: 'US', b: 'GB' },
      { attribute: 'features', a: 'Sync', b: null },
    ]);
    expect((await t.call('compare_listings', { query: { a: 'alpha', b: 'soon' } })).status).toBe(404);
  });

  it('list_categories gives the tree with live counts including subcategories; include_empty=false hides empty ones', async () => {
    const all = (await t.call('list_categories', { query: {} })).body.items;
    const productivity = all.find((c: { slug: string }) => c.slug === 'productivity');
    expect(productivity).toMatchObject({
      live_count: 3,
      parent: null,
      subcategories: [{ slug: 'note-taking', live_count: 3, parent: 'productivity' }],
    });
    expect(all.find((c: { slug: string }) => c.slug === 'design').live_count).toBe(2); // Alpha (paid extra) and Delta
    expect(all.map((c: { slug: string }) => c.slug)).toContain('empty-corner');
    const nonEmpty = (await t.call('list_categories', { query: { include_empty: false } })).body.items;
    expect(nonEmpty.map((c: { slug: string }) => c.slug)).not.toContain('empty-corner');
  });

  it('get_category lists its listings most voted first, paged, with FAQs', async () => {
    const r = (await t.call('get_category', { params: { slug: 'productivity' }, query: { per_page: 2 } })).body;
    expect(r.faqs).toEqual([{ question: 'q?', answer: 'a' }]);
    expect(r.listings.items.map((i: { slug: string }) => i.slug)).toEqual(['beta', 'alpha']);
    expect(r.listings.total).toBe(3);
  });

  it('get_launch_week ranks a past week by its votes; a future week lists scheduled launches; bad dates are 400', async () => {
    const past = (await t.call('get_launch_week', { params: { week: '2026-11-05' } })).body;
    expect(past.week_start).toBe('2026-11-02');
    expect(past.week_end).toBe('2026-11-08');
    expect(past.items.map((i: { slug: string }) => i.slug)).toEqual(['beta', 'alpha', 'gamma']);
    const next = (await t.call('get_launch_week', { params: { week: 'next' } })).body;
    expect(next.items.map((i: { slug: string; status: string }) => [i.slug, i.status])).toEqual([
      ['soon', 'scheduled'],
    ]);
    const bad = await t.call('get_launch_week', { params: { week: '2026-02-30' } });
    expect(bad.status).toBe(400);
    expect(bad.problem.errors[0].field).toBe('params.week');
  });

  it('list_launches answers every section', async () => {
    const slugs = async (section: string) =>
      (await t.call('list_launches', { query: { section } })).body.items.map((i: { slug: string }) => i.slug);
    expect(await slugs('this-week')).toEqual(['delta']);
    expect(await slugs('today')).toEqual(['delta']);
    expect(await slugs('upcoming')).toEqual(['soon']);
    expect(await slugs('most-voted')).toEqual(['beta', 'alpha', 'gamma', 'delta']);
    expect((await slugs('recent'))[0]).toBe('delta');
    expect((await slugs('trending'))[0]).toBe('delta'); // the freshest vote
    for (const section of ['most-viewed', 'most-followed']) expect(await slugs(section)).toHaveLength(4);
  });

  it('get_leaderboard: weekly, all time, billboard (paid, said so), domain rating, revenue; week elsewhere is 400', async () => {
    const weekly = (await t.call('get_leaderboard', { params: { board: 'community-weekly' }, query: { week: 'last' } }))
      .body;
    expect(weekly.items).toEqual([]);
    const older = (
      await t.call('get_leaderboard', { params: { board: 'community-weekly' }, query: { week: '2026-11-02' } })
    ).body;
    expect(
      older.items.map((i: { rank: number; listing: { slug: string }; metric: { value: number } }) => [
        i.rank,
        i.listing.slug,
        i.metric.value,
      ]),
    ).toEqual([
      [1, 'beta', 3],
      [2, 'alpha', 2],
      [3, 'gamma', 2],
    ]);
    expect(older.paid).toBe(false);
    const billboard = (await t.call('get_leaderboard', { params: { board: 'billboard' } })).body;
    expect(billboard.paid).toBe(true);
    expect(billboard.notice).toBe(BILLBOARD_NOTICE);
    expect(
      billboard.items.map((i: { listing: { slug: string }; metric: object }) => [i.listing.slug, i.metric]),
    ).toEqual([
      ['gamma', { name: 'amount paid', unit: 'usd_cents', value: 900 }],
      ['alpha', { name: 'amount paid', unit: 'usd_cents', value: 100 }],
    ]);
    const dr = (await t.call('get_leaderboard', { params: { board: 'domain-rating' } })).body;
    expect(dr.items.map((i: { listing: { slug: string } }) => i.listing.slug)).toEqual(['gamma', 'alpha']);
    const revenue = (await t.call('get_leaderboard', { params: { board: 'revenue' } })).body;
    expect(revenue.items[0].metric).toEqual({
      name: 'monthly recurring revenue',
      unit: 'usd_cents_per_month',
      value: 500000,
    });
    const allTime = (await t.call('get_leaderboard', { params: { board: 'community-all-time' } })).body;
    expect(allTime.items[0]).toMatchObject({ rank: 1, listing: { slug: 'beta' }, metric: { value: 3, unit: 'votes' } });
    const wrong = await t.call('get_leaderboard', { params: { board: 'billboard' }, query: { week: 'this' } });
    expect(wrong.status).toBe(400);
    expect(wrong.problem.errors[0].field).toBe('query.week');
  });

  it('list_awards: #1-#3 of ended weeks by votes with the tie-break, filterable by listing', async () => {
    const r = (await t.call('list_awards', { query: {} })).body;
    expect(
      r.items.map((i: { week_start: string; rank: number; award: string; listing: { slug: string } }) => [
        i.week_start,
        i.rank,
        i.award,
        i.listing.slug,
      ]),
    ).toEqual([
      ['2026-11-02', 1, 'Launch of the Week #1', 'beta'],
      ['2026-11-02', 2, 'Launch of the Week #2', 'alpha'],
      ['2026-11-02', 3, 'Launch of the Week #3', 'gamma'],
    ]);
    const alphaOnly = (await t.call('list_awards', { query: { listing: 'alpha' } })).body;
    expect(alphaOnly.items.map((i: { rank: number }) => i.rank)).toEqual([2]);
  });

  it('list_founders and get_founder: by name and country; profile with companies and stories', async () => {
    const list = (await t.call('list_founders', { query: { q: 'ada' } })).body;
    expect(list.items.map((f: { slug: string }) => f.slug)).toEqual(['ada-lovelace']);
    expect((await t.call('list_founders', { query: { country: 'us' } })).body.total).toBe(1);
    expect((await t.call('list_founders', { query: { country: 'fr' } })).body.total).toBe(0);
    const ada = (await t.call('get_founder', { params: { slug: 'ada-lovelace' } })).body;
    expect(ada).toMatchObject({
      name: 'Ada Lovelace',
      bio: 'Counts things.',
      country: 'US',
      socials: { x: 'https://x.com/ada' },
    });
    expect(ada.companies.map((c: { slug: string }) => c.slug)).toEqual(['alpha', 'beta']);
    expect(ada.stories).toEqual([{ listing: 'alpha', title: 'Why Alpha', sections: { story: 'Because.' } }]);
  });

  it('blog: newest first, matched by q, full Markdown and FAQs by slug', async () => {
    const list = (await t.call('list_blog_posts', { query: {} })).body;
    expect(list.items.map((p: { slug: string }) => p.slug)).toEqual(['new-post', 'old-post']);
    expect(list.items[0].body_markdown).toBeUndefined();
    expect(
      (await t.call('list_blog_posts', { query: { q: 'launch' } })).body.items.map((p: { slug: string }) => p.slug),
    ).toEqual(['old-post']);
    const post = (await t.call('get_blog_post', { params: { slug: 'old-post' } })).body;
    expect(post).toMatchObject({
      body_markdown: '# Tips\n\nShip on Monday.',
      faqs: [{ question: 'When?', answer: 'Monday.' }],
    });
  });

  it('list_interview_questions returns the site setting', async () => {
    expect((await t.call('list_interview_questions')).body.items).toEqual([{ id: 'origin', question: 'Why?' }]);
  });

  it('get_badges: earned kinds with embed code and SVG URLs for every shape, mode and size; SVGs are served', async () => {
    const r = (
      await t.call('get_badges', { params: { slug: 'alpha' }, query: { shape: 'pill', mode: 'dark', size: 'l' } })
    ).body;
    expect(r.items.map((b: { kind: string }) => b.kind)).toEqual([
      'listed-on',
      'launched-on',
      'verified',
      'launch-of-the-week-2',
    ]);
    const badge = r.items[0];
    expect(badge.svg_url).toBe('http://directory.test/badges/alpha/listed-on.svg?shape=pill&mode=dark&size=l');
    expect(badge.html).toContain('<a href="http://directory.test/listings/alpha"');
    expect(badge.html).toMatch(/<img src="[^"]+" alt="Listed on Listings Directory: Alpha"/);
    expect(badge.svg_urls).toHaveLength(5 * 3 * 3);
    const svg = await t.internal('get_badge_svg', { slug: 'alpha', kind: 'launch-of-the-week-2', mode: 'auto' });
    expect(svg.body.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
    expect(svg.body.svg).toContain('prefers-color-scheme: dark');
    expect(svg.body.etag).toMatch(/^".+"$/);
    expect((await t.internal('get_badge_svg', { slug: 'beta', kind: 'verified' })).status).toBe(404);
  });
});
