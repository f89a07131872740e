import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CheerioCrawler } from '@crawlee/cheerio';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startDraftingWorker } from '../src/adapters/drafting-worker/pool.ts';
import { CrawlInterrupted, type CrawlProgress } from '../src/adapters/site-crawler.ts';
import { FACTS, startFixtureSite } from './support/fixture-site.ts';
import { ALICE, callOperation, pollDraft, settledStatus, startTestDrafting } from './support/harness.ts';

/** a one-page site whose robots.txt answers only when released: crawls stay in flight until then */
const startHeldSite = async () => {
  const held: (() => void)[] = [];
  let holding = true;
  const robotsRequests: string[] = [];
  const server = http.createServer((req, res) => {
    if (req.url === '/robots.txt') {
      robotsRequests.push(req.url);
      const answer = () => res.end('User-agent: *\nAllow: /\n');
      if (holding) held.push(answer);
      else answer();
      return;
    }
    if (req.url === '/') {
      res.setHeader('content-type', 'text/html');
      res.end('<html><head><title>Held Site</title></head><body><h1>Held Site</h1><p>Tools.</p></body></html>');
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    robotsRequests,
    release: () => {
      holding = false;
      for (const answer of held.splice(0)) answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

const setup = { allowPrivateNetworks: true, publicUrl: 'http://localhost:3000', openAi: null };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the drafting worker', () => {
  it('when more crawls come than it runs at once then the rest wait in its queue, and all finish with their progress reported here', async () => {
    const site = await startHeldSite();
    const worker = startDraftingWorker(setup, { concurrency: 2 });
    cleanups.push(site.close, worker.close);
    const progress: CrawlProgress[][] = [];
    const crawls = Array.from({ length: 5 }, (_, n) => {
      progress[n] = [];
      return worker.crawler.crawl(site.url, {
        onProgress: async (p) => {
          progress[n]?.push(p);
        },
      });
    });

    await vi.waitFor(() => expect(site.robotsRequests).toHaveLength(2), { timeout: 30_000, interval: 20 });
    expect(worker.load()).toEqual({ running: 2, queued: 3 });
    site.release();
    const results = await Promise.all(crawls);

    for (const result of results) expect(result.ok && result.pages.map((p) => p.title)).toEqual(['Held Site']);
    expect(site.robotsRequests).toHaveLength(5);
    for (const steps of progress) expect(steps.map((p) => p.step)).toEqual(['reading robots.txt', 'reading the site']);
    expect(worker.load()).toEqual({ running: 0, queued: 0 });
  }, 60_000);

  it('when a crawl is cancelled in the worker or in the queue then it ends as interrupted and the queued one never fetches', async () => {
    const site = await startHeldSite();
    const worker = startDraftingWorker(setup, { concurrency: 1 });
    cleanups.push(site.close, worker.close);
    const running = new AbortController();
    const queued = new AbortController();
    const first = worker.crawler.crawl(site.url, { onProgress: async () => undefined, signal: running.signal });
    const second = worker.crawler.crawl(site.url, { onProgress: async () => undefined, signal: queued.signal });
    await vi.waitFor(() => expect(site.robotsRequests).toHaveLength(1), { timeout: 30_000, interval: 20 });

    queued.abort();
    running.abort();

    await expect(first).rejects.toBeInstanceOf(CrawlInterrupted);
    await expect(second).rejects.toBeInstanceOf(CrawlInterrupted);
    expect(site.robotsRequests).toHaveLength(1);
  }, 60_000);

  it('when a progress report fails to be recorded then the crawl in the worker fails with its reason', async () => {
    const site = await startHeldSite();
    site.release();
    const worker = startDraftingWorker(setup, { concurrency: 1 });
    cleanups.push(site.close, worker.close);
    const crawl = worker.crawler.crawl(site.url, {
      onProgress: async () => {
        throw new Error('the event store is gone');
      },
    });
    await expect(crawl).rejects.toThrow('the event store is gone');
  }, 60_000);

  it('when pages are drafted there then the extractive drafter answers with quoted proposals', async () => {
    const worker = startDraftingWorker(setup, { concurrency: 1 });
    cleanups.push(worker.close);
    const html =
      '<html><head><title>Quill Notes</title><meta property="og:site_name" content="Quill Notes"></head></html>';
    const proposals = await worker.drafter.draft({
      pages: [{ url: 'https://quill.example/', title: 'Quill Notes', text: 'Quill Notes', html }],
      keys: ['name'],
      categoryNames: [],
    });
    expect(worker.drafter.name).toBe('extractive');
    expect(proposals.name?.value).toBe('Quill Notes');
  }, 60_000);
});

describe('drafts in the service', () => {
  it("when a site is drafted then it is crawled off the service's thread (no Crawlee crawler runs here) and the draft is ready", async () => {
    const run = vi.spyOn(CheerioCrawler.prototype, 'run');
    const fixture = await startFixtureSite();
    const env = await startTestDrafting();
    cleanups.push(fixture.close, env.stop, async () => run.mockRestore());

    const submitted = await callOperation(env.bus, 'submit_listing', ALICE, { body: { url: fixture.url } });
    expect(submitted.status).toBe(201);
    const draft = await pollDraft(env.bus, ALICE, submitted.body.id, settledStatus, 90_000);

    expect(draft.status).toBe('ready');
    expect(draft.fields.name).toMatchObject({ value: FACTS.name, state: 'ai' });
    expect(run).not.toHaveBeenCalled();
  }, 120_000);
});
