import { type Bus, connectNatsBus } from '@listings/platform/bus';
import { silentLogger } from '@listings/platform/logger';
import { natsServerAvailable, startNatsServer } from '@listings/platform/testing/nats-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../../../services/catalog/test/support.ts';
import { startAllInOne } from '../../src/all-in-one.ts';
import { startCluster } from '../../src/cluster.ts';
import { CLUSTER_START_TIMEOUT_MS, freePort, tempDataDir, testConfig } from '../support.ts';

/**
 * Every one of the 17 public catalog operations through the REST gateway, on the demo catalog,
 * in all-in-one mode and in cluster mode over a real nats-server.
 */
const exerciseAll = (mode: string, base: () => string, bus: () => Bus) => {
  const get = async (path: string) => {
    const response = await fetch(`${base()}/api/v1${path}`);
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      body: (await response.json()) as Reply['body'],
    };
  };
  let slug = '';
  let other = '';

  it(`${mode}: get_site_info has real counts`, async () => {
    const r = await get('/site');
    expect(r.status).toBe(200);
    expect(r.body.counts.live_listings).toBeGreaterThan(150);
    expect(r.body.counts.categories).toBeGreaterThanOrEqual(20);
  });
  it(`${mode}: search_listings, typo tolerant, sorted`, async () => {
    const r = await get('/listings?sort=votes&per_page=5');
    expect(r.status).toBe(200);
    const votes = r.body.items.map((i: { votes: number }) => i.votes);
    expect(votes).toEqual([...votes].sort((a: number, b: number) => b - a));
    slug = r.body.items[0].slug;
    other = r.body.items[1].slug;
    const name: string = r.body.items[0].name;
    const typo = `${name.slice(0, 2)}${name[3]}${name[2]}${name.slice(4)}`.toLowerCase();
    const found = await get(`/listings?q=${encodeURIComponent(typo)}`);
    expect(found.body.items.slice(0, 5).map((i: { slug: string }) => i.slug)).toContain(slug);
  });
  it(`${mode}: get_listing, get_alternatives, compare_listings, get_badges`, async () => {
    expect((await get(`/listings/${slug}`)).body).toMatchObject({
      slug,
      rating: expect.any(Object),
      domain_rating: expect.any(Object),
    });
    const alternatives = await get(`/listings/${slug}/alternatives`);
    expect(alternatives.status).toBe(200);
    expect(alternatives.body.items.map((i: { slug: string }) => i.slug)).not.toContain(slug);
    const compared = await get(`/compare?a=${slug}&b=${other}`);
    expect(compared.status).toBe(200);
    expect(compared.body.rows.length).toBeGreaterThan(0);
    const badges = await get(`/listings/${slug}/badges?shape=square&mode=dark&size=s`);
    expect(badges.body.items.map((b: { kind: string }) => b.kind)).toContain('launched-on');
    const svg = await fetch(badges.body.items[0].svg_url.replace(/^https?:\/\/[^/]+/, base()));
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(svg.headers.get('cache-control')).toContain('max-age');
    expect(await svg.text()).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg".*<\/svg>$/s);
    const again = await fetch(badges.body.items[0].svg_url.replace(/^https?:\/\/[^/]+/, base()), {
      headers: { 'if-none-match': svg.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });
  it(`${mode}: a change made behind the edge is read at once: the edge's read cache empties on the catalog's notice`, async () => {
    const views = async () => ((await get(`/listings/${slug}`)).body as { views: number }).views;
    const before = await views();
    // asked twice: the second answer is the edge's (an anonymous public read, kept until a change)
    expect(await views()).toBe(before);
    // a page view recorded straight on the bus, as the web edge records them: not through the REST edge
    const recorded = (await bus().request('catalog.internal.record_views', {
      views: [{ slug, visitor: `cookie:${mode}-cache-test`, network: '198.51.100.0/24', user_agent: 'Mozilla/5.0' }],
    })) as Reply;
    expect(recorded.body.items[0]).toMatchObject({ slug, counted: true, views: before + 1 });
    expect(await views()).toBe(before + 1);
  });
  it(`${mode}: list_categories, get_category`, async () => {
    const tree = await get('/categories?include_empty=false');
    expect(tree.status).toBe(200);
    const root = tree.body.items[0];
    const category = await get(`/categories/${root.subcategories[0].slug}?per_page=3`);
    expect(category.body.listings.items.length).toBeGreaterThan(0);
    expect(category.body.parent).toBe(root.slug);
  });
  it(`${mode}: get_launch_week, list_launches`, async () => {
    for (const week of ['this', 'next', 'last', '2026-01-01'])
      expect((await get(`/launches/weeks/${week}`)).status).toBe(200);
    expect((await get('/launches/weeks/2026-02-30')).status).toBe(400);
    for (const section of [
      'today',
      'this-week',
      'trending',
      'most-voted',
      'recent',
      'most-viewed',
      'most-followed',
      'upcoming',
    ])
      expect((await get(`/launches?section=${section}`)).status).toBe(200);
    expect((await get('/launches?section=upcoming')).body.total).toBeGreaterThan(0);
  });
  it(`${mode}: get_leaderboard on every board; billboard says it is paid`, async () => {
    for (const board of ['community-weekly', 'community-all-time', 'domain-rating', 'revenue']) {
      const r = await get(`/leaderboards/${board}`);
      expect(r.status).toBe(200);
      expect(r.body.paid).toBe(false);
    }
    const billboard = await get('/leaderboards/billboard');
    expect(billboard.body).toMatchObject({ paid: true, notice: expect.stringContaining('Paid') });
    expect((await get('/leaderboards/billboard?week=this')).status).toBe(400);
    expect((await get('/leaderboards/community-weekly?week=last')).body.items.length).toBeGreaterThan(0);
  });
  it(`${mode}: list_founders, get_founder`, async () => {
    const founders = await get('/founders?per_page=1');
    expect(founders.body.total).toBeGreaterThan(0);
    const founder = await get(`/founders/${founders.body.items[0].slug}`);
    expect(founder.body.companies.length).toBeGreaterThan(0);
  });
  it(`${mode}: list_blog_posts, get_blog_post, list_awards, list_interview_questions`, async () => {
    const posts = await get('/blog');
    expect(posts.body.total).toBeGreaterThanOrEqual(10);
    expect((await get(`/blog/${posts.body.items[0].slug}`)).body.body_markdown).toContain('#');
    const awards = await get('/awards');
    expect(awards.body.items[0]).toMatchObject({ rank: 1, award: 'Launch of the Week #1' });
    expect((await get('/interview-questions')).body.items.length).toBeGreaterThan(0);
  });
  it(`${mode}: unknown slugs are 404 problem+json`, async () => {
    for (const path of [
      '/listings/nope-x',
      '/listings/nope-x/alternatives',
      '/listings/nope-x/badges',
      '/categories/nope-x',
      '/founders/nope-x',
      '/blog/nope-x',
      `/compare?a=${slug}&b=nope-x`,
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.type).toContain('application/problem+json');
    }
  });
};

describe('catalog through the gateway: all-in-one', () => {
  const data = tempDataDir();
  let running: Awaited<ReturnType<typeof startAllInOne>>;
  beforeAll(async () => {
    running = await startAllInOne(testConfig({ PORT: '0', DATA_DIR: data.dir, DEMO_DATA: 'on' }), silentLogger(), {
      host: '127.0.0.1',
    });
  });
  afterAll(async () => {
    await running.stop();
    data.remove();
  });
  exerciseAll(
    'all-in-one',
    () => `http://127.0.0.1:${running.port}`,
    () => running.bus,
  );
});

const available = natsServerAvailable();
if (!available) console.warn('catalog cluster tests skipped: nats-server is not on the PATH');

describe.skipIf(!available)('catalog through the gateway: cluster over NATS', () => {
  const data = tempDataDir();
  let nats: Awaited<ReturnType<typeof startNatsServer>>;
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let probe: Bus;
  beforeAll(async () => {
    nats = await startNatsServer();
    probe = await connectNatsBus({ servers: nats.url, name: 'catalog-through-gateway-test' });
    cluster = await startCluster(
      testConfig({ PORT: String(await freePort()), DATA_DIR: data.dir, NATS_URL: nats.url, DEMO_DATA: 'on' }),
      silentLogger(),
      // MCP_PORT and WEB_PORT default to PORT + 1 and PORT + 2, which nothing reserved: another
      // test's process may hold them (mcp-gateway then exited with EADDRINUSE before it was ready)
      { ...process.env, LOG_LEVEL: 'silent', DEMO_DATA: 'on', MCP_PORT: '0', WEB_PORT: '0' },
    );
  }, CLUSTER_START_TIMEOUT_MS);
  afterAll(async () => {
    await probe?.close();
    await cluster?.stop();
    await nats?.stop();
    data.remove();
  });
  exerciseAll(
    'cluster',
    () => `http://127.0.0.1:${cluster.port}`,
    () => probe,
  );
});
