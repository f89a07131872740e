/**
 * The catalog's read-model documents, one projection per query family (each a pure evolve):
 * listings (projections/listings), founders derived from them (projections/founders), categories,
 * blog posts, awards, the site settings, the vote ledger, moderation and the owners' analytics (one folder each). This module names them all in one
 * place for the code that reads them.
 */
export type { ListingAnalyticsDoc } from '../analytics/listing-analytics.ts';
export type { AwardsDoc } from '../awards/awards.ts';
export type { BlogPostDoc } from '../blog/blog-posts.ts';
export type { CategoryDoc } from '../categories/categories.ts';
export type { ListingDoc, ReviewDoc } from '../listings/listing.ts';
export type { ModerationDoc } from '../moderation/moderation.ts';
export type { SettingsDoc } from '../settings/site-settings.ts';
export type { VoteLedgerDoc } from '../vote-ledger/vote-ledger.ts';

/** the read-model store collections the documents live in (founders are derived: see query-keys.ts) */
export const COLLECTIONS = [
  'listings',
  'categories',
  'blog',
  'awards',
  'settings',
  'ledger',
  'moderation',
  'analytics',
] as const;
export type Collection = (typeof COLLECTIONS)[number];
