import type { FindOptions, Where } from '@listings/platform/read-models';
import type { ListingDoc } from './listing.ts';

/**
 * How the catalog's documents are stored and queried. A stored listing is `{ at, doc, keys }`:
 * the document, the position of the last event folded into it, and the values its queries
 * filter and sort on that the document only implies (a vote count, the latest Domain Rating).
 * Queries name fields by these paths (document-query.ts), and the same paths carry the indexes,
 * so the in-memory read model and MongoDB answer the same query the same way.
 */
export const L = {
  id: 'doc.id',
  slug: 'doc.slug',
  draft: 'doc.draft_id',
  owners: 'doc.owners',
  status: 'doc.status',
  plan: 'doc.plan',
  week: 'doc.launch_week',
  billboard: 'doc.billboard_cents',
  votes: 'keys.votes',
  primary: 'keys.primary',
  shown: 'keys.shown',
  dr: 'keys.dr',
  mrr: 'keys.mrr',
  notified: 'keys.notified',
  at: 'at',
} as const;

export interface ListingKeys {
  /** the number of votes (all time) */
  readonly votes: number;
  /** the primary category, null without one */
  readonly primary: string | null;
  /**
   * the categories the listing shows under (the paid plan's first four, otherwise the primary),
   * with their parents: what a category's live count counts
   */
  readonly shown: readonly string[];
  /** the latest Domain Rating and monthly recurring revenue, null before the first */
  readonly dr: number | null;
  readonly mrr: number | null;
  /** the accounts told of an update (their notifications live on this listing) */
  readonly notified: readonly string[];
}

export const listingKeys = (doc: ListingDoc, parentOf: (slug: string) => string | null | undefined): ListingKeys => ({
  votes: Object.keys(doc.votes).length,
  primary: doc.categories[0] ?? null,
  shown: [
    ...new Set(
      (doc.plan === 'paid' ? doc.categories.slice(0, 4) : doc.categories.slice(0, 1)).flatMap((slug) => {
        const parent = parentOf(slug);
        return parent ? [slug, parent] : [slug];
      }),
    ),
  ],
  dr: doc.domain_rating[doc.domain_rating.length - 1]?.value ?? null,
  mrr: doc.revenue[doc.revenue.length - 1]?.mrr_cents ?? null,
  notified: [...new Set((doc.notifications ?? []).map((n) => n.account_id))],
});

export interface StoredListing {
  readonly at: number;
  readonly doc: ListingDoc;
  readonly keys: ListingKeys;
}

/** The statuses in which a listing is public (its page answers; its founders are listed). */
export const PUBLIC_STATUSES = ['live', 'scheduled', 'awaiting_badge'] as const;
export const UPCOMING_STATUSES = ['scheduled', 'awaiting_badge'] as const;

/** Every query of the catalog that reads the listings, by what it asks: one place, one index each. */
export const listingQueries = {
  live: { [L.status]: { eq: 'live' } } satisfies Where,
  liveInWeek: (week: string): Where => ({ [L.status]: { eq: 'live' }, [L.week]: { eq: week } }),
  upcomingInWeek: (week: string): Where => ({ [L.status]: { in: [...UPCOMING_STATUSES] }, [L.week]: { eq: week } }),
  upcoming: { [L.status]: { in: [...UPCOMING_STATUSES] }, [L.week]: { ne: null } } satisfies Where,
  byOwner: (account: string): FindOptions => ({ where: { [L.owners]: { eq: account } }, sort: [[L.id, -1]] }),
} as const;
