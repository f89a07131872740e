import { queryObjects } from 'node:v8';
import { CheerioCrawler } from '@crawlee/cheerio';
import { createSafeFetch } from '@listings/platform/outbound';
import { describe, expect, it } from 'vitest';
import { createSiteCrawler } from '../src/adapters/site-crawler.ts';
import { serveCorpusSite } from './support/corpus/score.ts';
import type { CorpusSite } from './support/corpus/sites.ts';

const page = (links: string[]) =>
  `<html><body>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}<p>Hello</p></body></html>`;
const links = ['/about', '/pricing', '/team'];
const site: CorpusSite = {
  id: 'memory',
  variant: 'memory',
  robots: 'User-agent: *\nAllow: /\n',
  pages: Object.fromEntries([['/', page(links)], ...links.map((l) => [l, page([])])]),
  expected: {},
  forbidden: [],
};

/** live CheerioCrawler instances; `queryObjects` runs a full garbage collection before it counts */
const liveCrawlers = () => queryObjects(CheerioCrawler, { format: 'count' });

describe('finished crawls are not retained one per crawl', () => {
  it('after ten concurrent crawls of a site and a full GC at most one CheerioCrawler is alive, not ten', async () => {
    const served = await serveCorpusSite(site);
    try {
      const crawler = createSiteCrawler({
        safeFetch: createSafeFetch({ allowPrivateNetworks: true, userAgent: 'ListingsDirectoryBot/1.0 (+test)' }),
        robotsToken: 'ListingsDirectoryBot',
      });
      // as the service passes its process-wide shutdown signal, which outlives every crawl
      const shutdown = new AbortController();
      const before = liveCrawlers();
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          crawler.crawl(served.url, { signal: shutdown.signal, onProgress: async () => undefined }),
        ),
      );
      for (const result of results) expect(result.ok && result.pages.length).toBe(4);
      // let finished promises settle, then count (each count is after a full GC)
      let live = liveCrawlers() - before;
      for (let turn = 0; turn < 5 && live > 1; turn += 1) {
        await new Promise(setImmediate);
        live = liveCrawlers() - before;
      }
      // one crawler (of the last crawls) stays reachable after a full GC; what holds it is not yet
      // followed (docs/benchmarks.md). Not one per crawl: ten crawls leave at most that one.
      expect(live).toBeLessThanOrEqual(1);
    } finally {
      await served.close();
    }
  }, 60_000);
});
