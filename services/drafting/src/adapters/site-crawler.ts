import { AsyncLocalStorage } from 'node:async_hooks';
import { Readable } from 'node:stream';
import {
  type BaseHttpClient,
  type CheerioAPI,
  CheerioCrawler,
  Configuration,
  type HttpRequest,
  log,
} from '@crawlee/cheerio';
import { MemoryStorage } from '@crawlee/memory-storage';
import { OutboundRequestRefused, type SafeFetch } from '@listings/platform/outbound';
import { Parser } from 'htmlparser2';
import robotsParserModule from 'robots-parser';
import type { CrawledPage } from '../domain/draft/draft.ts';
import { MANIFEST_MARKER } from '../domain/evidence/served-text.ts';
import { pageEvidenceText } from './page-content.ts';
import { ABOUT_WORDS, CONTACT_WORDS, PRICING_WORDS, TEAM_WORDS } from './page-kinds.ts';

log.setLevel(log.LEVELS.OFF);

// robots-parser is CommonJS with a loose type declaration: give its default export its real shape
const robotsParser = robotsParserModule as unknown as (
  url: string,
  contents: string,
) => { isAllowed(url: string, userAgent?: string): boolean | undefined; getSitemaps(): string[] };

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
  crawl(
    url: string,
    options: { onProgress: (progress: CrawlProgress) => Promise<void>; signal?: AbortSignal },
  ): Promise<CrawlResult>;
}

/** Pages likely to hold facts about a product, by words in their path or link text. */
const FACT_PAGE = new RegExp(
  [
    /about|company|story|team|founder|people|pricing|plans|price|features|product|faq|help|questions|contact|legal|imprint|impressum|terms|privacy|careers|press|changelog|blog|docs/
      .source,
    PRICING_WORDS.source,
    ABOUT_WORDS.source,
    TEAM_WORDS.source,
    CONTACT_WORDS.source,
  ].join('|'),
  'i',
);

/**
 * The pages read first, best first: what a listing needs most (plans, the company and its people)
 * before what helps (changelog, blog, press, docs); any other fact page after them.
 */
const PREFERRED = [
  PRICING_WORDS,
  ABOUT_WORDS,
  TEAM_WORDS,
  /company|story/i,
  /faq|features/i,
  /contact/i,
  /changelog/i,
  /blog/i,
  /press/i,
  /docs/i,
];
/** lower is read sooner; a short path beats a deep one of the same kind */
const preference = (label: string, depth: number): number => {
  const at = PREFERRED.findIndex((re) => re.test(label));
  return (at === -1 ? PREFERRED.length : at) * 10 + Math.min(depth, 9);
};

/** sitemap.xml files read at most (an index and the sitemaps it names) */
const MAX_SITEMAPS = 3;

interface Robots {
  isAllowed(url: string): boolean;
  sitemaps: string[];
}

