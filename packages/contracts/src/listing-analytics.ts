import Type from 'typebox';
import { IsoDate, IsoDateTime, PositiveId, Slug } from './common.ts';
import { defineOperation } from './operation.ts';

/** the periods an owner's analytics cover: the listing's launch week (Monday to Sunday), or the last 30 or 90 UTC days */
export const ANALYTICS_RANGES = ['launch_week', '30_days', '90_days'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
/** the most referring hosts the analytics list (the rest are summed as `other`) */
export const ANALYTICS_TOP_REFERRERS = 10;

const Counts = {
  views: Type.Integer({ minimum: 0, description: 'page views counted (once per visitor per day, bots left out)' }),
  clicks: Type.Integer({
    minimum: 0,
    description: 'outbound clicks to the listing’s site (`/go/{slug}`: once per visitor per day, bots left out)',
  }),
  votes: Type.Integer({ description: 'votes cast less votes withdrawn, each in full' }),
  votes_counted: Type.Number({
    description:
      'the same votes at what they count for after the ranking rules’ discounts (equal to `votes` without any)',
  }),
  follows: Type.Integer({ description: 'followers gained less followers lost' }),
  reviews: Type.Integer({ minimum: 0, description: 'reviews posted' }),
};

export const ListingAnalytics = Type.Object({
  listing_id: PositiveId,
  slug: Slug,
  range: Type.Enum([...ANALYTICS_RANGES]),
  from: IsoDate,
  to: IsoDate,
  launch_week: Type.Union([IsoDate, Type.Null()]),
  days: Type.Array(Type.Object({ day: IsoDate, ...Counts }), {
    description: 'one per UTC day of the range, oldest first',
  }),
  totals: Type.Object(Counts),
  rank: Type.Array(
    Type.Object({
      hour: IsoDateTime,
      rank: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
        description: 'the place on the launch week’s board at the end of the hour (null: not on the board)',
      }),
      of: Type.Integer({ minimum: 0, description: 'the launches on the board' }),
    }),
    {
      description:
        'the listing’s place on its launch week’s board at the end of each hour of the week, up to now (empty before the week or without one)',
    },
  ),
  referrers: Type.Array(
    Type.Object({
      host: Type.String({ description: 'the referring host, `direct` (none named) or `other` (the rest)' }),
      views: Type.Integer({ minimum: 0 }),
    }),
    { maxItems: ANALYTICS_TOP_REFERRERS + 1, description: 'the top referring hosts of the range’s views, most first' },
  ),
});

export const getListingAnalytics = defineOperation({
  operationId: 'get_listing_analytics',
  method: 'GET',
  path: '/me/listings/{listing_id}/analytics',
  service: 'catalog',
  scope: 'account:read',
  summary: 'My listing’s analytics',
  description:
    'Per UTC day: views, outbound clicks, votes (in full and as counted after discounts), follows and reviews; the listing’s rank on its launch week’s board per hour of the week; the top referring hosts. `range`: `launch_week` (the default when the listing has one), `30_days` (the default otherwise) or `90_days`. Your own listings only: 404 for any other.',
  params: Type.Object({ listing_id: PositiveId }, { additionalProperties: false }),
  query: Type.Object({ range: Type.Optional(Type.Enum([...ANALYTICS_RANGES])) }, { additionalProperties: false }),
  response: ListingAnalytics,
});
