import type { CatalogEventOf } from '../catalog-events.ts';

/** One blog post (`blogpost-<slug>`): published once, revised after. */
export interface BlogPostData {
  slug: string;
  title: string;
  excerpt: string;
  body_markdown: string;
  faqs: { question: string; answer: string }[];
  published_at: string;
}
export type BlogPostEvent = CatalogEventOf<'BlogPostPublished' | 'BlogPostRevised'>;

export type BlogPost = { readonly published: boolean };
export const initialBlogPost: BlogPost = { published: false };
export const evolveBlogPost = (_state: BlogPost, _event: BlogPostEvent): BlogPost => ({ published: true });

export const blogPostStream = (slug: string) => `blogpost-${slug}`;
