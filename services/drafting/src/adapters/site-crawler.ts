import { AsyncLocalStorage } from 'node:async_hooks';
import { type CheerioCrawlingContext, Configuration, log } from '@crawlee/cheerio';
import { MemoryStorage } from '@crawlee/memory-storage';
import type { SafeFetch } from '@listings/platform/outbound';
import type { CrawledPage } from '../domain/draft/draft.ts';
import { AbortableCheerioCrawler } from './crawl/abortable-crawler.ts';
import { readManifestIcons } from './crawl/manifest.ts';
import { factPagesFrom } from './crawl/next-pages.ts';
import { crawleeHttpClient, type OutsideCrawlee } from './crawl/page-fetch.ts';
import { type CrawlScope, crawlScope } from './crawl/robots.ts';
import { readSitemaps } from './crawl/sitemaps.ts';
import { pageEvidenceText } from './page-content.ts';

log.setLevel(log.LEVELS.OFF);

export interface CrawlLimits {
  /** pages read at most, the homepage included (default 12) */
  readonly maxPages: number;
  /** bytes of HTML kept per page (default 512 KiB; the fetch itself is bounded by the safe fetch) */
  readonly maxPageBytes: number;
  /** bytes of HTML read for the whole site (default 4 MiB) */
  readonly maxTotalBytes: number;
  /** the whole crawl (default 45 s) */
  readonly timeoutMs: number;
  /** redirects per page (default 5) */
  readonly maxRedirects: number;
}

export const DEFAULT_CRAWL_LIMITS: CrawlLimits = {
  maxPages: 12,
  maxPageBytes: 512 * 1024,
  maxTotalBytes: 4 * 1024 * 1024,
  timeoutMs: 45_000,
  maxRedirects: 5,
};

export type CrawlResult =
  | { readonly ok: true; readonly pages: CrawledPage[] }
  | { readonly ok: false; readonly reason: string };

export interface CrawlProgress {
  readonly step: string;
  readonly pagesRead: number;
  readonly pagesPlanned: number;
}

export interface SiteCrawler {
  /**
   * Reads the site at `url`. When `signal` fires (the draft was cancelled, the service stops) the
   * crawl ends at once and rejects with `CrawlInterrupted`, whatever step it was in.
   */
  crawl(
    url: string,
    options: { onProgress: (progress: CrawlProgress) => Promise<void>; signal?: AbortSignal },
  ): Promise<CrawlResult>;
}

/** the crawl's signal fired: nothing it read is a result */
export class CrawlInterrupted extends Error {
  constructor() {
    super('crawl interrupted');
    this.name = 'CrawlInterrupted';
  }
}

const stopIfInterrupted = (signal: AbortSignal | undefined) => {
  if (signal?.aborted) throw new CrawlInterrupted();
};

/** What one crawl works with: its site, limits, signal and guard. */
interface Crawl {
  readonly start: URL;
  readonly limits: CrawlLimits;
  /** the caller's signal or the crawl's timeout */
  readonly signal: AbortSignal;
  readonly scope: CrawlScope;
  readonly safeFetch: SafeFetch;
  readonly onProgress: (progress: CrawlProgress) => Promise<void>;
  readonly outsideCrawlee: OutsideCrawlee;
}

/**
 * Reads a product website politely with crawlee's Cheerio crawler: robots.txt first (RFC 9309, for
 * the service's product token), then the homepage, then same-site pages likely to hold facts,
 * bounded in pages, bytes, time and redirects. Every request, redirect hops and robots.txt
 * included, goes through the system's safe fetch; each hop is checked against robots.txt too, so a
 * disallowed page is never requested.
 */
