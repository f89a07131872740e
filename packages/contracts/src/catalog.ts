import Type from 'typebox';
import { CountryCode, Faq, HttpUrl, IsoDate, IsoDateTime, Page, PageQuery, Slug } from './common.ts';
import { defineOperation } from './operation.ts';
import { STORY_SECTIONS } from './profile.ts';
import { Socials } from './socials.ts';

// ---- resources (response shapes: the fields spec Part 2 names; more may be present) ----

export const LISTING_STATUSES = ['draft', 'awaiting_badge', 'scheduled', 'live', 'rejected', 'archived'] as const;
export const ListingStatus = Type.Enum([...LISTING_STATUSES]);

export const ListingSummary = Type.Object({
  slug: Slug,
  name: Type.String(),
  url: Type.String(),
  tagline: Type.Optional(Type.String()),
  logo_url: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  votes: Type.Integer({ minimum: 0 }),
  primary_category: Type.Optional(Type.Union([Slug, Type.Null()])),
  status: Type.Optional(ListingStatus),
  launch_week: Type.Optional(Type.Union([IsoDate, Type.Null()])),
});

const Founder = Type.Object({ slug: Slug, name: Type.String(), title: Type.Optional(Type.String()) });

export const ListingProfile = Type.Object({
  ...ListingSummary.properties,
  description: Type.Optional(Type.String()),
  features: Type.Optional(Type.Array(Type.String())),
  pricing: Type.Optional(Type.Object({ model: Type.Optional(Type.String()), summary: Type.Optional(Type.String()) })),
  categories: Type.Optional(Type.Array(Slug)),
  founders: Type.Optional(Type.Array(Founder)),
  faqs: Type.Optional(Type.Array(Faq)),
  socials: Type.Optional(Socials),
  latest_updates: Type.Optional(
    Type.Array(Type.Object({ title: Type.String(), body: Type.String(), posted_at: IsoDateTime })),
  ),
  links: Type.Optional(Type.Array(Type.Object({ label: Type.String(), url: Type.String() }))),
  rating: Type.Optional(
    Type.Object({ average: Type.Union([Type.Number(), Type.Null()]), count: Type.Integer({ minimum: 0 }) }),
  ),
  domain_rating: Type.Optional(
    Type.Object({
      value: Type.Union([Type.Number(), Type.Null()]),
      /** against the previous reading */
      change: Type.Optional(Type.Number()),
      direction: Type.Optional(Type.Enum(['up', 'down', 'flat'])),
      /** every reading, oldest first */
      trend: Type.Optional(Type.Array(Type.Object({ date: IsoDate, value: Type.Number() }))),
    }),
  ),
  not_found_on_website: Type.Optional(Type.Array(Type.String())),
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  short_description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  usps: Type.Optional(Type.Array(Type.String())),
  tags: Type.Optional(Type.Array(Type.String())),
  stage: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  country: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  city: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  founded_year: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  followers: Type.Optional(Type.Integer({ minimum: 0 })),
  views: Type.Optional(Type.Integer({ minimum: 0 })),
  verified: Type.Optional(Type.Boolean()),
  featured: Type.Optional(Type.Boolean()),
  /** true when story, milestones and media are unlocked (paid plan); they are absent otherwise */
  paid_sections_unlocked: Type.Optional(Type.Boolean()),
  story: Type.Optional(
    Type.Object({
      title: Type.Optional(Type.String()),
      ...Object.fromEntries(STORY_SECTIONS.map((key) => [key, Type.Optional(Type.String())])),
    }),
  ),
  milestones: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.Integer({ minimum: 1 }),
        date: IsoDate,
        title: Type.String(),
        description: Type.Optional(Type.String()),
        url: Type.Optional(Type.String()),
      }),
    ),
  ),
  media: Type.Optional(Type.Array(Type.Object({ type: Type.String(), url: Type.String() }))),
});

const Category = Type.Object({
  slug: Slug,
  name: Type.String(),
  description: Type.Optional(Type.String()),
  parent: Type.Union([Slug, Type.Null()]),
  subcategories: Type.Array(Type.Object({})),
  live_count: Type.Integer({ minimum: 0 }),
});

const RankedItem = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  listing: ListingSummary,
  metric: Type.Object({ name: Type.String(), value: Type.Number(), unit: Type.String() }),
});

