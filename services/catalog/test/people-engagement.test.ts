import { mailAccount, VIEWERS_PER_NETWORK_PER_DAY, VIEWS_BATCH_MAX } from '@listings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addListing, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

// Wednesday of the launch week 2026-11-16 .. 2026-11-22
const NOW = '2026-11-18T12:00:00.000Z';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** votes, views, reviews and follows as the web edge sends them, over the in-process bus */
describe('people on listings (catalog.internal.*)', () => {
  let t: TestCatalog;
  let slug: string;
  const weekly = async () =>
    (await t.call('get_leaderboard', { params: { board: 'community-weekly' }, query: {} })).body as {
      items: { listing: { slug: string }; metric: { value: number } }[];
    };
  const weeklyVotes = async () => (await weekly()).items.find((i) => i.listing.slug === slug)?.metric.value ?? 0;

  beforeAll(async () => {
    t = await startTestCatalog({ now: NOW });
    await seedCategories(t);
    slug = (await addListing(t, 'Voteable', { categories: ['Design'] }, { week: '2026-11-16' })).slug;
  });
  afterAll(() => t.stop());

  describe('votes', () => {
    it('when a person with a confirmed email votes then the weekly leaderboard counts it, and withdrawing takes it off', async () => {
      const before = await weeklyVotes();
      const voted = await t.internal('cast_vote', { slug, account_id: 'voter-1', email_confirmed: true });
      expect(voted.body).toEqual({ slug, voted: true, votes: 1 });
      expect(await weeklyVotes()).toBe(before + 1);
      // the same person again: still one vote
      await t.internal('cast_vote', { slug, account_id: 'voter-1', email_confirmed: true });
      expect(await weeklyVotes()).toBe(before + 1);
      expect((await t.internal('withdraw_vote', { slug, account_id: 'voter-1' })).body).toEqual({
        slug,
        voted: false,
        votes: 0,
      });
      expect(await weeklyVotes()).toBe(before);
    });

    it('when the email is not confirmed then 403 and nothing counts', async () => {
      const r = await t.internal('cast_vote', { slug, account_id: 'unconfirmed', email_confirmed: false });
      expect(r).toMatchObject({ status: 403, problem: { detail: expect.stringContaining('confirm your email') } });
      expect((await t.internal('get_engagement', { slug, account_id: 'unconfirmed' })).body.voted).toBe(false);
    });

    it('when the confirmation flag is missing then 400 (catalog never assumes it)', async () => {
      expect((await t.internal('cast_vote', { slug, account_id: 'someone' })).status).toBe(400);
    });

    it('when an owner votes for their own listing then 403', async () => {
      const r = await t.internal('cast_vote', { slug, account_id: 'owner-of-Voteable', email_confirmed: true });
      expect(r.status).toBe(403);
    });

    it('when the launch week is over then a vote cast in it can no longer be withdrawn', async () => {
      await t.internal('cast_vote', { slug, account_id: 'voter-final', email_confirmed: true });
      t.clock.set('2026-11-23T00:00:00.000Z');
      try {
        const r = await t.internal('withdraw_vote', { slug, account_id: 'voter-final' });
        expect(r).toMatchObject({ status: 409, problem: { detail: expect.stringContaining('final') } });
      } finally {
        t.clock.set(NOW);
      }
    });
  });

  describe('views', () => {
    const views = async () => (await t.call('get_listing', { params: { slug } })).body.views as number;
    /** one view through `record_views` (each visitor on a network of its own unless one is given): its item of the reply */
    const view = async (v: { slug: string; visitor: string; user_agent: string | null; network?: string }) =>
      (await t.internal('record_views', { views: [{ network: `network-of-${v.visitor}`, ...v }] })).body.items[0] as {
        counted: boolean;
        views: number;
      };

    it('when one visitor views a listing many times in a day then it counts once; the next day again once', async () => {
      const start = await views();
      const first = await view({ slug, visitor: 'v-1', user_agent: BROWSER });
      expect(first).toMatchObject({ counted: true, views: start + 1 });
      for (let i = 0; i < 3; i++)
        expect((await view({ slug, visitor: 'v-1', user_agent: BROWSER })).counted).toBe(false);
      await view({ slug, visitor: 'v-2', user_agent: BROWSER });
      expect(await views()).toBe(start + 2);
      t.clock.set('2026-11-19T08:00:00.000Z');
      try {
        expect((await view({ slug, visitor: 'v-1', user_agent: BROWSER })).counted).toBe(true);
      } finally {
        t.clock.set(NOW);
      }
      expect(await views()).toBe(start + 3);
    });

    it('when pages are viewed between votes then the alternatives (kept while only views change) still follow the votes, and a view still counts at once', async () => {
      const a = (await addListing(t, 'Alt Alpha', { categories: ['Design'] }, { week: '2026-11-16' })).slug;
      const b = (await addListing(t, 'Alt Beta', { categories: ['Design'] }, { week: '2026-11-16' })).slug;
      const order = async () =>
        ((await t.call('get_alternatives', { params: { slug } })).body.items as { slug: string }[])
          .map((item) => item.slug)
          .filter((s) => s === a || s === b);
      await t.internal('cast_vote', { slug: b, account_id: 'alt-voter-1', email_confirmed: true });
      expect(await order()).toEqual([b, a]);
      // views change no alternative: the answer is the one computed before them
      await view({ slug, visitor: 'alt-v', user_agent: BROWSER });
      await view({ slug: a, visitor: 'alt-v', user_agent: BROWSER });
      expect(await order()).toEqual([b, a]);
      // a vote does: two for Alpha put it first
      await t.internal('cast_vote', { slug: a, account_id: 'alt-voter-1', email_confirmed: true });
      await t.internal('cast_vote', { slug: a, account_id: 'alt-voter-2', email_confirmed: true });
      expect(await order()).toEqual([a, b]);
      // and a view still shows at once where views are shown
      const viewed = (await t.call('get_listing', { params: { slug: a } })).body.views as number;
      await view({ slug: a, visitor: 'alt-w', user_agent: BROWSER });
      expect((await t.call('get_listing', { params: { slug: a } })).body.views).toBe(viewed + 1);
    });

    it('when views come together then each is answered in order: the same visit twice counts once, an unknown slug and a bot not at all', async () => {
      const start = await views();
      const reply = await t.internal('record_views', {
        views: [
          { slug, visitor: 'batch-1', user_agent: BROWSER },
          { slug: 'no-such-listing', visitor: 'batch-1', user_agent: BROWSER },
          { slug, visitor: 'batch-1', user_agent: BROWSER },
          { slug, visitor: 'batch-2', user_agent: BROWSER },
          { slug, visitor: 'batch-3', user_agent: 'Googlebot/2.1' },
        ].map((v) => ({ ...v, network: '192.0.2.0/24' })),
      });
      expect(reply.status).toBe(200);
      expect(reply.body.items).toEqual([
        { slug, counted: true, views: start + 2 },
        { slug: 'no-such-listing', counted: false, views: 0 },
        { slug, counted: false, views: start + 2 },
        { slug, counted: true, views: start + 2 },
        { slug, counted: false, views: start + 2 },
      ]);
      expect(await views()).toBe(start + 2);
    });

    it('when a batch is empty or too long then it is refused with the field named', async () => {
      for (const count of [0, VIEWS_BATCH_MAX + 1]) {
        const reply = await t.internal('record_views', {
          views: Array.from({ length: count }, (_, i) => ({
            slug,
            visitor: `many-${i}`,
            network: '192.0.2.0/24',
            user_agent: BROWSER,
          })),
        });
        expect(reply).toMatchObject({
          status: 400,
          problem: { errors: [expect.objectContaining({ field: 'body.views' })] },
        });
      }
    });

    it('when many visitors come from one network then at most VIEWERS_PER_NETWORK_PER_DAY of them count for the listing that day; another network or listing counts on its own', async () => {
      const start = await views();
      const burst = Array.from({ length: 8 }, (_, i) => ({
        slug,
        visitor: `cookie:burst-${i}`,
        network: '203.0.113.0/24',
        user_agent: `Browser/${i}`,
      }));
      const reply = await t.internal('record_views', { views: burst });
      const counted = (reply.body.items as { counted: boolean }[]).filter((item) => item.counted).length;
      expect(counted).toBe(VIEWERS_PER_NETWORK_PER_DAY);
      // one by one (another request each) the rule is the same
      const late = { slug, visitor: 'cookie:burst-late', network: '203.0.113.0/24', user_agent: BROWSER };
      expect((await view(late)).counted).toBe(false);
      expect(await views()).toBe(start + VIEWERS_PER_NETWORK_PER_DAY);
      expect(
        (await view({ slug, visitor: 'cookie:burst-0', network: '203.0.114.0/24', user_agent: BROWSER })).counted,
      ).toBe(true);
      // the next day the network counts again
      t.clock.set('2026-11-19T09:00:00.000Z');
      try {
        expect(
          (await view({ slug, visitor: 'cookie:burst-7', network: '203.0.113.0/24', user_agent: BROWSER })).counted,
        ).toBe(true);
      } finally {
        t.clock.set(NOW);
      }
    });

    it('when a known bot or a client without a user agent views then nothing counts', async () => {
      const start = await views();
      for (const user_agent of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', null])
        expect((await view({ slug, visitor: 'crawler', user_agent })).counted).toBe(false);
      expect(await views()).toBe(start);
    });
  });

  describe('reviews', () => {
    const rating = async () => (await t.call('get_listing', { params: { slug } })).body.rating;
    let reviewed: string;

    beforeAll(async () => {
      reviewed = (await addListing(t, 'Reviewable', { categories: ['Design'] })).slug;
    });

    it('when people review, edit, get a reply, are reported and moderated then the rating counts the reviews that stand', async () => {
      const review = (account_id: string, stars: number, body = 'fine') =>
        t.internal('submit_review', { slug: reviewed, account_id, email_confirmed: true, rating: stars, body });
      await review('r-1', 5, 'great');
      await review('r-2', 1, 'spam spam');
      await review('r-1', 4, 'great, edited');
      expect((await t.call('get_listing', { params: { slug: reviewed } })).body.rating).toEqual({
        average: 2.5,
        count: 2,
      });

      // the owner replies; someone else cannot
      expect(
        (
          await t.internal('reply_to_review', {
            slug: reviewed,
            reviewer_id: 'r-1',
            account_id: 'owner-of-Reviewable',
            body: 'Thank you!',
          })
        ).status,
      ).toBe(200);
      expect(
        (await t.internal('reply_to_review', { slug: reviewed, reviewer_id: 'r-1', account_id: 'r-2', body: 'no' }))
          .status,
      ).toBe(403);

      // a signed-in person reports; a report alone changes nothing
      expect(
        (
          await t.internal('report_review', {
            slug: reviewed,
            reviewer_id: 'r-2',
            reported_by: 'reporter-1',
            reason: 'spam',
          })
        ).status,
      ).toBe(200);
      expect((await t.call('get_listing', { params: { slug: reviewed } })).body.rating.count).toBe(2);

      // the operator takes it down (the CLI goes through these commands)
      await t.catalog.commands.removeReview(reviewed, 'r-2', 'operator', 'spam');
      expect((await t.call('get_listing', { params: { slug: reviewed } })).body.rating).toEqual({
        average: 4,
        count: 1,
      });
      const listed = await t.internal('list_reviews', { slug: reviewed });
      expect(listed.body).toEqual({
        slug: reviewed,
        rating: { average: 4, count: 1 },
        reviews: [
          {
            reviewer_id: 'r-1',
            rating: 4,
            body: 'great, edited',
            at: NOW,
            reply: { body: 'Thank you!', at: NOW },
          },
        ],
      });
      // its author cannot bring it back by editing
      expect((await review('r-2', 5)).status).toBe(409);
      await t.catalog.commands.restoreReview(reviewed, 'r-2', 'operator', '');
      expect((await t.call('get_listing', { params: { slug: reviewed } })).body.rating.count).toBe(2);
    });

    it('when the email is not confirmed or the reviewer owns the listing then 403', async () => {
      for (const [account_id, email_confirmed] of [
        ['r-3', false],
        ['owner-of-Reviewable', true],
      ] as const)
        expect(
          (await t.internal('submit_review', { slug: reviewed, account_id, email_confirmed, rating: 5 })).status,
        ).toBe(403);
      expect(await rating()).toEqual({ average: null, count: 0 });
    });
  });

  describe('follows and notifications', () => {
    it('when a listing a person follows posts an update then identity is asked to mail them, once per notification', async () => {
      const asked: Record<string, unknown>[] = [];
      let arrived: (request: Record<string, unknown>) => void = () => {};
      const served = await t.bus.serve(mailAccount.subject, async (payload) => {
        asked.push(payload as Record<string, unknown>);
        arrived(payload as Record<string, unknown>);
        return { status: 200, body: { sent: true } };
      });
      try {
        const l = await addListing(t, 'Mailing', { categories: ['Design'] });
        await t.internal('follow_listing', { slug: l.slug, account_id: 'reader' });
        const mailed = new Promise<Record<string, unknown>>((resolve) => {
          arrived = resolve;
        });
        await t.bus.request('catalog.post_listing_update', {
          operation_id: 'post_listing_update',
          principal: { account_id: 'owner-of-Mailing', scopes: ['listings:write'], via: 'api_key' },
          params: { listing_id: l.listing_id },
          query: {},
          body: { title: 'Dark mode', body: 'At last.' },
        });
        const request = await mailed;
        expect(request).toMatchObject({
          account_id: 'reader',
          kind: 'listing-update',
          subject: 'Mailing: Dark mode',
          text: expect.stringContaining(`http://directory.test/listings/${l.slug}`),
          dedupe_key: expect.stringMatching(/^follower-update:/),
        });
        expect(asked).toHaveLength(1);
      } finally {
        await served.stop();
      }
    });

    it('when a follower’s listing posts an update then it is in their notifications, newest first, and not in others’', async () => {
      const l = await addListing(t, 'Followable', { categories: ['Design'] });
      await t.internal('follow_listing', { slug: l.slug, account_id: 'fan' });
      expect((await t.internal('get_engagement', { slug: l.slug, account_id: 'fan' })).body).toMatchObject({
        following: true,
        followers: 1,
        owner: false,
      });
      const post = (title: string) =>
        t.bus.request('catalog.post_listing_update', {
          operation_id: 'post_listing_update',
          principal: { account_id: 'owner-of-Followable', scopes: ['listings:write'], via: 'api_key' },
          params: { listing_id: l.listing_id },
          query: {},
          body: { title, body: 'news' },
        });
      await post('v1 is out');
      t.clock.set('2026-11-18T13:00:00.000Z');
      try {
        await post('v2 is out');
      } finally {
        t.clock.set(NOW);
      }
      expect((await t.internal('list_notifications', { account_id: 'fan' })).body.notifications).toEqual([
        { slug: l.slug, listing_name: 'Followable', update_title: 'v2 is out', at: '2026-11-18T13:00:00.000Z' },
        { slug: l.slug, listing_name: 'Followable', update_title: 'v1 is out', at: NOW },
      ]);
      expect((await t.internal('list_notifications', { account_id: 'not-a-fan' })).body.notifications).toEqual([]);
    });
  });
});
