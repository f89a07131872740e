import type { CatalogHandler } from './operation-context.ts';
import { pageOf, pagingOf } from './presenters.ts';

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** list_blog_posts: newest first; with `q`, posts matching every word (title weighs most), best match first. */
export const listBlogPosts: CatalogHandler<'list_blog_posts'> = async (call, { view }) => {
  const posts = [...view.blog.values()].sort((a, b) => b.published_at.localeCompare(a.published_at));
  const terms = words((call.query.q as string | undefined) ?? '');
  const summaries = (list: typeof posts) => list.map(({ body_markdown: _body, faqs: _faqs, ...summary }) => summary);
  if (terms.length === 0) return pageOf(summaries(posts), pagingOf(call.query));
  const scored = posts
    .map((post) => {
      const title = words(post.title);
      const rest = new Set(words(`${post.excerpt} ${post.body_markdown}`));
      let score = 0;
      for (const term of terms) {
        if (title.some((w) => w.startsWith(term))) score += 3;
        else if ([...rest].some((w) => w.startsWith(term))) score += 1;
        else return { post, score: 0 };
      }
      return { post, score };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score);
  return pageOf(summaries(scored.map((s) => s.post)), pagingOf(call.query));
};
