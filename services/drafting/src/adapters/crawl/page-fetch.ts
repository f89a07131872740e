import { Readable } from 'node:stream';
import type { BaseHttpClient, HttpRequest } from '@crawlee/cheerio';
import type { SafeFetch } from '@listings/platform/outbound';
import type { CrawlScope } from './robots.ts';

/** a page the crawl may not read (off the site, disallowed by robots.txt, too many redirects) */
class CrawlRefused extends Error {}

/** runs a function outside Crawlee's async context (see `outsideCrawlee` in site-crawler.ts) */
export type OutsideCrawlee = <R, A extends unknown[]>(fn: (...args: A) => R, ...args: A) => R;

/**
 * crawlee's HTTP client, bound to the safe fetch; redirects are followed here, hop by hop, each
 * hop checked against the site and its robots.txt, so a disallowed page is never requested.
 */
export const crawleeHttpClient = (options: {
  readonly scope: CrawlScope;
  readonly safeFetch: SafeFetch;
  readonly signal: AbortSignal;
  readonly maxRedirects: number;
  readonly outsideCrawlee: OutsideCrawlee;
}): BaseHttpClient => {
  const fetchPage = async (request: { url: string | URL }) => {
    let url = new URL(String(request.url));
    const redirectUrls: URL[] = [];
    for (let hop = 0; ; hop += 1) {
      const refusal = await options.scope.permitted(url);
      if (refusal) throw new CrawlRefused(refusal);
      const response = await options.safeFetch(url, {
        redirect: 'manual',
        signal: options.signal,
        headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        if (hop >= options.maxRedirects) throw new CrawlRefused(`more than ${options.maxRedirects} redirects`);
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
  return {
    async sendRequest(request) {
      const fetched = await options.outsideCrawlee(fetchPage, request);
      return { ...fetched, body: fetched.body.toString('utf8') } as never;
    },
    async stream(request) {
      const fetched = await options.outsideCrawlee(fetchPage, request);
      return {
        ...fetched,
        stream: Readable.from([fetched.body]),
        downloadProgress: { percent: 100, transferred: fetched.body.length, total: fetched.body.length },
        uploadProgress: { percent: 100, transferred: 0, total: 0 },
      };
    },
  };
};
