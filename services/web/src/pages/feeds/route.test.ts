import { listBlogPosts, listLaunches, MULTI_LINE_TEXT_PATTERN, SINGLE_LINE_TEXT_PATTERN } from '@listings/contracts';
import { manualClock } from '@listings/platform/clock';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogClient } from '../../operation-clients.ts';
import { createWebContext } from '../../web-context.ts';
import { feedRoutes } from './route.ts';

/**
 * Every feed, whatever the listings and posts say, is well-formed XML with one item per listing
 * (or post), and an XML parser reads back exactly the text that was put in. The catalog is a
 * stand-in that answers with the launches and posts a test sets.
 */
describe('feeds: any text stays text', () => {
  let launches: { slug: string; name: string; tagline?: string; launch_week: string }[] = [];
  let posts: { slug: string; title: string; excerpt?: string; published_at: string }[] = [];
  const catalog: CatalogClient = {
    call: async (op) => {
      if (op.operationId === listLaunches.operationId)
        return { ok: true, body: { items: launches, page: 1, per_page: 50, total: 0 } } as never;
      if (op.operationId === listBlogPosts.operationId)
        return { ok: true, body: { items: posts, page: 1, per_page: 50, total: 0 } } as never;
      const problem = { type: '/api/v1/problems/not-found', title: 'Not found', status: 404, detail: 'not here' };
      return { ok: false, status: 404, detail: 'not here', errors: [], problem, unanswered: false };
    },
  };
  const web = createWebContext({
    catalog,
    clock: manualClock('2026-11-27T12:00:00Z'),
    publicUrl: 'http://site.test',
    viewerOf: () => null,
  });
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await feedRoutes(app, web);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  /** the parser keeps text as it is: no trimming, no numbers, entities and character references decoded */
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: true,
    // this option also decodes numeric character references (`&#13;`), which XML itself defines
    htmlEntities: true,
    isArray: (name) => name === 'item' || name === 'entry',
  });

  interface ParsedItem {
    readonly title: string;
    readonly summary: string;
    readonly titleType?: string;
    readonly summaryType?: string;
  }
  const textOf = (node: unknown): string =>
    typeof node === 'string' ? node : String((node as Record<string, unknown>)['#text'] ?? '');

  /** the feed at `url`, checked well-formed, as its items' texts */
  const readFeed = async (url: string): Promise<ParsedItem[]> => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const valid = XMLValidator.validate(response.body);
    expect(valid, JSON.stringify(valid)).toBe(true);
    const parsed = parser.parse(response.body) as {
      rss?: { channel: { item?: { title: unknown; description: unknown }[] } };
      feed?: { entry?: { title: unknown; summary: unknown }[] };
    };
    if (url.endsWith('.rss'))
      return (parsed.rss?.channel.item ?? []).map((item) => ({
        title: textOf(item.title),
        summary: textOf(item.description),
      }));
    return (parsed.feed?.entry ?? []).map((entry) => ({
      title: textOf(entry.title),
      summary: textOf(entry.summary),
      titleType: (entry.title as Record<string, string>)['@_type'],
      summaryType: (entry.summary as Record<string, string>)['@_type'],
    }));
  };

  const launch = (i: number, name: string, tagline: string) => ({
    slug: `listing-${i}`,
    name,
    tagline,
    launch_week: '2026-11-23',
  });

  it('when a tagline holds `]]>` twice and an <item> then each feed still has one item per listing with that tagline as text', async () => {
    const hostile = 'a]]>b]]><item>x</item>';
    launches = [launch(1, 'Name <b>&amp;</b>', hostile), launch(2, 'Plain', 'plain tagline')];
    for (const url of ['/feeds/launches.rss', '/feeds/launches.atom']) {
      const items = await readFeed(url);
      expect(items.map((item) => item.summary)).toEqual([hostile, 'plain tagline']);
      expect(items.map((item) => item.title)).toEqual(['Name <b>&amp;</b>', 'Plain']);
    }
  });

  it('when the Atom feeds are read then every title and summary is marked as text, not HTML', async () => {
    launches = [launch(1, 'One', 'first')];
    posts = [{ slug: 'post', title: 'A <post>', excerpt: 'an excerpt', published_at: '2026-11-20T10:00:00Z' }];
    for (const url of ['/feeds/launches.atom', '/feeds/blog.atom']) {
      const [entry] = await readFeed(url);
      expect(entry).toMatchObject({ titleType: 'text', summaryType: 'text' });
    }
  });

  /** text the contracts take: the given pieces that break naive XML, and any other characters the pattern allows */
  const textMatching = (pattern: string, extra: string[]) =>
    fc
      .array(
        fc.oneof(
          fc.constantFrom(
            ']]>',
            ']]',
            '>',
            '<',
            '&',
            '&amp;',
            '&#13;',
            '<![CDATA[',
            '</item>',
            '<item>',
            '"',
            "'",
            ...extra,
          ),
          fc.string({ unit: 'binary', maxLength: 8 }),
        ),
        { maxLength: 12 },
      )
      .map((parts) => parts.join(''))
      .filter((text) => new RegExp(pattern).test(text) && text.isWellFormed());

  it('when listings and posts hold any text the contracts allow then every feed parses to one item each with the text unchanged', async () => {
    const line = textMatching(SINGLE_LINE_TEXT_PATTERN, ['\u0085', '\u2028', '\ufffd']);
    const prose = textMatching(MULTI_LINE_TEXT_PATTERN, ['\t', '\n', '\r', '\r\n', ' ']);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ name: line, tagline: line }), { maxLength: 6 }),
        fc.array(fc.record({ title: line, excerpt: prose }), { maxLength: 6 }),
        async (listings, blog) => {
          launches = listings.map((listing, i) => launch(i, listing.name, listing.tagline));
          posts = blog.map((post, i) => ({ slug: `post-${i}`, ...post, published_at: '2026-11-20T10:00:00Z' }));
          for (const type of ['rss', 'atom']) {
            expect(await readFeed(`/feeds/launches.${type}`)).toMatchObject(
              listings.map((listing) => ({ title: listing.name, summary: listing.tagline })),
            );
            expect(await readFeed(`/feeds/blog.${type}`)).toMatchObject(
              blog.map((post) => ({ title: post.title, summary: post.excerpt })),
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
