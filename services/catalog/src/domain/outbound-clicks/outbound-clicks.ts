import type { CatalogEventOf } from '../catalog-events.ts';

/**
 * Outbound clicks: a visitor following a listing's link to its site (`/go/{slug}`) counts once
 * per listing per UTC day. One visitor's day on one listing is its own stream
 * `clicks-<listing_id>_<day>_<visitor hash>`, the hash keyed (HMAC) so that no address or cookie
 * can be read back from a stream's name.
 */
export type ClickEvent = CatalogEventOf<'OutboundClicked'>;

export const clickStream = (listingId: number, day: string, visitorHash: string) =>
  `clicks-${listingId}_${day}_${visitorHash}`;

/** whether this visitor's day on the listing has counted a click */
export interface VisitorClicks {
  readonly clicked: boolean;
}

export const initialVisitorClicks: VisitorClicks = { clicked: false };
export const evolveVisitorClicks = (_state: VisitorClicks, _event: ClickEvent): VisitorClicks => ({ clicked: true });
