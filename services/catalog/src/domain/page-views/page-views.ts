import type { CatalogEventOf } from '../catalog-events.ts';

/**
 * Page views: one view per visitor per listing per UTC day, known bots left out, and bursts from
 * one network discounted. The visitors of one listing on one UTC day from one network (an IPv4
 * /24 or IPv6 /64, as the web edge names it) share a stream
 * `views-<listing_id>_<day>_net-<network hash>`, one ListingViewed per visitor counted and at most
 * `max` of them (VIEWERS_PER_NETWORK_PER_DAY): a visitor seen again is not counted again, nor is
 * one more from a network that used its allowance. The demo's bulk counts go to `views-<listing_id>`.
 */
export type ViewEvent = CatalogEventOf<'ListingViewed'>;

export const viewStream = (listingId: number) => `views-${listingId}`;

/** User agents of crawlers, link previews, monitors and headless tools: their views are not counted. */
export const KNOWN_BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|monitor|headless|lighthouse|curl\/|wget\/|python-requests|httpclient|go-http-client|axios\/|node-fetch|okhttp|java\//i;
export const isKnownBot = (userAgent: string | null | undefined): boolean =>
  !userAgent || userAgent.trim() === '' || KNOWN_BOT_PATTERN.test(userAgent);

/** the visitors a network's day on one listing counted (by hash) */
export interface NetworkVisits {
  readonly visitors: ReadonlySet<string>;
}

export const initialNetworkVisits: NetworkVisits = { visitors: new Set() };
export const evolveNetworkVisits = (state: NetworkVisits, event: ViewEvent): NetworkVisits =>
  event.data.visitor === null ? state : { visitors: new Set(state.visitors).add(event.data.visitor) };

/**
 * `views-<listing_id>_<YYYY-MM-DD>_net-<network hash>`: the network is already a hash (no
 * address in a stream name)
 */
export const visitStream = (listingId: number, day: string, networkHash: string) =>
  `views-${listingId}_${day}_net-${networkHash}`;