export const createSiteCrawler = (deps: {
  safeFetch: SafeFetch;
  /** the product token robots.txt groups are matched against, e.g. `ListingsDirectoryBot` */
  robotsToken: string;
  limits?: Partial<CrawlLimits>;
}): SiteCrawler => {
  const limits = { ...DEFAULT_CRAWL_LIMITS, ...deps.limits };
  return {
    async crawl(startUrl, { onProgress, signal: outer }) {
      stopIfInterrupted(outer);
      const timeout = AbortSignal.timeout(limits.timeoutMs);
      const signal = outer ? AbortSignal.any([outer, timeout]) : timeout;
      const start = new URL(startUrl);
      start.hash = '';
      const scope = crawlScope({ start, safeFetch: deps.safeFetch, robotsToken: deps.robotsToken, signal });
      /**
       * Runs our own I/O outside Crawlee's async context. Crawlee runs each navigation and request
       * handler inside an AsyncLocalStorage store (@apify/timeout's) whose closures hold the crawler;
       * every timer, socket or promise created inside it keeps that context (Node's
       * AsyncContextFrame), and so the crawler, its request queue and its 16 MB dedup cache, alive
       * for as long as it lives: the safe fetch's 15 s timeout signal did, for every page. Our
       * fetches, robots.txt reads and progress writes run in the crawl's own context instead.
       */
      const outsideCrawlee = AsyncLocalStorage.snapshot();
      const crawl: Crawl = { start, limits, signal, scope, safeFetch: deps.safeFetch, onProgress, outsideCrawlee };

      await onProgress({ step: 'reading robots.txt', pagesRead: 0, pagesPlanned: 1 });
      const homepageRefusal = await scope.permitted(start);
      stopIfInterrupted(outer);
      if (homepageRefusal) return { ok: false, reason: homepageRefusal };
      const fromSitemaps = await readSitemaps({
        site: start,
        scope,
        safeFetch: deps.safeFetch,
        signal,
        maxBytes: limits.maxPageBytes,
      });
      stopIfInterrupted(outer);
      const read = await readPages(crawl, fromSitemaps);
      stopIfInterrupted(outer);
      if (read.pages.length === 0)
        return {
          ok: false,
          reason:
            read.homepageError ??
            (timeout.aborted ? 'the site did not answer in time' : 'the homepage could not be read'),
        };
      return { ok: true, pages: read.pages };
    },
  };
};

/**
 * The homepage, then the fact pages its links and the sitemaps lead to (best first, then theirs),
 * until the page or byte limit: read with crawlee's Cheerio crawler, in memory only.
 */
const readPages = async (crawl: Crawl, fromSitemaps: readonly string[]) => {
  const { limits, signal, scope } = crawl;
  const read = { pages: [] as CrawledPage[], homepageError: null as string | null };
  const seen = new Set<string>([crawl.start.href]);
  let planned = 1;
  let totalBytes = 0;

  /** one page read: kept as evidence, and the fact pages it leads to queued */
  const readPage = async ({ request, body, response, $ }: CheerioCrawlingContext) => {
    if (signal.aborted) return;
    const homepage = request.userData.homepage === true;
    if ((response.statusCode ?? 0) >= 400) {
      if (homepage) read.homepageError = `the homepage answered ${response.statusCode}`;
      return;
    }
    const html = (typeof body === 'string' ? body : body.toString('utf8')).slice(0, limits.maxPageBytes);
    totalBytes += html.length;
    const pageUrl = request.loadedUrl ?? request.url;
    const { title, text } = pageEvidenceText(html, pageUrl);
    const manifest = homepage
      ? await readManifestIcons({
          $,
          pageUrl,
          scope,
          safeFetch: crawl.safeFetch,
          signal,
          maxBytes: limits.maxPageBytes,
        })
      : [];
    read.pages.push({ url: pageUrl, title, text: [text, ...manifest].join('\n'), html });

    const next = factPagesFrom({ $, pageUrl, extra: homepage ? fromSitemaps : [], sameSite: scope.sameSite, seen });
    for (const url of next) {
      if (planned >= limits.maxPages || totalBytes >= limits.maxTotalBytes) break;
      if (seen.has(url)) continue;
      seen.add(url);
      if ((await scope.permitted(new URL(url))) !== null) continue;
      planned += 1;
      await crawler.addRequests([{ url }]);
    }
    await crawl.onProgress({ step: 'reading the site', pagesRead: read.pages.length, pagesPlanned: planned });
  };

  const crawler = new AbortableCheerioCrawler(
    {
      httpClient: crawleeHttpClient({
        scope,
        safeFetch: crawl.safeFetch,
        signal,
        maxRedirects: limits.maxRedirects,
        outsideCrawlee: crawl.outsideCrawlee,
      }),
      maxRequestsPerCrawl: limits.maxPages,
      minConcurrency: 4,
      maxConcurrency: 4,
      maxRequestRetries: 1,
      requestHandlerTimeoutSecs: Math.ceil(limits.timeoutMs / 1000),
      navigationTimeoutSecs: Math.ceil(limits.timeoutMs / 1000),
      useSessionPool: false,
      persistCookiesPerSession: false,
      respectRobotsTxtFile: false, // done by the crawl's scope, through the safe fetch and per RFC 9309
      // the page is read outside Crawlee's async context (see outsideCrawlee)
      requestHandler: (context) => crawl.outsideCrawlee(readPage, context),
      async failedRequestHandler({ request }, error) {
        if (request.userData.homepage) read.homepageError = `the homepage could not be read: ${error.message}`;
      },
    },
    new Configuration({
      storageClient: new MemoryStorage({ persistStorage: false, writeMetadata: false }),
      persistStorage: false,
    }),
    signal,
  );
  await crawler.runUntilAborted([{ url: crawl.start.href, userData: { homepage: true } }]);
  return read;
};
