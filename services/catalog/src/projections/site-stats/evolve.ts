/**
 * Site-wide counts for get_site_info, folded from catalog events. Pure: the same events in the
 * same order always give the same counts, and a replay or a duplicate delivery changes nothing.
 */
export interface SiteStats {
  /** position of the last event folded in */
  readonly position: number;
  readonly liveListings: ReadonlySet<string>;
  readonly categories: ReadonlySet<string>;
}

export const initialSiteStats: SiteStats = { position: 0, liveListings: new Set(), categories: new Set() };

/** The catalog events this read model cares about (the catalog aggregates emit them). */
export type SiteStatsEvent =
  | { type: 'CategoryCreated'; data: { slug: string } }
  | { type: 'CategoryRemoved'; data: { slug: string } }
  | { type: 'ListingStatusChanged'; data: { listing_id: number; status: string } };

const withSet = <T>(set: ReadonlySet<T>, value: T, present: boolean): ReadonlySet<T> => {
  if (set.has(value) === present) return set;
  const next = new Set(set);
  if (present) next.add(value);
  else next.delete(value);
  return next;
};

export const evolveSiteStats = (
  state: SiteStats,
  event: { type: string; data: unknown; position: number },
): SiteStats => {
  if (event.position <= state.position) return state; // already folded in
  const next = { ...state, position: event.position };
  const e = event as SiteStatsEvent;
  switch (e.type) {
    case 'CategoryCreated':
      return { ...next, categories: withSet(state.categories, e.data.slug, true) };
    case 'CategoryRemoved':
      return { ...next, categories: withSet(state.categories, e.data.slug, false) };
    case 'ListingStatusChanged':
      return {
        ...next,
        liveListings: withSet(state.liveListings, String(e.data.listing_id), e.data.status === 'live'),
      };
    default:
      return next;
  }
};
