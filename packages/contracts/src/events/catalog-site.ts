import Type from 'typebox';
import { event, upcaster } from './event-schema.ts';
import { AccountId, At, data, ListingId, WeekStart } from './fields.ts';

const WeekAwardsDecidedV1 = data({
  week_start: WeekStart,
  winners: Type.Array(
    data({
      rank: Type.Integer({ description: '1, 2 or 3' }),
      listing_id: ListingId,
      votes: Type.Integer({ description: 'votes counted during the week' }),
    }),
  ),
  at: At,
});
const WeekAwardsDecidedV2 = data({
  ...WeekAwardsDecidedV1.properties,
  rules_version: Type.Integer({ minimum: 1, description: 'the ranking rules version the week was ranked under' }),
});

const Faq = data({ question: Type.String(), answer: Type.String() });
const CategoryData = data({
  slug: Type.String({ description: 'the category slug (its stream id)' }),
  name: Type.String(),
  parent: Type.Union([Type.String(), Type.Null()], { description: 'slug of the parent category, null at the top' }),
  description: Type.String(),
  faqs: Type.Array(Faq),
  attributes: Type.Array(Type.String(), {
    description: 'the facts a comparison shows side by side, e.g. pricing_model, country',
  }),
});
const CategoryCreatedV2 = data({
  ...CategoryData.properties,
  operator: Type.Union([AccountId, Type.Null()], {
    description: 'the operator who added it; null: the seed or the CLI',
  }),
  reason: Type.String({ description: "the operator's reason (empty: none given)" }),
  at: Type.Union([At, Type.Null()], { description: 'when an operator added it; null: not recorded (v1)' }),
});
const BlogPostData = data({
  slug: Type.String({ description: 'the post slug (its stream id)' }),
  title: Type.String(),
  excerpt: Type.String(),
  body_markdown: Type.String({ description: 'the post, Markdown' }),
  faqs: Type.Array(Faq),
  published_at: At,
});

/** Catalog's content events: categories and blog posts. */
export const catalogContentEvents = [
  event('CategoryCreated', {
    stream: 'category',
    version: 2,
    description:
      'The site team created a category (an operator from the console or the API, with a reason; else the seed).',
    data: CategoryCreatedV2,
    upcasters: [
      upcaster({
        from: 1,
        data: CategoryData,
        to: CategoryCreatedV2,
        description:
          'v1 said nobody, no reason and no time (the seed and the CLI created categories). Lifted with `operator: null`, `reason: ""`, `at: null`; nothing is rewritten in the log.',
        upcast: (v1) => ({ ...v1, operator: null, reason: '', at: null }),
      }),
    ],
  }),
  event('CategoryEdited', {
    stream: 'category',
    description: 'An operator renamed a category or edited its description (only what changed is new; its slug stays).',
    data: data({
      slug: Type.String({ description: 'the category slug' }),
      name: Type.String({ description: 'the name from now on' }),
      description: Type.String({ description: 'the description from now on' }),
      before: data({ name: Type.String(), description: Type.String() }),
      operator: AccountId,
      reason: Type.String({ description: "the operator's reason, shown in the audit" }),
      at: At,
    }),
  }),
  event('CategoryRemoved', {
    stream: 'category',
    description: 'The site team removed a category.',
    data: data({ slug: Type.String({ description: 'the category slug' }) }),
  }),
  event('BlogPostPublished', {
    stream: 'blogpost',
    description: 'A blog post was published.',
    data: BlogPostData,
  }),
  event('BlogPostRevised', {
    stream: 'blogpost',
    description: 'A published blog post was replaced by a new text.',
    data: BlogPostData,
  }),
] as const;

/** Catalog's site events: founder interviews, awards and site settings. */
export const catalogSiteEvents = [
  event('InterviewAnswered', {
    stream: 'interview',
    description: "A founder answered the interview; the answers replace the founder's earlier ones.",
    data: data({
      account_id: AccountId,
      answers: Type.Array(
        data({
          question_id: Type.String({ description: 'an interview question id (site settings)' }),
          answer: Type.String(),
        }),
      ),
      at: At,
    }),
  }),
  event('WeekAwardsDecided', {
    stream: 'weekawards',
    version: 2,
    description:
      'Launch of the Week #1-#3, decided from community votes once the week was over, under the ranking rules version named.',
    data: WeekAwardsDecidedV2,
    upcasters: [
      upcaster({
        from: 1,
        data: WeekAwardsDecidedV1,
        to: WeekAwardsDecidedV2,
        description:
          'v1 did not say which ranking rules ranked the week: there was only version 1. Lifted with `rules_version: 1`; nothing is rewritten in the log.',
        upcast: (v1) => ({ ...v1, rules_version: 1 }),
      }),
    ],
  }),
  event('RankingRulesAdopted', {
    stream: 'rankingrules',
    description:
      'A new version of the published ranking rules took effect (get_ranking_rules): weeks not yet over are ranked under it from now on.',
    data: data({
      version: Type.Integer({ minimum: 1, description: 'the rules version now in force' }),
      previous: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
        description: 'the version it replaced; null for the first one recorded',
      }),
      at: At,
    }),
  }),
  event('InterviewQuestionsSet', {
    stream: 'settings',
    description: 'An operator set the founder interview questions.',
    data: data({ questions: Type.Array(data({ id: Type.String(), question: Type.String() })) }),
  }),
  event('FreeQueueWeeksSet', {
    stream: 'settings',
    description: 'An operator set how many weeks out a free listing is queued (6-8).',
    data: data({ weeks: Type.Integer({ description: 'weeks from this Monday to the free launch week, 6 to 8' }) }),
  }),
] as const;
