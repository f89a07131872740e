import type { Decider } from '@listings/platform/decider';
import { ValidationError } from '@listings/platform/errors';
import { type BlogPost, type BlogPostData, type BlogPostEvent, evolveBlogPost, initialBlogPost } from './blog-post.ts';

export type BlogPostCommand = { type: 'PublishBlogPost'; data: BlogPostData };

/** A post with a title: published the first time, revised after. */
export const decideBlogPost = (command: BlogPostCommand, state: BlogPost): BlogPostEvent[] => {
  if (command.data.title.trim() === '') throw new ValidationError([{ field: 'title', message: 'is required' }]);
  return [{ type: state.published ? 'BlogPostRevised' : 'BlogPostPublished', data: command.data }];
};

export const blogPostDecider: Decider<BlogPostCommand, BlogPost, BlogPostEvent> = {
  initialState: initialBlogPost,
  evolve: evolveBlogPost,
  decide: decideBlogPost,
};
