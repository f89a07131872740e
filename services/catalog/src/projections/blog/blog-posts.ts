import type { BlogPostData } from '../../domain/blog-post/blog-post.ts';
import type { CatalogEvent } from '../catalog/catalog-event.ts';
import { documentMapProjection } from '../catalog/document-map.ts';

/** A blog post (list_blog_posts, get_blog_post), by slug: as last published or revised. */
export type BlogPostDoc = BlogPostData;

export const evolveBlogDoc = (doc: BlogPostDoc | undefined, event: CatalogEvent): BlogPostDoc | undefined =>
  event.type === 'BlogPostPublished' || event.type === 'BlogPostRevised'
    ? { ...event.data, faqs: [...event.data.faqs] }
    : doc;

export const blogProjection = documentMapProjection<BlogPostDoc>({
  collection: 'blog',
  documentOf: (event) =>
    event.type === 'BlogPostPublished' || event.type === 'BlogPostRevised' ? event.data.slug : undefined,
  evolve: evolveBlogDoc,
});
