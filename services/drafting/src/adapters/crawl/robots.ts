import { OutboundRequestRefused, type SafeFetch } from '@listings/platform/outbound';
import robotsParserModule from 'robots-parser';

// robots-parser is CommonJS with a loose type declaration: give its default export its real shape
const robotsParser = robotsParserModule as unknown as (
  url: string,
  contents: string,
) => { isAllowed(url: string, userAgent?: string): boolean | undefined; getSitemaps(): string[] };

export interface Robots {
  isAllowed(url: string): boolean;
  sitemaps: string[];
}

/** robots.txt as read, or why the site may not be read at all */
export type RobotsAnswer = Robots | { refusal: string };

/** RFC 9309 §2.3.1: 2xx parse; 4xx "unavailable" = allow all; 5xx or unreachable = disallow all. */
const loadRobots = async (
  safeFetch: SafeFetch,
  robotsToken: string,
  origin: string,
  signal: AbortSignal,
): Promise<RobotsAnswer> => {
  const robotsUrl = `${origin}/robots.txt`;
  let response: Response;
  try {
    response = await safeFetch(robotsUrl, { signal, headers: { accept: 'text/plain' } });
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
  return { isAllowed: (url) => parsed.isAllowed(url, robotsToken) !== false, sitemaps: parsed.getSitemaps() };
};

/** What one crawl may read: pages of the start's site that its origin's robots.txt allows. */
export interface CrawlScope {
  sameSite(url: URL): boolean;
  /** robots.txt of the URL's origin, read once per crawl */
  robotsFor(url: URL): Promise<RobotsAnswer>;
  /** null when the URL may be read, else why not */
  permitted(url: URL): Promise<string | null>;
}

export const crawlScope = (options: {
  readonly start: URL;
  readonly safeFetch: SafeFetch;
  /** the product token robots.txt groups are matched against */
  readonly robotsToken: string;
  readonly signal: AbortSignal;
}): CrawlScope => {
  const siteHost = options.start.hostname.replace(/^www\./, '');
  const sameSite = (url: URL) =>
    (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.replace(/^www\./, '') === siteHost;
  const robotsByOrigin = new Map<string, RobotsAnswer>();
  const robotsFor = async (url: URL) => {
    let robots = robotsByOrigin.get(url.origin);
    if (!robots) {
      robots = await loadRobots(options.safeFetch, options.robotsToken, url.origin, options.signal);
      robotsByOrigin.set(url.origin, robots);
    }
    return robots;
  };
  return {
    sameSite,
    robotsFor,
    async permitted(url) {
      if (!sameSite(url)) return `${url.href} is not on the site`;
      const robots = await robotsFor(url);
      if ('refusal' in robots) return robots.refusal;
      return robots.isAllowed(url.href) ? null : `robots.txt disallows ${url.pathname}`;
    },
  };
};
