import type { CatalogEventOf } from '../catalog-events.ts';

/**
 * One listing slug, in its own stream (`listingslug-<slug>`): who holds it. Reserving appends with
 * the expected revision (`no_stream` the first time), so of two catalog replicas creating listings
 * with the same name only one gets the slug; the other decides again and takes the next one.
 * A slug taken for a listing id that another writer then took first is released again.
 *
 * Each reservation has its own id (a uuid made by the caller): two replicas may try the same
 * listing id at once, and only the reservation that was made may be released, not the other's.
 * Reservations recorded before the id existed have none (they are never released).
 */
export type Reservation = { slug: string; listing_id: number; reservation_id?: string };
export type SlugEvent = CatalogEventOf<'ListingSlugReserved' | 'ListingSlugReleased'>;

/** the reservation holding the slug, null when free */
export type SlugReservation = { readonly holder: { listing_id: number; reservation_id: string | null } | null };

export const slugStream = (slug: string): string => `listingslug-${slug}`;

export const initialSlugReservation: SlugReservation = { holder: null };
export const evolveSlugReservation = (_state: SlugReservation, event: SlugEvent): SlugReservation => ({
  holder:
    event.type === 'ListingSlugReserved'
      ? { listing_id: event.data.listing_id, reservation_id: event.data.reservation_id ?? null }
      : null,
});
