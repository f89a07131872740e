import type { Decider } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';
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
type Reservation = { slug: string; listing_id: number; reservation_id?: string };
export type SlugEvent = CatalogEventOf<'ListingSlugReserved' | 'ListingSlugReleased'>;

export type SlugCommand =
  | { type: 'ReserveSlug'; data: Required<Reservation> }
  | { type: 'ReleaseSlug'; data: Required<Reservation> };

/** the reservation holding the slug, null when free */
export type SlugReservation = { readonly holder: { listing_id: number; reservation_id: string | null } | null };

export const slugStream = (slug: string): string => `listingslug-${slug}`;

export class SlugTakenError extends ConflictError {}

export const slugDecider: Decider<SlugCommand, SlugReservation, SlugEvent> = {
  initialState: { holder: null },
  evolve: (_state, event) => ({
    holder:
      event.type === 'ListingSlugReserved'
        ? { listing_id: event.data.listing_id, reservation_id: event.data.reservation_id ?? null }
        : null,
  }),
  decide: (command, state) => {
    switch (command.type) {
      case 'ReserveSlug': {
        const { slug, reservation_id } = command.data;
        if (state.holder?.reservation_id === reservation_id) return [];
        if (state.holder !== null)
          throw new SlugTakenError(`the slug ${slug} belongs to listing ${state.holder.listing_id}`);
        return [{ type: 'ListingSlugReserved', data: command.data }];
      }
      case 'ReleaseSlug':
        return state.holder?.reservation_id === command.data.reservation_id
          ? [{ type: 'ListingSlugReleased', data: command.data }]
          : [];
      default: {
        const never: never = command;
        throw new Error(`unknown command ${JSON.stringify(never)}`);
      }
    }
  },
};
