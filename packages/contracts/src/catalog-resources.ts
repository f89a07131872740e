import Type from 'typebox';
import { Faq, IsoDate, IsoDateTime, Slug } from './common.ts';
import { STORY_SECTIONS } from './profile.ts';
import { Socials } from './socials.ts';

// ---- resources (response shapes: the fields spec Part 2 names; more may be present) ----

/** `hidden`: an operator took the listing down (its owners see it, nobody else) */
export const LISTING_STATUSES = [
  'draft',
  'awaiting_badge',
  'scheduled',
  'live',
  'rejected',
  'archived',
  'hidden',
] as const;
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

export const Founder = Type.Object({ slug: Slug, name: Type.String(), title: Type.Optional(Type.String()) });

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

export const Category = Type.Object({
  slug: Slug,
  name: Type.String(),
  description: Type.Optional(Type.String()),
  parent: Type.Union([Slug, Type.Null()]),
  subcategories: Type.Array(Type.Object({})),
  live_count: Type.Integer({ minimum: 0 }),
});

export const RankedItem = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  listing: ListingSummary,
  metric: Type.Object({ name: Type.String(), value: Type.Number(), unit: Type.String() }),
});

/** the `{slug}` path parameter of one resource */
export const slugParams = Type.Object({ slug: Slug }, { additionalProperties: false });
