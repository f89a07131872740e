import { listBlogPosts, listLaunches } from '@listings/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { must, type WebContext } from '../../web-context.ts';
import { atomXml, type FeedDocument, rssXml } from './feed-xml.ts';

/** how many entries a feed carries */
const FEED_SIZE = 50;
/** feeds and the sitemap: readers poll, so five minutes fresh */
export const FEED_CACHE_CONTROL = 'public, max-age=300';

type FeedType = 'rss' | 'atom';

const origin = (web: WebContext) => web.publicUrl.replace(/\/+$/, '');

const send = (reply: FastifyReply, type: FeedType, feed: FeedDocument) =>
  reply
    .header('cache-control', FEED_CACHE_CONTROL)
    .type(type === 'rss' ? 'application/rss+xml; charset=utf-8' : 'application/atom+xml; charset=utf-8')
    .send(type === 'rss' ? rssXml(feed) : atomXml(feed));

const launchesFeed = async (web: WebContext, type: FeedType): Promise<FeedDocument> => {
  const site = origin(web);
  const launches = must(
    await web.catalog.call(listLaunches, { query: { section: 'recent', per_page: String(FEED_SIZE) } }),
  );
  return {
    link: `${site}/`,
    title: 'Launches',
    description: 'The newest launches, week by week',
    self: `${site}/feeds/launches.${type}`,
    entries: launches.items.map((item) => ({
      title: item.name,
      summary: item.tagline ?? item.name,
      link: `${site}/listings/${item.slug}`,
      date: new Date(`${item.launch_week ?? '1970-01-01'}T00:00:00Z`),
    })),
  };
};

const blogFeed = async (web: WebContext, type: FeedType): Promise<FeedDocument> => {
  const site = origin(web);
  const posts = must(await web.catalog.call(listBlogPosts, { query: { per_page: String(FEED_SIZE) } }));
  return {
    link: `${site}/blog`,
    title: 'Blog',
    description: 'Posts from the blog',
    self: `${site}/feeds/blog.${type}`,
    entries: posts.items.map((post) => ({
      title: post.title,
      summary: post.excerpt ?? post.title,
      link: `${site}/blog/${post.slug}`,
      date: new Date(post.published_at),
    })),
  };
};

/** RSS 2.0 and Atom feeds of launches and of the blog */
export const feedRoutes = async (app: FastifyInstance, web: WebContext) => {
  for (const type of ['rss', 'atom'] as const) {
    app.get(`/feeds/launches.${type}`, async (_request, reply) => send(reply, type, await launchesFeed(web, type)));
    app.get(`/feeds/blog.${type}`, async (_request, reply) => send(reply, type, await blogFeed(web, type)));
  }
};
