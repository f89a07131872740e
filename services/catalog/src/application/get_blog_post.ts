import { NotFoundError } from '@listings/platform/errors';
import type { CatalogHandler } from './operation-context.ts';

/** get_blog_post: one blog post, by slug. */
export const getBlogPost: CatalogHandler<'get_blog_post'> = async (call, { view }) => {
  const post = view.blog.get(call.params.slug as string);
  if (!post) throw new NotFoundError(`no blog post ${String(call.params.slug)}`);
  return post;
};
