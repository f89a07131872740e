import { getBlogPost, listBlogPosts } from '@listings/contracts';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { JsonLd } from '../../components/json-ld.ts';
import { Layout } from '../../components/layout.ts';
import { Markdown } from '../../components/markdown.ts';
import { Pagination, queryString } from '../../components/pagination.ts';
import type { PageFrame } from '../../frame.ts';
import { html, type VNode } from '../../html.ts';
import { must, type WebContext } from '../../web-context.ts';
import { dateLabel } from '../../weeks.ts';
import { NotFoundView } from '../not-found/view.ts';

type Posts = Static<typeof listBlogPosts.response>;
type Post = Static<typeof getBlogPost.response>;

export const BlogView = (posts: Posts, frame: PageFrame): VNode => html`<${Layout} frame=${frame} title="Blog">
  <h1>Blog</h1>
  ${posts.items.length === 0 ? html`<p>No posts yet.</p>` : null}
  ${posts.items.map(
    (post) => html`<article class="post-summary">
      <h2><a href=${`/blog/${post.slug}`}>${post.title}</a></h2>
      <p class="muted"><time datetime=${post.published_at}>${dateLabel(post.published_at)}</time></p>
      ${post.excerpt ? html`<p>${post.excerpt}</p>` : null}
    </article>`,
  )}
  <${Pagination} page=${posts.page} perPage=${posts.per_page} total=${posts.total} hrefOf=${(page: number) => `/blog${queryString({ page })}`} />
<//>`;

export const BlogPostView = (post: Post, frame: PageFrame): VNode => html`<${Layout}
  frame=${frame}
  title=${post.title}
  description=${post.excerpt ?? post.title}
  head=${[
    html`<meta property="og:type" content="article" />`,
    html`<meta property="og:title" content=${post.title} />`,
    html`<meta property="og:description" content=${post.excerpt ?? post.title} />`,
    html`<${JsonLd}
      nonce=${frame.nonce}
      data=${{
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        datePublished: post.published_at,
        ...(post.excerpt ? { description: post.excerpt } : {}),
      }}
    />`,
  ]}
>
  <article>
    <p class="muted"><a href="/blog">Blog</a> ›</p>
    <h1>${post.title}</h1>
    <p class="muted"><time datetime=${post.published_at}>${dateLabel(post.published_at)}</time></p>
    ${post.body_markdown ? html`<${Markdown} text=${post.body_markdown} />` : post.excerpt ? html`<p>${post.excerpt}</p>` : null}
    ${
      post.faqs?.length
        ? html`<h2>Questions</h2>${post.faqs.map((faq) => html`<details><summary>${faq.question}</summary><p>${faq.answer}</p></details>`)}`
        : null
    }
  </article>
<//>`;

/** `/blog` and `/blog/{slug}` */
export const blogRoutes = async (app: FastifyInstance, web: WebContext) => {
  app.get<{ Querystring: { page?: string } }>('/blog', async (request, reply) => {
    const query = request.query.page ? { page: request.query.page } : {};
    return web.page(request, reply, async (frame) => {
      const posts = await web.catalog.call(listBlogPosts, { query });
      if (!posts.ok && posts.status === 400)
        return { tree: NotFoundView({ what: 'There is no such page of the blog.' }, frame), status: 404 };
      return BlogView(must(posts), frame);
    });
  });
  app.get<{ Params: { slug: string } }>('/blog/:slug', async (request, reply) => {
    return web.page(request, reply, async (frame) => {
      const post = await web.catalog.call(getBlogPost, { params: { slug: request.params.slug } });
      if (!post.ok && (post.status === 404 || post.status === 400))
        return { tree: NotFoundView({ what: 'There is no such blog post.' }, frame), status: 404 };
      return BlogPostView(must(post), frame);
    });
  });
};
