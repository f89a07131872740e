import { createSafeFetch } from '@listings/platform/outbound';
import { describe, expect, it } from 'vitest';
import { createExtractiveDrafter } from '../src/adapters/extractive-drafter.ts';
import { CrawlInterrupted, createSiteCrawler } from '../src/adapters/site-crawler.ts';
import { verifyProposals } from '../src/domain/draft/evidence/verify-evidence.ts';
import { serveCorpusSite } from './support/corpus/score.ts';
import type { CorpusSite } from './support/corpus/sites.ts';

const page = (links: string[]) =>
  `<html><body>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}<p>Hello</p></body></html>`;

const crawl = async (site: CorpusSite, maxPages: number) => {
  const { pages, requested } = await crawlPages(site, maxPages);
  return { pages: pages.map((p) => new URL(p.url).pathname).sort(), requested };
};
const crawlPages = async (site: CorpusSite, maxPages: number) => {
  const served = await serveCorpusSite(site);
  try {
    const crawler = createSiteCrawler({
      safeFetch: createSafeFetch({ allowPrivateNetworks: true, userAgent: 'ListingsDirectoryBot/1.0 (+test)' }),
      robotsToken: 'ListingsDirectoryBot',
      limits: { maxPages },
    });
    const result = await crawler.crawl(served.url, { onProgress: async () => undefined });
    if (!result.ok) throw new Error(result.reason);
    return { pages: result.pages, requested: served.requested, origin: served.origin };
  } finally {
    await served.close();
  }
};

describe('a crawl that aims: fact pages first, sitemaps, the web app manifest', () => {
  it('when the homepage links many fact pages then pricing, about and team are read first', async () => {
    const links = [
      '/legal',
      '/privacy',
      '/terms',
      '/careers',
      '/contact',
      '/help',
      '/blog',
      '/team',
      '/about',
      '/pricing',
    ];
    const site: CorpusSite = {
      id: 'aim',
      variant: 'aim',
      robots: 'User-agent: *\nAllow: /\n',
      pages: Object.fromEntries([['/', page(links)], ...links.map((l) => [l, page([])])]),
      expected: {},
      forbidden: [],
    };
    const { pages } = await crawl(site, 4);
    expect(pages).toEqual(['/', '/about', '/pricing', '/team']);
  });

  it('when sitemap.xml lists pages the homepage does not link then they are read, and robots.txt still rules', async () => {
    const sitemap = (origin: string) => `<?xml version="1.0" encoding="UTF-8"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc>${origin}/</loc></url>
        <url><loc>${origin}/company/pricing</loc></url>
        <url><loc>${origin}/private/team</loc></url>
        <url><loc>${origin}/random-page</loc></url>
        <url><loc>https://elsewhere.example/about</loc></url>
      </urlset>`;
    const site: CorpusSite = {
      id: 'sitemap',
      variant: 'sitemap',
      robots: 'User-agent: *\nDisallow: /private/\nSitemap: {{origin}}/sitemaps/main.xml\n',
      pages: {
        '/': page(['/legal']),
        '/legal': page([]),
        '/company/pricing': page([]),
        '/private/team': page([]),
        '/random-page': page([]),
        '/sitemaps/main.xml': sitemap('{{origin}}'),
      },
      expected: {},
      forbidden: [],
    };
    const { pages, requested } = await crawl(site, 12);
    expect(requested).toContain('/sitemaps/main.xml');
    expect(pages).toEqual(['/', '/company/pricing', '/legal']);
    expect(requested).not.toContain('/private/team');
    expect(requested).not.toContain('/random-page');
  });

  it('when the homepage names a web app manifest then its icons are homepage evidence and the largest is the logo', async () => {
    const manifest = JSON.stringify({
      name: 'Iconic',
      icons: [
        { src: '/icons/192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/512.png', sizes: '512x512', type: 'image/png' },
      ],
    });
    const site: CorpusSite = {
      id: 'manifest',
      variant: 'manifest',
      robots: 'User-agent: *\nAllow: /\n',
      pages: {
        '/': `<html><head><link rel="manifest" href="/site.webmanifest"></head><body><h1>Iconic</h1></body></html>`,
        '/site.webmanifest': manifest,
      },
      expected: {},
      forbidden: [],
    };
    const { pages, origin } = await crawlPages(site, 2);
    expect(pages[0]?.text).toContain(`manifest icon 512x512: ${origin}/icons/512.png`);
    const proposals = await createExtractiveDrafter().draft({ pages, keys: ['logo_url'], categoryNames: [] });
    const { proposals: kept } = verifyProposals(pages, proposals, ['logo_url']);
    expect(kept.logo_url?.value).toBe(`${origin}/icons/512.png`);
  });

  it('when robots.txt disallows the manifest then it is not fetched', async () => {
    const site: CorpusSite = {
      id: 'manifest-disallowed',
      variant: 'manifest',
      robots: 'User-agent: *\nDisallow: /private/\n',
      pages: {
        '/': `<html><head><link rel="manifest" href="/private/app.webmanifest"></head><body>Hi</body></html>`,
        '/private/app.webmanifest': '{"icons":[{"src":"/x.png"}]}',
      },
      expected: {},
      forbidden: [],
    };
    const { pages, requested } = await crawlPages(site, 2);
    expect(requested).not.toContain('/private/app.webmanifest');
    expect(pages[0]?.text).not.toContain('manifest icon');
  });
});

