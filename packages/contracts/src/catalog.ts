import Type from 'typebox';
import {
  getBadges,
  getBlogPost,
  getFounder,
  listAwards,
  listBlogPosts,
  listFounders,
  listInterviewQuestions,
} from './catalog-editorial.ts';
import { getRankingRules, getVoteLedger } from './catalog-ranking.ts';
import { Category, ListingProfile, ListingSummary, RankedItem, slugParams } from './catalog-resources.ts';
import { CountryCode, Faq, IsoDate, Page, PageQuery, Slug } from './common.ts';
import { defineOperation } from './operation.ts';

export {
  BADGE_MODES,
  BADGE_SHAPES,
  BADGE_SIZES,
  getBadges,
  getBlogPost,
  getFounder,
  listAwards,
  listBlogPosts,
  listFounders,
  listInterviewQuestions,
} from './catalog-editorial.ts';
export {
  getRankingRules,
  getVoteLedger,
  RANKING_RULES,
  RANKING_RULES_VERSION,
  VOTE_DISCOUNT_REASONS,
  VOTE_DISCOUNT_WORDS,
  VOTE_INTEGRITY,
  VOTE_INTEGRITY_REASONS,
  type VoteDiscountReason,
  type VoteIntegrityReason,
  voterDiscountOf,
  wasYoung,
} from './catalog-ranking.ts';
export { LISTING_STATUSES, ListingProfile, ListingStatus, ListingSummary } from './catalog-resources.ts';
// ---- operations ----

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
    rules_version: Type.Integer({
      minimum: 1,
      description:
        'the ranking rules version the week is ranked under (get_ranking_rules): recorded with its awards once it is over, else the version now in force',
    }),
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
  getRankingRules,
  getVoteLedger,
];
