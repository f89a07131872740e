import { deciderSpec } from '@listings/platform/decider/specification';
import { ConflictError, NotFoundError, ValidationError } from '@listings/platform/errors';
import { describe, it } from 'vitest';
import { blogPostDecider } from '../blog-post/decide.ts';
import { siteSettingsDecider } from '../site-settings/decide.ts';
import type { CategoryData } from './category.ts';
import { categoryDecider } from './decide.ts';

const spec = deciderSpec(categoryDecider);
const ai: CategoryData = {
  slug: 'ai',
  name: 'AI',
  parent: null,
  description: 'd',
  faqs: [],
  attributes: ['pricing_model'],
};
const agents: CategoryData = { ...ai, slug: 'ai-agents', name: 'AI Agents', parent: 'ai' };
const created = (c: CategoryData) => ({ ...c, operator: null, reason: '', at: null });
const NOW = '2026-11-18T12:00:00.000Z';

describe('category decider', () => {
  it('given nothing when a root category is created then created', () =>
    spec
      .given([])
      .when({ type: 'CreateCategory', data: { ...ai, parent_exists: false, parent_is_root: false } })
      .then([{ type: 'CategoryCreated', data: created(ai) }]));
  it('given nothing when a subcategory of a root is created then created', () =>
    spec
      .given([])
      .when({ type: 'CreateCategory', data: { ...agents, parent_exists: true, parent_is_root: true } })
      .then([{ type: 'CategoryCreated', data: created(agents) }]));
  it('given nothing when the parent is unknown then invalid', () =>
    spec
      .given([])
      .when({ type: 'CreateCategory', data: { ...agents, parent_exists: false, parent_is_root: false } })
      .thenThrows(ValidationError, /not a category/));
  it('given nothing when the parent is itself a subcategory then invalid (two levels)', () =>
    spec
      .given([])
      .when({ type: 'CreateCategory', data: { ...agents, parent_exists: true, parent_is_root: false } })
      .thenThrows(ValidationError, /two levels/));
  it('given a category when created again then conflict', () =>
    spec
      .given([{ type: 'CategoryCreated', data: created(ai) }])
      .when({ type: 'CreateCategory', data: { ...ai, parent_exists: false, parent_is_root: false } })
      .thenThrows(ConflictError));
  it('given a category when removed then removed; again then nothing', () => {
    spec
      .given([{ type: 'CategoryCreated', data: created(ai) }])
      .when({ type: 'RemoveCategory', data: { slug: 'ai' } })
      .then([{ type: 'CategoryRemoved', data: { slug: 'ai' } }]);
    spec
      .given([])
      .when({ type: 'RemoveCategory', data: { slug: 'ai' } })
      .then([]);
  });
  it('given an operator adding a category then the event carries the operator, the reason and the time', () =>
    spec
      .given([])
      .when({
        type: 'CreateCategory',
        data: { ...ai, operator: 'op-1', reason: 'a new field', now: NOW, parent_exists: false, parent_is_root: false },
      })
      .then([{ type: 'CategoryCreated', data: { ...ai, operator: 'op-1', reason: 'a new field', at: NOW } }]));
  it('given a category when an operator renames it then edited with before and after; unchanged: nothing; unknown: not found', () => {
    const rename = {
      type: 'EditCategory' as const,
      data: { slug: 'ai', name: 'Artificial Intelligence', operator: 'op-1', reason: 'clearer', now: NOW },
    };
    spec
      .given([{ type: 'CategoryCreated', data: created(ai) }])
      .when(rename)
      .then([
        {
          type: 'CategoryEdited',
          data: {
            slug: 'ai',
            name: 'Artificial Intelligence',
            description: 'd',
            before: { name: 'AI', description: 'd' },
            operator: 'op-1',
            reason: 'clearer',
            at: NOW,
          },
        },
      ]);
    spec
      .given([{ type: 'CategoryCreated', data: created(ai) }])
      .when({ ...rename, data: { ...rename.data, name: 'AI' } })
      .then([]);
    spec.given([]).when(rename).thenThrows(NotFoundError);
  });
});

describe('blog post decider', () => {
  const blog = deciderSpec(blogPostDecider);
  const post = {
    slug: 'hello',
    title: 'Hello',
    excerpt: 'e',
    body_markdown: '# Hello',
    faqs: [],
    published_at: '2026-11-01T00:00:00.000Z',
  };
  it('given nothing when published then published; again then revised', () => {
    blog
      .given([])
      .when({ type: 'PublishBlogPost', data: post })
      .then([{ type: 'BlogPostPublished', data: post }]);
    blog
      .given([{ type: 'BlogPostPublished', data: post }])
      .when({ type: 'PublishBlogPost', data: post })
      .then([{ type: 'BlogPostRevised', data: post }]);
  });
  it('when the title is blank then invalid', () =>
    blog
      .given([])
      .when({ type: 'PublishBlogPost', data: { ...post, title: ' ' } })
      .thenThrows(ValidationError));
});

describe('site settings decider', () => {
  const settings = deciderSpec(siteSettingsDecider);
  const questions = [{ id: 'origin', question: 'Why?' }];
  it('when interview questions are set then set; the same again then nothing', () => {
    settings
      .given([])
      .when({ type: 'SetInterviewQuestions', data: { questions } })
      .then([{ type: 'InterviewQuestionsSet', data: { questions } }]);
    settings
      .given([{ type: 'InterviewQuestionsSet', data: { questions } }])
      .when({ type: 'SetInterviewQuestions', data: { questions } })
      .then([]);
  });
  it('when two questions share an id then invalid', () =>
    settings
      .given([])
      .when({ type: 'SetInterviewQuestions', data: { questions: [...questions, ...questions] } })
      .thenThrows(ValidationError));
});