describe('a crawl whose signal fires (the draft cancelled, the service stopping)', () => {
  const site: CorpusSite = {
    id: 'stopped',
    variant: 'stopped',
    robots: 'User-agent: *\nAllow: /\n',
    pages: { '/': page(['/about']), '/about': page([]) },
    expected: {},
    forbidden: [],
  };
  /** the safe fetch, noting each path asked for; `onFetch` runs before the request is made */
  const crawlerFor = (onFetch: (path: string) => void) => {
    const safeFetch = createSafeFetch({ allowPrivateNetworks: true, userAgent: 'ListingsDirectoryBot/1.0 (+test)' });
    return createSiteCrawler({
      safeFetch: (url, init) => {
        onFetch(new URL(String(url)).pathname);
        return safeFetch(url, init);
      },
      robotsToken: 'ListingsDirectoryBot',
      limits: { timeoutMs: 60_000 },
    });
  };

  it('when the signal has already fired then the crawl rejects at once: no request, no progress, no result to record', async () => {
    const served = await serveCorpusSite(site);
    try {
      const fetched: string[] = [];
      const progress: string[] = [];
      const began = Date.now();
      await expect(
        crawlerFor((path) => fetched.push(path)).crawl(served.url, {
          signal: AbortSignal.abort(),
          onProgress: async (p) => void progress.push(p.step),
        }),
      ).rejects.toThrow(CrawlInterrupted);
      expect(Date.now() - began).toBeLessThan(5_000);
      expect(fetched).toEqual([]);
      expect(progress).toEqual([]);
      expect(served.requested).toEqual([]);
    } finally {
      await served.close();
    }
  });

  it('when the signal fires just before the pages are read (during the sitemaps) then the crawl rejects at once and the homepage is never requested', async () => {
    const served = await serveCorpusSite(site);
    try {
      const stop = new AbortController();
      const fetched: string[] = [];
      const began = Date.now();
      const crawler = crawlerFor((path) => {
        fetched.push(path);
        if (path === '/sitemap.xml') stop.abort();
      });
      await expect(
        crawler.crawl(served.url, { signal: stop.signal, onProgress: async () => undefined }),
      ).rejects.toThrow(CrawlInterrupted);
      expect(Date.now() - began).toBeLessThan(5_000);
      expect(fetched).toEqual(['/robots.txt', '/sitemap.xml']);
    } finally {
      await served.close();
    }
  });
});