class CrawlRefused extends Error {}

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

  /** RFC 9309 §2.3.1: 2xx parse; 4xx "unavailable" = allow all; 5xx or unreachable = disallow all. */
  const loadRobots = async (origin: string, signal: AbortSignal): Promise<Robots | { refusal: string }> => {
    const robotsUrl = `${origin}/robots.txt`;
    let response: Response;
    try {
      response = await deps.safeFetch(robotsUrl, { signal, headers: { accept: 'text/plain' } });
    } catch (error) {
      if (error instanceof OutboundRequestRefused) return { refusal: `the site cannot be fetched: ${error.reason}` };
      return { refusal: `robots.txt is unreachable (${(error as Error).message}); RFC 9309 says to read nothing then` };
    }
    if (response.status >= 500)
      return { refusal: `robots.txt answered ${response.status}; RFC 9309 says to read nothing then` };
    if (response.status >= 400) return { isAllowed: () => true, sitemaps: [] };
    if (response.status >= 300) return { refusal: 'robots.txt redirects too often' };
    // RFC 9309 §2.5: at least 500 KiB must be parsed; the safe fetch's limit is above that
    const parsed = robotsParser(robotsUrl, await response.text());
    return { isAllowed: (url) => parsed.isAllowed(url, deps.robotsToken) !== false, sitemaps: parsed.getSitemaps() };
  };

  return {
    async crawl(startUrl, { onProgress, signal: outer }) {
      const timeout = AbortSignal.timeout(limits.timeoutMs);
      const signal = outer ? AbortSignal.any([outer, timeout]) : timeout;
      const start = new URL(startUrl);
      start.hash = '';
      const siteHost = start.hostname.replace(/^www\./, '');
      const sameSite = (url: URL) =>
        (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.replace(/^www\./, '') === siteHost;

      const robotsByOrigin = new Map<string, Robots | { refusal: string }>();
      const robotsFor = async (url: URL) => {
        let robots = robotsByOrigin.get(url.origin);
        if (!robots) {
          robots = await loadRobots(url.origin, signal);
          robotsByOrigin.set(url.origin, robots);
        }
        return robots;
      };
      const permitted = async (url: URL): Promise<string | null> => {
        if (!sameSite(url)) return `${url.href} is not on the site`;
        const robots = await robotsFor(url);
        if ('refusal' in robots) return robots.refusal;
        return robots.isAllowed(url.href) ? null : `robots.txt disallows ${url.pathname}`;
      };

      /**
       * Runs our own I/O outside Crawlee's async context. Crawlee runs each navigation and request
       * handler inside an AsyncLocalStorage store (@apify/timeout's) whose closures hold the crawler;
       * every timer, socket or promise created inside it keeps that context (Node's
       * AsyncContextFrame), and so the crawler, its request queue and its 16 MB dedup cache, alive
       * for as long as it lives: the safe fetch's 15 s timeout signal did, for every page. Our
       * fetches, robots.txt reads and progress writes run in the crawl's own context instead.
       */
      const outsideCrawlee = AsyncLocalStorage.snapshot();

      await onProgress({ step: 'reading robots.txt', pagesRead: 0, pagesPlanned: 1 });
      const homepageRefusal = await permitted(start);
      if (homepageRefusal) return { ok: false, reason: homepageRefusal };
      const fromSitemaps = await readSitemaps(start, signal);

      /** crawlee's HTTP client, bound to the safe fetch; redirects are followed here, hop by hop */
      const httpClient: BaseHttpClient = {
        async sendRequest(request) {
          const fetched = await outsideCrawlee(fetchPage, request);
          return { ...fetched, body: fetched.body.toString('utf8') } as never;
        },
        async stream(request) {
          const fetched = await outsideCrawlee(fetchPage, request);
          return {
            ...fetched,
            stream: Readable.from([fetched.body]),
            downloadProgress: { percent: 100, transferred: fetched.body.length, total: fetched.body.length },
            uploadProgress: { percent: 100, transferred: 0, total: 0 },
          };
        },
      };
      const fetchPage = async (request: { url: string | URL }) => {
        let url = new URL(String(request.url));
        const redirectUrls: URL[] = [];
        for (let hop = 0; ; hop += 1) {
          const refusal = await permitted(url);
          if (refusal) throw new CrawlRefused(refusal);
          const response = await deps.safeFetch(url, {
            redirect: 'manual',
            signal,
            headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
          });
          const location = response.headers.get('location');
          if (response.status >= 300 && response.status < 400 && location) {
            if (hop >= limits.maxRedirects) throw new CrawlRefused(`more than ${limits.maxRedirects} redirects`);
            url = new URL(location, url);
            redirectUrls.push(url);
            continue;
          }
          const body = Buffer.from(await response.arrayBuffer());
          const headers: Record<string, string> = {};
          response.headers.forEach((value, name) => {
            headers[name] = value;
          });
          return {
            url: url.href,
            redirectUrls,
            statusCode: response.status,
            headers,
            trailers: {},
            complete: true,
            request: request as HttpRequest,
            body,
          };
        }
      };

      /**
       * The page URLs the site's sitemaps list (robots.txt `Sitemap:` lines, else /sitemap.xml), read
       * through the same guard and robots.txt as pages; a sitemap that cannot be read is skipped.
       */
      async function readSitemaps(site: URL, abort: AbortSignal): Promise<string[]> {
        const robots = await robotsFor(site);
        const queue =
          'sitemaps' in robots && robots.sitemaps.length > 0 ? [...robots.sitemaps] : [`${site.origin}/sitemap.xml`];
        const found: string[] = [];
        for (let read = 0; read < MAX_SITEMAPS && queue.length > 0; read += 1) {
          let url: URL;
          try {
            url = new URL(queue.shift() as string);
          } catch {
            continue;
          }
          if ((await permitted(url)) !== null) continue;
          try {
            const response = await deps.safeFetch(url, {
              signal: abort,
              headers: { accept: 'application/xml,text/xml' },
            });
            if (!response.ok) {
              await response.body?.cancel(); // a body left unread would hold its connection
              continue;
            }
            const xml = (await response.text()).slice(0, limits.maxPageBytes);
            let inSitemap = false;
            let inLoc = false;
            let loc = '';
            const parser = new Parser(
              {
                onopentag(name) {
                  if (name === 'sitemap') inSitemap = true;
                  if (name === 'loc') {
                    inLoc = true;
                    loc = '';
                  }
                },
                ontext(text) {
                  if (inLoc) loc += text;
                },
                onclosetag(name) {
                  if (name === 'sitemap') inSitemap = false;
                  if (name !== 'loc') return;
                  inLoc = false;
                  if (inSitemap) queue.push(loc.trim());
                  else found.push(loc.trim());
                },
              },
              { xmlMode: true },
            );
            parser.write(xml);
            parser.end();
          } catch {
            // an unreadable sitemap only means the links of the pages decide
          }
        }
        return found;
      }

      /**
       * The icons of the homepage's web app manifest (`<link rel="manifest">`), as evidence lines of
       * the homepage (`manifest icon 512x512: https://...`), then the manifest as served: read through the guard and robots.txt
       * like a page, no redirects followed; a manifest that cannot be read gives none.
       */
      async function readManifestIcons($: CheerioAPI, pageUrl: string, abort: AbortSignal): Promise<string[]> {
        const href = $('link[rel~="manifest"]').first().attr('href');
        if (!href) return [];
        try {
          const url = new URL(href, pageUrl);
          if ((await permitted(url)) !== null) return [];
          const response = await deps.safeFetch(url, {
            redirect: 'manual',
            signal: abort,
            headers: { accept: 'application/manifest+json,application/json' },
          });
          if (!response.ok) {
            await response.body?.cancel();
            return [];
          }
          const served = (await response.text()).slice(0, limits.maxPageBytes);
          const manifest = JSON.parse(served) as {
            icons?: { src?: unknown; sizes?: unknown }[];
          };
          const lines = (Array.isArray(manifest.icons) ? manifest.icons : [])
            .filter((icon) => typeof icon?.src === 'string')
            .slice(0, 20)
            .map((icon) => {
              const sizes =
                typeof icon.sizes === 'string' && /^[\dx ]+$/i.test(icon.sizes) ? icon.sizes.split(' ')[0] : 'any';
              return `manifest icon ${sizes}: ${new URL(icon.src as string, url).href}`;
            });
          // the manifest as served: the evidence a logo read from it is quoted from
          return lines.length > 0 ? [...lines, MANIFEST_MARKER, served] : [];
        } catch {
          return [];
        }
      }

      const pages: CrawledPage[] = [];
      const seen = new Set<string>([start.href]);
      let planned = 1;
      let totalBytes = 0;
      let homepageError: string | null = null;
      const config = new Configuration({
        storageClient: new MemoryStorage({ persistStorage: false, writeMetadata: false }),
        persistStorage: false,
      });
      const crawler = new CheerioCrawler(
        {
          httpClient,
          maxRequestsPerCrawl: limits.maxPages,
          minConcurrency: 4,
          maxConcurrency: 4,
          maxRequestRetries: 1,
          requestHandlerTimeoutSecs: Math.ceil(limits.timeoutMs / 1000),
          navigationTimeoutSecs: Math.ceil(limits.timeoutMs / 1000),
          useSessionPool: false,
          persistCookiesPerSession: false,
          respectRobotsTxtFile: false, // done above, through the safe fetch and per RFC 9309
          // the page is read outside Crawlee's async context (see outsideCrawlee)
          requestHandler: (context) =>
            outsideCrawlee(async ({ request, body, response, $ }: typeof context) => {
              if (signal.aborted) return;
              if ((response.statusCode ?? 0) >= 400) {
                if (request.userData.homepage) homepageError = `the homepage answered ${response.statusCode}`;
                return;
              }
              const html = (typeof body === 'string' ? body : body.toString('utf8')).slice(0, limits.maxPageBytes);
              totalBytes += html.length;
              const finalUrl = request.loadedUrl ?? request.url;
              const { title, text } = pageEvidenceText(html, finalUrl);
              const manifest = request.userData.homepage ? await readManifestIcons($, finalUrl, signal) : [];
              pages.push({ url: finalUrl, title, text: [text, ...manifest].join('\n'), html });

              const candidates: { url: string; score: number }[] = [];
              const consider = (target: URL, text: string) => {
                target.hash = '';
                if (!sameSite(target) || seen.has(target.href)) return;
                if (/\.(pdf|png|jpe?g|gif|svg|zip|mp4|webp|ico|css|js|xml|json)$/i.test(target.pathname)) return;
                const label = `${target.pathname} ${text}`;
                if (!FACT_PAGE.test(label) || candidates.some((c) => c.url === target.href)) return;
                candidates.push({ url: target.href, score: preference(label, target.pathname.split('/').length - 1) });
              };
              $('a[href]').each((_, el) => {
                try {
                  consider(new URL($(el).attr('href') ?? '', finalUrl), $(el).text());
                } catch {
                  // not a URL
                }
              });
              if (request.userData.homepage)
                for (const loc of fromSitemaps) {
                  try {
                    consider(new URL(loc), '');
                  } catch {
                    // not a URL
                  }
                }
              candidates.sort((a, b) => a.score - b.score);
              for (const candidate of candidates) {
                if (planned >= limits.maxPages || totalBytes >= limits.maxTotalBytes) break;
                if (seen.has(candidate.url)) continue;
                seen.add(candidate.url);
                if ((await permitted(new URL(candidate.url))) !== null) continue;
                planned += 1;
                await crawler.addRequests([{ url: candidate.url }]);
              }
              await onProgress({ step: 'reading the site', pagesRead: pages.length, pagesPlanned: planned });
            }, context),
          async failedRequestHandler({ request }, error) {
            if (request.userData.homepage) homepageError = `the homepage could not be read: ${error.message}`;
          },
        },
        config,
      );
      const onAbort = () => void crawler.autoscaledPool?.abort();
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        await crawler.run([{ url: start.href, userData: { homepage: true } }]);
      } finally {
        signal.removeEventListener('abort', onAbort);
        await crawler.teardown().catch(() => undefined);
      }
      if (outer?.aborted) throw new Error('crawl interrupted');
      if (pages.length === 0)
        return {
          ok: false,
          reason:
            homepageError ?? (timeout.aborted ? 'the site did not answer in time' : 'the homepage could not be read'),
        };
      return { ok: true, pages };
    },
  };
};
