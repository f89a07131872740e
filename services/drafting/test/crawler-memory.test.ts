import { queryObjects } from 'node:v8';
import { CheerioCrawler } from '@crawlee/cheerio';
import { createSafeFetch } from '@listings/platform/outbound';
import { describe, expect, it } from 'vitest';
import { createSiteCrawler } from '../src/adapters/site-crawler.ts';
import { ROBOTS_TOKEN, userAgentFor } from '../src/main.ts';
import { serveCorpusSite } from './support/corpus/score.ts';
import type { CorpusSite } from './support/corpus/sites.ts';
import { startFixtureSite } from './support/fixture-site.ts';
import { callOperation, pollDraft, principalOf, settledStatus, startTestDrafting } from './support/harness.ts';

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

/**
 * Crawlers still alive beyond `before` once finished crawls could be collected. Crawlee's `run()`
 * ends with a one-second timer of its own (the storage teardown's log line) that holds its crawler
 * until it fires: this waits, bounded, for the count to drop to one.
 */
const liveAfterFinishedCrawls = async (before: number) => {
  // bounded well past the one-second timers (a loaded CI machine ran them late: 9 still alive after
  // 20 s) and well short of the 600 s fetch timeout a regression would hold a crawler for
  const deadline = Date.now() + 60_000;
  let live = liveCrawlers() - before;
  while (live > 1 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    live = liveCrawlers() - before;
  }
  return live;
};

/**
 * The service's safe fetch with a timeout longer than these tests. A timer a page fetch started
 * inside Crawlee's async context held that context, and with it the crawler, until it fired (the
 * fetch timeout, 15 s in production): with the timeout this long a regression outlasts the test
 * instead of racing it on a loaded machine.
 */
const longTimeoutFetch = () =>
  createSafeFetch({ allowPrivateNetworks: true, userAgent: userAgentFor('http://localhost:3000'), timeoutMs: 600_000 });

describe('finished crawls are not retained one per crawl', () => {
  it('after ten concurrent crawls of a site and a full GC at most one CheerioCrawler is alive, not ten', async () => {
    const served = await serveCorpusSite(site);
    try {
      const crawler = createSiteCrawler({
        safeFetch: longTimeoutFetch(),
        robotsToken: ROBOTS_TOKEN,
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
      // at most one stays: a process-wide handle first opened during a crawl (in a plain Node
      // process, the stdio pipe) keeps that crawl's async context; not one per crawl
      expect(await liveAfterFinishedCrawls(before)).toBeLessThanOrEqual(1);
    } finally {
      await served.close();
    }
  }, 120_000);
});

describe('drafts that read a site do not keep their crawlers', () => {
  it('after drafts of a real site are ready, their finished crawlers are collected (at most one alive, not one per draft)', async () => {
    const fixture = await startFixtureSite();
    const env = await startTestDrafting({ overrides: { safeFetch: longTimeoutFetch() } });
    try {
      const before = liveCrawlers();
      const drafts = 4;
      const statuses = await Promise.all(
        Array.from({ length: drafts }, async (_, n) => {
          const owner = principalOf(`acct-memory-${n}`);
          const submitted = await callOperation(env.bus, 'submit_listing', owner, { body: { url: fixture.url } });
          expect(submitted.status).toBe(201);
          return (await pollDraft(env.bus, owner, submitted.body.id, settledStatus, 90_000)).status;
        }),
      );
      expect(statuses).toEqual(Array(drafts).fill('ready'));
      expect(await liveAfterFinishedCrawls(before)).toBeLessThanOrEqual(1);
    } finally {
      await env.stop();
      await fixture.close();
    }
  }, 210_000);
});