// ---- operations ----

const slugParams = Type.Object({ slug: Slug }, { additionalProperties: false });

export const LISTING_SORTS = ['relevance', 'newest', 'votes', 'trending', 'most_viewed', 'most_followed'] as const;
export const LAUNCH_SECTIONS = [
  'today',
  'this-week',
  'trending',
  'most-voted',
  'recent',
  'most-viewed',
  'most-followed',
  'upcoming',
] as const;
export const LEADERBOARDS = [
  'community-weekly',
  'community-all-time',
  'billboard',
  'domain-rating',
  'revenue',
] as const;
export const BADGE_SHAPES = ['standard', 'outline', 'pill', 'banner', 'square'] as const;
export const BADGE_MODES = ['light', 'dark', 'auto'] as const;
export const BADGE_SIZES = ['s', 'm', 'l'] as const;

/**
 * `this`, `next`, `last`, or a real calendar date YYYY-MM-DD snapped to its Monday; max 10
 * characters. Weeks run from 0001-01-01 (a Monday) to 9999-12-26 (a Sunday); a later date is 400.
 */
export const WeekRef = Type.Union([
  Type.Enum(['this', 'next', 'last']),
  Type.String({ format: 'date', maxLength: 10, description: 'YYYY-MM-DD, a real calendar date' }),
]);

export const getSiteInfo = defineOperation({
  operationId: 'get_site_info',
  method: 'GET',
  path: '/site',
  service: 'catalog',
  scope: null,
  summary: 'About this service',
  description:
    'Returns the site name and purpose, its public URLs, live listing and category counts, and where the API docs, the OpenAPI document and the MCP server are.',
  response: Type.Object({
    name: Type.String(),
    purpose: Type.String(),
    urls: Type.Object({
      site: Type.String(),
      api: Type.String(),
      docs: Type.String(),
      openapi: Type.String(),
      mcp: Type.String(),
    }),
    counts: Type.Object({ live_listings: Type.Integer({ minimum: 0 }), categories: Type.Integer({ minimum: 0 }) }),
  }),
});

export const searchListings = defineOperation({
  operationId: 'search_listings',
  method: 'GET',
  path: '/listings',
  service: 'catalog',
  scope: null,
  summary: 'Search listings',
  description:
    'Typo-tolerant search over listings with filters; returns listing summaries. `category` includes subcategories; `status` is `live` (published) or `upcoming` (scheduled for a future launch week).',
  query: Type.Object(
    {
      q: Type.Optional(Type.String({ maxLength: 200 })),
      category: Type.Optional(Slug),
      stage: Type.Optional(Slug),
      country: Type.Optional(CountryCode),
      pricing_model: Type.Optional(Type.String({ maxLength: 40 })),
      domain: Type.Optional(Type.String({ maxLength: 253 })),
      status: Type.Optional(Type.Enum(['live', 'upcoming'], { default: 'live' })),
      sort: Type.Optional(Type.Enum([...LISTING_SORTS], { default: 'relevance' })),
      ...PageQuery,
    },
    { additionalProperties: false },
  ),
  response: Page(ListingSummary),
});

export const getListing = defineOperation({
  operationId: 'get_listing',
  method: 'GET',
  path: '/listings/{slug}',
  service: 'catalog',
  scope: null,
  summary: 'Get a listing',
  description: 'The full public profile of a listing. Paid-only sections appear only when unlocked. 404 when unknown.',
  params: slugParams,
  response: ListingProfile,
});

export const getAlternatives = defineOperation({
  operationId: 'get_alternatives',
  method: 'GET',
  path: '/listings/{slug}/alternatives',
  service: 'catalog',
  scope: null,
  summary: 'Alternatives to a listing',
  description:
    'Owner-approved alternatives first (`approved: true`), then other live listings in the same primary category.',
  params: slugParams,
  response: Type.Object({
    items: Type.Array(Type.Object({ ...ListingSummary.properties, approved: Type.Boolean() })),
  }),
});

