import { LEADERBOARDS, listBlogPosts, listCategories, listFounders, searchListings } from '@listings/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { must, type WebContext } from '../../web-context.ts';
import { FEED_CACHE_CONTROL } from '../feeds/route.ts';

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** listings per sitemap file: 10 catalog pages of 100 */
const LISTINGS_PER_FILE = 1000;
const PER_PAGE = 100;
/** search_listings pages up to 1000 × 100: the sitemap reaches that many listings */
const MAX_LISTING_FILES = 100;

const origin = (web: WebContext) => web.publicUrl.replace(/\/+$/, '');

// the XML is rendered by the same escaping renderer as the pages
const urlset = (locations: readonly string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>${renderToString(
    h('urlset', { xmlns: XMLNS }, ...locations.map((loc) => h('url', null, h('loc', null, loc)))),
  )}`;
const sitemapIndex = (locations: readonly string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>${renderToString(
    h('sitemapindex', { xmlns: XMLNS }, ...locations.map((loc) => h('sitemap', null, h('loc', null, loc)))),
  )}`;

const sendXml = (reply: FastifyReply, body: string) =>
  reply.header('cache-control', FEED_CACHE_CONTROL).type('application/xml; charset=utf-8').send(body);

/** every page of a paged operation's slugs, up to `maxPages` */
const allSlugs = async (
  load: (page: number) => Promise<{ items: readonly { slug: string }[]; total: number }>,
  maxPages: number,
): Promise<string[]> => {
  const first = await load(1);
  const pages = Math.min(maxPages, Math.ceil(first.total / PER_PAGE));
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, index) => load(index + 2)));
  return [first, ...rest].flatMap((page) => page.items.map((item) => item.slug));
};

/** `/sitemap.xml` (an index), `/sitemaps/pages.xml`, `/sitemaps/listings-{n}.xml`, `/robots.txt` */
export const sitemapRoutes = async (app: FastifyInstance, web: WebContext) => {
  const liveListings = (page: number, perPage = PER_PAGE) =>
    web.catalog
      .call(searchListings, { query: { sort: 'newest', page: String(page), per_page: String(perPage) } })
      .then(must);

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('cache-control', FEED_CACHE_CONTROL)
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /me',
          'Disallow: /api/',
          'Disallow: /oauth/',
          'Disallow: /checkout/',
          'Disallow: /signin',
          'Disallow: /search',
          `Sitemap: ${origin(web)}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const { total } = await liveListings(1, 1);
    const files = Math.min(MAX_LISTING_FILES, Math.max(1, Math.ceil(total / LISTINGS_PER_FILE)));
    const site = origin(web);
    return sendXml(
      reply,
      sitemapIndex([
        `${site}/sitemaps/pages.xml`,
        ...Array.from({ length: files }, (_, index) => `${site}/sitemaps/listings-${index + 1}.xml`),
      ]),
    );
  });

  // (a static route wins over /sitemaps/:file)
  app.get('/sitemaps/pages.xml', async (_request, reply) => {
    const site = origin(web);
    const [categories, posts, founders] = await Promise.all([
      web.catalog.call(listCategories, {}).then(must),
      allSlugs(
        (page) =>
          web.catalog.call(listBlogPosts, { query: { page: String(page), per_page: String(PER_PAGE) } }).then(must),
        10,
      ),
      allSlugs(
        (page) =>
          web.catalog.call(listFounders, { query: { page: String(page), per_page: String(PER_PAGE) } }).then(must),
        10,
      ),
    ]);
    const categorySlugs = (items: typeof categories.items): string[] =>
      items.flatMap((item) => [item.slug, ...categorySlugs(item.subcategories as unknown as typeof categories.items)]);
    return sendXml(
      reply,
      urlset([
        `${site}/`,
        `${site}/launches/weeks/this`,
        `${site}/categories`,
        ...categorySlugs(categories.items).map((slug) => `${site}/categories/${slug}`),
        ...LEADERBOARDS.map((board) => `${site}/leaderboards/${board}`),
        `${site}/awards`,
        `${site}/founders`,
        ...founders.map((slug) => `${site}/founders/${slug}`),
        `${site}/blog`,
        ...posts.map((slug) => `${site}/blog/${slug}`),
      ]),
    );
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const n = Number(/^listings-([0-9]{1,3})\.xml$/.exec(request.params.file)?.[1]);
    if (!Number.isInteger(n) || n < 1 || n > MAX_LISTING_FILES)
      return reply.code(404).type('text/plain; charset=utf-8').send('no such sitemap');
    const firstPage = (n - 1) * (LISTINGS_PER_FILE / PER_PAGE) + 1;
    const pages = await Promise.all(
      Array.from({ length: LISTINGS_PER_FILE / PER_PAGE }, (_, index) => liveListings(firstPage + index)),
    );
    const site = origin(web);
    return sendXml(reply, urlset(pages.flatMap((page) => page.items.map((item) => `${site}/listings/${item.slug}`))));
  });
};
