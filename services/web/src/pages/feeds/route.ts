import { listBlogPosts, listLaunches } from '@listings/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Feed } from 'feed';
import { must, type WebContext } from '../../web-context.ts';

/** how many entries a feed carries */
const FEED_SIZE = 50;
/** feeds and the sitemap: readers poll, so five minutes fresh */
export const FEED_CACHE_CONTROL = 'public, max-age=300';

const origin = (web: WebContext) => web.publicUrl.replace(/\/+$/, '');

const send = (reply: FastifyReply, type: 'rss' | 'atom', feed: Feed) =>
  reply
    .header('cache-control', FEED_CACHE_CONTROL)
    .type(type === 'rss' ? 'application/rss+xml; charset=utf-8' : 'application/atom+xml; charset=utf-8')
    .send(type === 'rss' ? feed.rss2() : feed.atom1());

const launchesFeed = async (web: WebContext): Promise<Feed> => {
  const site = origin(web);
  const launches = must(
    await web.catalog.call(listLaunches, { query: { section: 'recent', per_page: String(FEED_SIZE) } }),
  );
  const feed = new Feed({
    id: `${site}/`,
    title: 'Launches',
    description: 'The newest launches, week by week',
    link: `${site}/`,
    language: 'en',
    copyright: '',
    generator: false,
    feedLinks: { rss: `${site}/feeds/launches.rss`, atom: `${site}/feeds/launches.atom` },
  });
  for (const item of launches.items) {
    const link = `${site}/listings/${item.slug}`;
    feed.addItem({
      title: item.name,
      id: link,
      link,
      description: item.tagline ?? item.name,
      date: new Date(`${item.launch_week ?? '1970-01-01'}T00:00:00Z`),
    });
  }
  return feed;
};

const blogFeed = async (web: WebContext): Promise<Feed> => {
  const site = origin(web);
  const posts = must(await web.catalog.call(listBlogPosts, { query: { per_page: String(FEED_SIZE) } }));
  const feed = new Feed({
    id: `${site}/blog`,
    title: 'Blog',
    description: 'Posts from the blog',
    link: `${site}/blog`,
    language: 'en',
    copyright: '',
    generator: false,
    feedLinks: { rss: `${site}/feeds/blog.rss`, atom: `${site}/feeds/blog.atom` },
  });
  for (const post of posts.items) {
    const link = `${site}/blog/${post.slug}`;
    feed.addItem({
      title: post.title,
      id: link,
      link,
      description: post.excerpt ?? post.title,
      date: new Date(post.published_at),
    });
  }
  return feed;
};

/** RSS 2.0 and Atom feeds of launches and of the blog */
export const feedRoutes = async (app: FastifyInstance, web: WebContext) => {
  for (const type of ['rss', 'atom'] as const) {
    app.get(`/feeds/launches.${type}`, async (_request, reply) => send(reply, type, await launchesFeed(web)));
    app.get(`/feeds/blog.${type}`, async (_request, reply) => send(reply, type, await blogFeed(web)));
  }
};
