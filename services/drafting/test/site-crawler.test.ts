import { createSafeFetch } from '@listings/platform/outbound';
import { describe, expect, it } from 'vitest';
import { createSiteCrawler } from '../src/adapters/site-crawler.ts';
import { serveCorpusSite } from './support/corpus/score.ts';
import type { CorpusSite } from './support/corpus/sites.ts';

const page = (links: string[]) =>
  `<html><body>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}<p>Hello</p></body></html>`;

const crawl = async (site: CorpusSite, maxPages: number) => {
  const served = await serveCorpusSite(site);
  try {
    const crawler = createSiteCrawler({
      safeFetch: createSafeFetch({ allowPrivateNetworks: true, userAgent: 'ListingsDirectoryBot/1.0 (+test)' }),
      robotsToken: 'ListingsDirectoryBot',
      limits: { maxPages },
    });
    const result = await crawler.crawl(served.url, { onProgress: async () => undefined });
    if (!result.ok) throw new Error(result.reason);
    return { pages: result.pages.map((p) => new URL(p.url).pathname).sort(), requested: served.requested };
  } finally {
    await served.close();
  }
};

describe('a crawl that aims', () => {
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
});
