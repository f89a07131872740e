import { describe, expect, it } from 'vitest';
import { createSiteCrawler } from '../src/adapters/site-crawler.ts';

/**
 * Each running crawl holds about 16 MB (docs/benchmarks.md, memory), so one crawler runs a bounded
 * number at once, however many drafts arrive together. Every crawl asks for robots.txt first: a
 * fetch that holds those answers counts the crawls under way.
 */
describe('crawls one crawler runs at once', () => {
  it('when 7 crawls start together with a bound of 2 then at most 2 run at a time, and all 7 end', async () => {
    const held: (() => void)[] = [];
    let inFlight = 0;
    let most = 0;
    const crawler = createSiteCrawler({
      safeFetch: async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise<void>((resolve) => held.push(resolve));
        inFlight--;
        // robots.txt down: RFC 9309 says read nothing, so the crawl ends here
        return new Response('down', { status: 503 });
      },
      robotsToken: 'ListingsDirectoryBot',
      limits: { concurrentCrawls: 2 },
    });
    const crawls = Array.from({ length: 7 }, (_, i) =>
      crawler.crawl(`https://site-${i}.example/`, { onProgress: async () => undefined }),
    );
    const results = [];
    for (let answered = 0; answered < 7; answered++) {
      // wait until the crawls allowed to run have asked, then answer one
      while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
      expect(inFlight).toBeLessThanOrEqual(2);
      held.shift()?.();
    }
    for (const result of await Promise.all(crawls)) results.push(result);
    expect(most).toBe(2);
    expect(results).toHaveLength(7);
    for (const result of results) expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('503') });
  });
});
