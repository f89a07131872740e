import type { Decider } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';
import {
  evolveSlugReservation,
  initialSlugReservation,
  type Reservation,
  type SlugEvent,
  type SlugReservation,
} from './slug-reservation.ts';

export type SlugCommand =
  | { type: 'ReserveSlug'; data: Required<Reservation> }
  | { type: 'ReleaseSlug'; data: Required<Reservation> };

export class SlugTakenError extends ConflictError {}

export const decideSlugReservation = (command: SlugCommand, state: SlugReservation): SlugEvent[] => {
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
};

export const slugDecider: Decider<SlugCommand, SlugReservation, SlugEvent> = {
  initialState: initialSlugReservation,
  evolve: evolveSlugReservation,
  decide: decideSlugReservation,
};
