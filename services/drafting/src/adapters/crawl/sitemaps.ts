import type { SafeFetch } from '@listings/platform/outbound';
import { Parser } from 'htmlparser2';
import type { CrawlScope } from './robots.ts';

/** sitemap.xml files read at most (an index and the sitemaps it names) */
const MAX_SITEMAPS = 3;

/** the `<loc>`s of a sitemap: of pages, or (in a sitemap index) of more sitemaps */
const locationsIn = (xml: string): { pages: string[]; sitemaps: string[] } => {
  const found = { pages: [] as string[], sitemaps: [] as string[] };
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
        if (inSitemap) found.sitemaps.push(loc.trim());
        else found.pages.push(loc.trim());
      },
    },
    { xmlMode: true },
  );
  parser.write(xml);
  parser.end();
  return found;
};

/**
 * The page URLs the site's sitemaps list (robots.txt `Sitemap:` lines, else /sitemap.xml), read
 * through the same guard and robots.txt as pages; a sitemap that cannot be read is skipped.
 */
export const readSitemaps = async (options: {
  readonly site: URL;
  readonly scope: CrawlScope;
  readonly safeFetch: SafeFetch;
  readonly signal: AbortSignal;
  /** bytes of a sitemap read at most */
  readonly maxBytes: number;
}): Promise<string[]> => {
  const { site, scope, safeFetch, signal } = options;
  const robots = await scope.robotsFor(site);
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
    if ((await scope.permitted(url)) !== null) continue;
    try {
      const response = await safeFetch(url, { signal, headers: { accept: 'application/xml,text/xml' } });
      if (!response.ok) {
        await response.body?.cancel(); // a body left unread would hold its connection
        continue;
      }
      const { pages, sitemaps } = locationsIn((await response.text()).slice(0, options.maxBytes));
      found.push(...pages);
      queue.push(...sitemaps);
    } catch {
      // an unreadable sitemap only means the links of the pages decide
    }
  }
  return found;
};
