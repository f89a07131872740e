import Type from 'typebox';
import { ListingSummary, slugParams } from './catalog-resources.ts';
import { CountryCode, Faq, HttpUrl, IsoDate, IsoDateTime, Page, PageQuery, Slug } from './common.ts';
import { defineOperation } from './operation.ts';
import { Socials } from './socials.ts';

// ---- founders, blog posts, awards, badges and interview questions: the pages beside the listings ----

export const BADGE_SHAPES = ['standard', 'outline', 'pill', 'banner', 'square'] as const;
export const BADGE_MODES = ['light', 'dark', 'auto'] as const;
export const BADGE_SIZES = ['s', 'm', 'l'] as const;

const FounderProfile = Type.Object({
  slug: Slug,
  name: Type.String(),
  bio: Type.Optional(Type.String()),
  country: Type.Optional(Type.String()),
  socials: Type.Optional(Socials),
  title: Type.Optional(Type.String()),
  companies: Type.Optional(Type.Array(ListingSummary)),
  stories: Type.Optional(
    Type.Array(
      Type.Object({
        listing: Slug,
        title: Type.Union([Type.String(), Type.Null()]),
        sections: Type.Record(Type.String(), Type.String()),
      }),
    ),
  ),
});

export const listFounders = defineOperation({
  operationId: 'list_founders',
  method: 'GET',
  path: '/founders',
  service: 'catalog',
  scope: null,
  summary: 'List founders',
  description: 'Founders, searchable by name and country.',
  query: Type.Object(
    { q: Type.Optional(Type.String({ maxLength: 120 })), country: Type.Optional(CountryCode), ...PageQuery },
    { additionalProperties: false },
  ),
  response: Page(FounderProfile),
});

export const getFounder = defineOperation({
  operationId: 'get_founder',
  method: 'GET',
  path: '/founders/{slug}',
  service: 'catalog',
  scope: null,
  summary: 'Get a founder',
  description: 'A founder profile: bio, socials, companies listed here, published stories.',
  params: slugParams,
  response: FounderProfile,
});

const BlogPost = Type.Object({
  slug: Slug,
  title: Type.String(),
  published_at: IsoDateTime,
  excerpt: Type.Optional(Type.String()),
  body_markdown: Type.Optional(Type.String()),
  faqs: Type.Optional(Type.Array(Faq)),
});

export const listBlogPosts = defineOperation({
  operationId: 'list_blog_posts',
  method: 'GET',
  path: '/blog',
  service: 'catalog',
  scope: null,
  summary: 'List blog posts',
  description: 'Blog posts, newest first, or matched by `q`.',
  query: Type.Object(
    { q: Type.Optional(Type.String({ maxLength: 200 })), ...PageQuery },
    { additionalProperties: false },
  ),
  response: Page(BlogPost),
});

export const getBlogPost = defineOperation({
  operationId: 'get_blog_post',
  method: 'GET',
  path: '/blog/{slug}',
  service: 'catalog',
  scope: null,
  summary: 'Get a blog post',
  description: 'Full text (Markdown) and FAQs of a blog post.',
  params: slugParams,
  response: BlogPost,
});

export const listAwards = defineOperation({
  operationId: 'list_awards',
  method: 'GET',
  path: '/awards',
  service: 'catalog',
  scope: null,
  summary: 'List awards',
  description: 'Launch of the Week #1, #2 and #3 by community votes; newest week first, with the winning listing.',
  query: Type.Object({ listing: Type.Optional(Slug), ...PageQuery }, { additionalProperties: false }),
  response: Page(
    Type.Object({
      week_start: IsoDate,
      award: Type.String(),
      rank: Type.Integer({ minimum: 1, maximum: 3 }),
      /** community votes cast during the launch week */
      votes: Type.Optional(Type.Integer({ minimum: 0 })),
      listing: ListingSummary,
    }),
  ),
});

export const getBadges = defineOperation({
  operationId: 'get_badges',
  method: 'GET',
  path: '/listings/{slug}/badges',
  service: 'catalog',
  scope: null,
  summary: 'Badges of a listing',
  description: 'The badges a listing may show, each with HTML embed code and SVG image URLs.',
  params: slugParams,
  query: Type.Object(
    {
      shape: Type.Optional(Type.Enum([...BADGE_SHAPES], { default: 'standard' })),
      mode: Type.Optional(Type.Enum([...BADGE_MODES], { default: 'auto' })),
      size: Type.Optional(Type.Enum([...BADGE_SIZES], { default: 'm' })),
    },
    { additionalProperties: false },
  ),
  response: Type.Object({
    items: Type.Array(
      Type.Object({
        kind: Type.String(),
        label: Type.String(),
        html: Type.String(),
        /** the image for the requested shape, mode and size */
        svg_url: HttpUrl(2048),
        /** the image for every shape × mode × size */
        svg_urls: Type.Optional(
          Type.Array(
            Type.Object({
              shape: Type.Enum([...BADGE_SHAPES]),
              mode: Type.Enum([...BADGE_MODES]),
              size: Type.Enum([...BADGE_SIZES]),
              url: HttpUrl(2048),
            }),
          ),
        ),
      }),
    ),
  }),
});

export const listInterviewQuestions = defineOperation({
  operationId: 'list_interview_questions',
  method: 'GET',
  path: '/interview-questions',
  service: 'catalog',
  scope: null,
  summary: 'Interview questions',
  description: 'The founder interview questions; answer them with answer_interview.',
  response: Type.Object({ items: Type.Array(Type.Object({ id: Slug, question: Type.String() })) }),
});
