import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOneInProcess } from '../in-process.ts';

type Running = Awaited<ReturnType<typeof startAllInOneInProcess>>;

/** The site for people (services/web) as the all-in-one process serves it at `/`, on the demo catalog. */
describe('the site in all-in-one mode, on the demo catalog', () => {
  let running: Running;
  beforeAll(async () => {
    running = await startAllInOneInProcess({ DEMO_DATA: 'on' });
  });
  afterAll(async () => {
    await running?.stop();
  });

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${running.base}${path}`, { headers, redirect: 'manual' });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  /** every HTML answer carries a strict CSP with a per-request nonce and no unsafe-inline */
  const expectStrictCsp = (headers: Headers) => {
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/);
    expect(csp).toMatch(/style-src 'self' 'nonce-[0-9a-f]{32}'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
  };

  it('when the home page is asked for then it shows this week, upcoming weeks and last week, in the layout', async () => {
    const r = await page('/');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectStrictCsp(r.headers);
    expect(r.text).toMatch(/^<!doctype html><html lang="en">/);
    expect(r.text).toContain("This week's launches");
    expect(r.text).toContain('Upcoming launches');
    expect(r.text).toContain("Last week's winners");
    expect(r.text).toContain('href="/signin?next=%2F"');
    expect(r.text).toContain('action="/search"');
  });

  it('when an anonymous page is asked for again with its ETag then the answer is 304, and a new nonce each time', async () => {
    const first = await page('/');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const again = await page('/', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    const third = await page('/');
    expect(third.headers.get('etag')).toBe(etag);
    expect(third.headers.get('content-security-policy')).not.toBe(first.headers.get('content-security-policy'));
  });

  it('when the stylesheet and script are asked for then they come from /assets with a year of caching', async () => {
    const home = await page('/');
    const css = /href="(\/assets\/site\.css\?v=[0-9a-f]+)"/.exec(home.text)?.[1] ?? '';
    const js = /src="(\/assets\/site\.js\?v=[0-9a-f]+)"/.exec(home.text)?.[1] ?? '';
    const style = await page(css);
    expect(style.status).toBe(200);
    expect(style.headers.get('content-type')).toContain('text/css');
    expect(style.headers.get('cache-control')).toContain('immutable');
    const script = await page(js);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
  });

  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${running.base}/api/v1${path}`);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  type Summary = { slug: string; name: string };
  const liveListings = async (): Promise<Summary[]> => {
    const all: Summary[] = [];
    for (let page = 1; ; page++) {
      const r = await api<{ items: Summary[]; total: number }>(`/listings?status=live&per_page=100&page=${page}`);
      all.push(...r.items);
      if (all.length >= r.total || r.items.length === 0) return all;
    }
  };

  it('when every live demo listing page is asked for then each is 200 HTML with its name, and its badge embed links back to that page', async () => {
    const listings = await liveListings();
    expect(listings.length).toBeGreaterThan(150);
    for (const listing of listings) {
      const r = await page(`/listings/${listing.slug}`);
      expect(r.status, listing.slug).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expectStrictCsp(r.headers);
      expect(r.text).toContain(`<h1>${listing.name.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</h1>`);
    }
    for (const listing of listings.slice(0, 10)) {
      // the embed snippet is the badge image inside a link to the listing page
      const badges = await api<{ items: { svg_url: string; html: string }[] }>(`/listings/${listing.slug}/badges`);
      for (const badge of badges.items) {
        const svgUrl = new URL(badge.svg_url);
        const svg = await page(`${svgUrl.pathname}${svgUrl.search}`);
        expect(svg.status).toBe(200);
        expect(svg.headers.get('content-type')).toContain('image/svg+xml');
        const link = new URL(/<a href="([^"]+)"/.exec(badge.html)?.[1] ?? '');
        expect(link.pathname).toBe(`/listings/${listing.slug}`);
      }
      const target = await page(`/listings/${listing.slug}`);
      expect(target.status).toBe(200);
      expect(target.text).toContain(listing.name.replace(/&/g, '&amp;'));
    }
  }, 120_000);

  it('when a listing page is shown then it carries OpenGraph tags, JSON-LD that cannot close its script, vote and follow links to sign in, and the embed snippet', async () => {
    const [first] = await liveListings();
    const r = await page(`/listings/${first?.slug}`);
    expect(r.text).toContain('<meta property="og:title"');
    expect(r.text).toContain(
      `<meta property="og:url" content="${running.base.replace('127.0.0.1', 'localhost').replace(/:\d+$/, ':0')}/listings/${first?.slug}"`,
    );
    const nonce = /'nonce-([0-9a-f]{32})'/.exec(r.headers.get('content-security-policy') ?? '')?.[1];
    const jsonLd = /<script type="application\/ld\+json" nonce="([0-9a-f]+)">(.*?)<\/script>/s.exec(r.text);
    expect(jsonLd?.[1]).toBe(nonce);
    expect(jsonLd?.[2]).not.toContain('<');
    expect(JSON.parse(jsonLd?.[2] ?? '{}')).toMatchObject({ '@type': 'SoftwareApplication', name: first?.name });
    expect(r.text).toContain(`href="/signin?next=%2Flistings%2F${first?.slug}"`);
    expect(r.text).toContain('Badge for your website');
    expect(r.text).toContain('&lt;a href=');
  });

  it('when an unknown listing is asked for then the answer is an HTML 404 page with a search box', async () => {
    for (const slug of ['no-such-listing', 'Not_A_Slug!']) {
      const r = await page(`/listings/${encodeURIComponent(slug)}`);
      expect(r.status).toBe(404);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expectStrictCsp(r.headers);
      expect(r.text).toContain('Not found');
      expect(r.text).toMatch(/<form class="search-box" role="search" method="get" action="\/search">/);
      expect(r.headers.get('cache-control')).not.toContain('public');
    }
  });

  it('when /listings is asked for then it redirects to the search page, keeping the query', async () => {
    expect(await page('/listings')).toMatchObject({ status: 302 });
    expect((await page('/listings')).headers.get('location')).toBe('/search');
    expect((await page('/listings?sort=votes&q=notes')).headers.get('location')).toBe('/search?sort=votes&q=notes');
  });

  it('when each kind of page is asked for then it answers 200 HTML with a strict CSP', async () => {
    const founders = await api<{ items: { slug: string }[] }>('/founders?per_page=1');
    const posts = await api<{ items: { slug: string }[] }>('/blog?per_page=1');
    const paths = [
      '/',
      '/launches/weeks/this',
      '/launches/weeks/last',
      '/launches/weeks/2026-11-02',
      '/categories',
      '/categories/artificial-intelligence',
      ...['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue'].map(
        (b) => `/leaderboards/${b}`,
      ),
      '/awards',
      '/founders',
      `/founders/${founders.items[0]?.slug}`,
      '/blog',
      `/blog/${posts.items[0]?.slug}`,
      '/search',
      '/search?q=notes&sort=votes&status=live',
    ];
    for (const path of paths) {
      const r = await page(path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expectStrictCsp(r.headers);
      expect(r.text, path).toContain('<main id="main"');
    }
  });

  it('when the billboard is shown then every row is labelled Paid', async () => {
    const r = await page('/leaderboards/billboard');
    const rows = r.text.split('<li class="listing-row">').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toContain('<span class="paid-label">Paid</span>');
  });

  it('when search gets bad values then each error shows next to its field, what was typed is kept, and nothing is a 500', async () => {
    const r = await page('/search?q=x&country=Germany&sort=best&per_page=1000&status=gone');
    expect(r.status).toBe(400);
    expectStrictCsp(r.headers);
    for (const field of ['country', 'sort', 'per_page', 'status'])
      expect(r.text, field).toMatch(new RegExp(`id="search-${field}-error" class="field-error"`));
    expect(r.text).toContain('value="Germany"');
    for (const path of [
      '/search?page=0',
      '/search?category=%3Cscript%3E',
      '/founders?country=123',
      '/leaderboards/nope',
      '/launches/weeks/someday',
    ]) {
      const bad = await page(path);
      expect(bad.status, path).toBeLessThan(500);
      expect(bad.text, path).not.toContain('<script>');
    }
  });

  it('when feeds, the sitemap and robots.txt are asked for then they answer with their types and real entries', async () => {
    const rss = await page('/feeds/launches.rss');
    expect(rss.status).toBe(200);
    expect(rss.headers.get('content-type')).toContain('application/rss+xml');
    expect(rss.text).toContain('<item>');
    const atom = await page('/feeds/blog.atom');
    expect(atom.headers.get('content-type')).toContain('application/atom+xml');
    expect(atom.text).toContain('<entry>');
    const index = await page('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.text).toContain('<sitemapindex');
    const listingsMap = await page('/sitemaps/listings-1.xml');
    expect(listingsMap.text).toMatch(/<loc>http[^<]+\/listings\/[a-z0-9-]+<\/loc>/);
    const pagesMap = await page('/sitemaps/pages.xml');
    expect(pagesMap.text).toContain('/categories</loc>');
    expect((await page('/sitemaps/listings-0.xml')).status).toBe(404);
    const robots = await page('/robots.txt');
    expect(robots.text).toContain('Sitemap: ');
    expect(robots.text).toContain('Disallow: /api/');
  });

  it('when the API and MCP are asked for then they still answer beside the site', async () => {
    const api = await fetch(`${running.base}/api/v1/site`);
    expect(api.status).toBe(200);
    expect(((await api.json()) as { name: string }).name).toBeTruthy();
    const docs = await page('/api/v1/docs');
    expect([200, 302]).toContain(docs.status);
  });
});
