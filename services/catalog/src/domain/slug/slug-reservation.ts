import type { Decider } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';

/**
 * One listing slug, in its own stream (`listingslug-<slug>`): who holds it. Reserving appends with
 * the expected revision (`no_stream` the first time), so of two catalog replicas creating listings
 * with the same name only one gets the slug; the other decides again and takes the next one.
 * A slug taken for a listing id that another writer then took first is released again.
 */
export type SlugEvent =
  | { type: 'ListingSlugReserved'; data: { slug: string; listing_id: number } }
  | { type: 'ListingSlugReleased'; data: { slug: string; listing_id: number } };

export type SlugCommand =
  | { type: 'ReserveSlug'; data: { slug: string; listing_id: number } }
  | { type: 'ReleaseSlug'; data: { slug: string; listing_id: number } };

/** the listing holding the slug, null when free */
export type SlugReservation = { readonly holder: number | null };

export const slugStream = (slug: string): string => `listingslug-${slug}`;

export class SlugTakenError extends ConflictError {}

export const slugDecider: Decider<SlugCommand, SlugReservation, SlugEvent> = {
  initialState: { holder: null },
  evolve: (_state, event) => ({ holder: event.type === 'ListingSlugReserved' ? event.data.listing_id : null }),
  decide: (command, state) => {
    switch (command.type) {
      case 'ReserveSlug': {
        const { slug, listing_id } = command.data;
        if (state.holder === listing_id) return [];
        if (state.holder !== null) throw new SlugTakenError(`the slug ${slug} belongs to listing ${state.holder}`);
        return [{ type: 'ListingSlugReserved', data: { slug, listing_id } }];
      }
      case 'ReleaseSlug':
        return state.holder === command.data.listing_id ? [{ type: 'ListingSlugReleased', data: command.data }] : [];
      default: {
        const never: never = command;
        throw new Error(`unknown command ${JSON.stringify(never)}`);
      }
    }
  },
};
