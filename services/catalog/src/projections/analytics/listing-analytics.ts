import type { CatalogEvent } from '../catalog/catalog-event.ts';
import { documentMapProjection } from '../catalog/document-map.ts';

/** What happened to a listing on one UTC day, as its owner's analytics count it. */
export interface AnalyticsDay {
  /** page views counted (one per visitor per day) */
  readonly views: number;
  /** outbound clicks counted (one per visitor per day) */
  readonly clicks: number;
  /** votes cast less votes withdrawn, each in full */
  readonly votes: number;
  /** the same, each vote at its weight (the ranking rules' discounts; 1 without one) */
  readonly votes_counted: number;
  /** followers gained less followers lost */
  readonly follows: number;
  /** reviews posted */
  readonly reviews: number;
  /** the counted views by referring host (`direct`: none named) */
  readonly referrers: Readonly<Record<string, number>>;
}

/** One listing's analytics (get_listing_analytics), by listing id. */
export interface ListingAnalyticsDoc {
  readonly listing_id: number;
  /** by UTC day, `YYYY-MM-DD` */
  readonly days: Readonly<Record<string, AnalyticsDay>>;
  /** by UTC hour, `YYYY-MM-DDTHH`: the change in counted votes (what a week's board ranks by) */
  readonly vote_hours: Readonly<Record<string, number>>;
  /** the standing votes that count for less than 1, by voter: what a withdrawal or discount takes off */
  readonly weights: Readonly<Record<string, number>>;
}

export const EMPTY_DAY: AnalyticsDay = {
  views: 0,
  clicks: 0,
  votes: 0,
  votes_counted: 0,
  follows: 0,
  reviews: 0,
  referrers: {},
};

/** the listing the event counts for, when it counts for analytics (a bulk view count does not: it has no day) */
const listingOf = (event: CatalogEvent): number | undefined => {
  switch (event.type) {
    case 'ListingViewed':
      return event.data.visitor === null ? undefined : event.data.listing_id;
    case 'OutboundClicked':
    case 'VoteCast':
    case 'VoteWithdrawn':
    case 'ListingFollowed':
    case 'ListingUnfollowed':
    case 'ReviewSubmitted':
      return event.data.listing_id;
    default:
      // a later discount of a standing vote (the ranking rules' VoteDiscounted), when the log has one
      return discountOf(event)?.listing_id;
  }
};

/** VoteDiscounted's data, read by name: the ranking rules declare it (a later weight of a standing vote) */
type Discount = { listing_id: number; account_id: string; weight: number; at: string };
const discountOf = (event: { type: string; data: unknown }): Discount | undefined =>
  event.type === 'VoteDiscounted' ? (event.data as Discount) : undefined;

/** a vote's weight as cast: the event's `weight` when the ranking rules recorded one, else 1 */
const weightOf = (data: object): number => ('weight' in data && typeof data.weight === 'number' ? data.weight : 1);

const add = (counts: Readonly<Record<string, number>>, key: string, by: number) => ({
  ...counts,
  [key]: (counts[key] ?? 0) + by,
});

/** the change an event makes: to its day's counts, to its hour's counted votes, to the weights */
const changeOf = (
  event: CatalogEvent,
  weights: Readonly<Record<string, number>>,
): {
  day?: Partial<Record<keyof Omit<AnalyticsDay, 'referrers'>, number>>;
  referrer?: [string, number];
  voter?: [string, number];
} => {
  switch (event.type) {
    case 'ListingViewed':
      return {
        day: { views: event.data.count },
        ...(event.data.referrer === null ? {} : { referrer: [event.data.referrer, event.data.count] }),
      };
    case 'OutboundClicked':
      return { day: { clicks: 1 } };
    case 'VoteCast': {
      const weight = weightOf(event.data);
      return { day: { votes: 1, votes_counted: weight }, voter: [event.data.account_id, weight] };
    }
    case 'VoteWithdrawn': {
      const weight = weights[event.data.account_id] ?? 1;
      return { day: { votes: -1, votes_counted: -weight }, voter: [event.data.account_id, 1] };
    }
    case 'ListingFollowed':
      return { day: { follows: 1 } };
    case 'ListingUnfollowed':
      return { day: { follows: -1 } };
    case 'ReviewSubmitted':
      return { day: { reviews: 1 } };
    default: {
      const discount = discountOf(event);
      if (!discount) return {};
      const was = weights[discount.account_id] ?? 1;
      return { day: { votes_counted: discount.weight - was }, voter: [discount.account_id, discount.weight] };
    }
  }
};

/** pure: the listing's analytics after one more event */
export const evolveListingAnalytics = (
  doc: ListingAnalyticsDoc | undefined,
  event: CatalogEvent,
): ListingAnalyticsDoc | undefined => {
  const listingId = listingOf(event);
  if (listingId === undefined) return doc;
  const at = (event.data as { at: string }).at;
  const before = doc ?? { listing_id: listingId, days: {}, vote_hours: {}, weights: {} };
  const change = changeOf(event, before.weights);
  const dayKey = at.slice(0, 10);
  const day = before.days[dayKey] ?? EMPTY_DAY;
  let nextDay: AnalyticsDay = { ...day };
  for (const [field, by] of Object.entries(change.day ?? {}))
    nextDay = { ...nextDay, [field]: (nextDay[field as keyof typeof change.day] as number) + (by as number) };
  if (change.referrer) nextDay = { ...nextDay, referrers: add(day.referrers, ...change.referrer) };
  const counted = change.day?.votes_counted;
  let weights = before.weights;
  if (change.voter) {
    const [voter, weight] = change.voter;
    const { [voter]: _, ...others } = weights;
    weights = weight === 1 ? others : { ...others, [voter]: weight };
  }
  return {
    listing_id: before.listing_id,
    days: { ...before.days, [dayKey]: nextDay },
    vote_hours: counted === undefined ? before.vote_hours : add(before.vote_hours, at.slice(0, 13), counted),
    weights,
  };
};

export const listingAnalyticsProjection = documentMapProjection<ListingAnalyticsDoc>({
  collection: 'analytics',
  documentOf: (event) => {
    const id = listingOf(event);
    return id === undefined ? undefined : String(id);
  },
  evolve: evolveListingAnalytics,
});
