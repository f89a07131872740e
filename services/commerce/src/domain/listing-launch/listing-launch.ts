import type { Decider } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';

/**
 * The rule "a listing gets one paid launch" as an aggregate of its own, stream
 * `listing-launch-<listingId>`. Paying an order takes the launch of each listing it launches,
 * appended with the expected revision BEFORE the order is recorded paid; a second order finds it
 * taken and is refused before anything is charged. `order_number` null: the catalog had the listing
 * on a paid launch before this stream existed (recorded when first seen).
 */
export const listingLaunchStream = (listingId: number) => `listing-launch-${listingId}`;

export type ListingLaunchEvent =
  | { type: 'ListingLaunchHeld'; data: { listing_id: number; order_number: string | null; at: string } }
  | {
      type: 'ListingLaunchReleased';
      data: { listing_id: number; order_number: string; reason: 'expired' | 'refused'; at: string };
    };

export type ListingLaunchCommand =
  | { type: 'HoldListingLaunch'; data: { listing_id: number; order_number: string; at: string } }
  /** the catalog shows the listing on a paid launch that no order holds here (bought before this rule) */
  | { type: 'RecordEarlierLaunch'; data: { listing_id: number; at: string } }
  /** an unpaid order gives the launch back (nothing happens when it does not hold it) */
  | {
      type: 'ReleaseListingLaunch';
      data: { listing_id: number; order_number: string; reason: 'expired' | 'refused'; at: string };
    };

export type ListingLaunch =
  | { readonly status: 'free' }
  | { readonly status: 'held'; readonly orderNumber: string | null; readonly at: string };

export class LaunchTakenError extends ConflictError {
  readonly listingId: number;
  constructor(listingId: number) {
    super(`listing ${listingId} already has a paid launch (bought in another order)`);
    this.listingId = listingId;
  }
}

export const listingLaunchDecider: Decider<ListingLaunchCommand, ListingLaunch, ListingLaunchEvent> = {
  initialState: { status: 'free' },
  evolve: (state, event) => {
    switch (event.type) {
      case 'ListingLaunchHeld':
        return { status: 'held', orderNumber: event.data.order_number, at: event.data.at };
      case 'ListingLaunchReleased':
        return state.status === 'held' && state.orderNumber === event.data.order_number ? { status: 'free' } : state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'HoldListingLaunch': {
        const { listing_id, order_number, at } = command.data;
        if (state.status === 'held') {
          if (state.orderNumber === order_number) return [];
          throw new LaunchTakenError(listing_id);
        }
        return [{ type: 'ListingLaunchHeld', data: { listing_id, order_number, at } }];
      }
      case 'RecordEarlierLaunch':
        if (state.status === 'held') return [];
        return [
          {
            type: 'ListingLaunchHeld',
            data: { listing_id: command.data.listing_id, order_number: null, at: command.data.at },
          },
        ];
      case 'ReleaseListingLaunch':
        if (state.status !== 'held' || state.orderNumber !== command.data.order_number) return [];
        return [{ type: 'ListingLaunchReleased', data: command.data }];
      default: {
        const never: never = command;
        throw new Error(`unknown command ${JSON.stringify(never)}`);
      }
    }
  },
};
