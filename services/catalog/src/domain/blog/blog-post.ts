import type { Decider } from '@listings/platform/decider';
import { ValidationError } from '@listings/platform/errors';
import type { CatalogEventOf } from '../catalog-events.ts';

export interface BlogPostData {
  slug: string;
  title: string;
  excerpt: string;
  body_markdown: string;
  faqs: { question: string; answer: string }[];
  published_at: string;
}
export type BlogPostEvent = CatalogEventOf<'BlogPostPublished' | 'BlogPostRevised'>;
export type BlogPostCommand = { type: 'PublishBlogPost'; data: BlogPostData };

export const blogPostDecider: Decider<BlogPostCommand, { published: boolean }, BlogPostEvent> = {
  initialState: { published: false },
  evolve: () => ({ published: true }),
  decide: (command, state) => {
    if (command.data.title.trim() === '') throw new ValidationError([{ field: 'title', message: 'is required' }]);
    return [{ type: state.published ? 'BlogPostRevised' : 'BlogPostPublished', data: command.data }];
  },
};
export const blogPostStream = (slug: string) => `blogpost-${slug}`;