export const compareListings = defineOperation({
  operationId: 'compare_listings',
  method: 'GET',
  path: '/compare',
  service: 'catalog',
  scope: null,
  summary: 'Compare two listings',
  description:
    'Side-by-side comparison of two live listings by category attributes. Empty cells mean the fact is on neither.',
  query: Type.Object({ a: Slug, b: Slug }, { additionalProperties: false }),
  response: Type.Object({
    a: ListingSummary,
    b: ListingSummary,
    rows: Type.Array(
      Type.Object({
        attribute: Type.String(),
        a: Type.Union([Type.String(), Type.Null()]),
        b: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
  }),
});

export const listCategories = defineOperation({
  operationId: 'list_categories',
  method: 'GET',
  path: '/categories',
  service: 'catalog',
  scope: null,
  summary: 'List categories',
  description: 'The full category tree with live listing counts.',
  query: Type.Object(
    { include_empty: Type.Optional(Type.Boolean({ default: true })) },
    { additionalProperties: false },
  ),
  response: Type.Object({ items: Type.Array(Category) }),
});

export const getCategory = defineOperation({
  operationId: 'get_category',
  method: 'GET',
  path: '/categories/{slug}',
  service: 'catalog',
  scope: null,
  summary: 'Get a category',
  description:
    'A category with description, FAQs, parent, subcategories, live count and its listings, most voted first.',
  params: slugParams,
  query: Type.Object({ ...PageQuery }, { additionalProperties: false }),
  response: Type.Object({
    ...Category.properties,
    faqs: Type.Array(Faq),
    parent_name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    /** the facts compare_listings shows side by side for this category */
    attributes: Type.Optional(Type.Array(Type.String())),
    listings: Page(ListingSummary),
  }),
});

export const getLaunchWeek = defineOperation({
  operationId: 'get_launch_week',
  method: 'GET',
  path: '/launches/weeks/{week}',
  service: 'catalog',
  scope: null,
  summary: 'A launch week',
  description:
    'Launches of one week (Monday to Sunday, UTC): `this`, `next`, `last`, or a date snapped to its Monday. Live launches ranked by community votes; a future week also lists scheduled launches.',
  params: Type.Object({ week: WeekRef }, { additionalProperties: false }),
  response: Type.Object({
    week_start: IsoDate,
    week_end: IsoDate,
    items: Type.Array(Type.Object({ ...ListingSummary.properties, week_votes: Type.Integer({ minimum: 0 }) })),
  }),
});

export const listLaunches = defineOperation({
  operationId: 'list_launches',
  method: 'GET',
  path: '/launches',
  service: 'catalog',
  scope: null,
  summary: 'List launches',
  description: 'Launches by section. Trending uses time-decayed votes.',
  query: Type.Object(
    { section: Type.Optional(Type.Enum([...LAUNCH_SECTIONS], { default: 'this-week' })), ...PageQuery },
    { additionalProperties: false },
  ),
  response: Page(ListingSummary),
});

export const getLeaderboard = defineOperation({
  operationId: 'get_leaderboard',
  method: 'GET',
  path: '/leaderboards/{board}',
  service: 'catalog',
  scope: null,
  summary: 'A leaderboard',
  description:
    'Community votes (weekly or all time), the billboard (a PAID ranking by money contributed, always presented as paid), Domain Rating, or revenue. Each item: rank, listing, metric.',
  params: Type.Object({ board: Type.Enum([...LEADERBOARDS]) }, { additionalProperties: false }),
  query: Type.Object({ week: Type.Optional(WeekRef), ...PageQuery }, { additionalProperties: false }),
  response: Type.Object({
    ...Page(RankedItem).properties,
    board: Type.Enum([...LEADERBOARDS]),
    /** true on the billboard only: a PAID ranking by money contributed, never votes */
    paid: Type.Boolean(),
    /** on the billboard: a sentence saying it is paid placement */
    notice: Type.Optional(Type.String()),
    /** community-weekly: the week ranked */
    week_start: Type.Optional(IsoDate),
    week_end: Type.Optional(IsoDate),
  }),
});

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

export const catalogPublicOperations = [
  getSiteInfo,
  searchListings,
  getListing,
  getAlternatives,
  compareListings,
  listCategories,
  getCategory,
  getLaunchWeek,
  listLaunches,
  getLeaderboard,
  listFounders,
  getFounder,
  listBlogPosts,
  getBlogPost,
  listAwards,
  getBadges,
  listInterviewQuestions,
];
