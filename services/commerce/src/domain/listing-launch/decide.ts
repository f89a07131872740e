import type { Decider } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';
import {
  evolveListingLaunch,
  initialListingLaunch,
  type ListingLaunch,
  type ListingLaunchEvent,
} from './listing-launch.ts';

export type ListingLaunchCommand =
  | { type: 'HoldListingLaunch'; data: { listing_id: number; order_number: string; at: string } }
  /** the catalog shows the listing on a paid launch that no order holds here (bought before this rule) */
  | { type: 'RecordEarlierLaunch'; data: { listing_id: number; at: string } }
  /** an unpaid order gives the launch back (nothing happens when it does not hold it) */
  | {
      type: 'ReleaseListingLaunch';
      data: { listing_id: number; order_number: string; reason: 'expired' | 'refused'; at: string };
    };

export class LaunchTakenError extends ConflictError {
  readonly listingId: number;
  constructor(listingId: number) {
    super(`listing ${listingId} already has a paid launch (bought in another order)`);
    this.listingId = listingId;
  }
}

export const decideListingLaunch = (command: ListingLaunchCommand, state: ListingLaunch): ListingLaunchEvent[] => {
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
};

export const listingLaunchDecider: Decider<ListingLaunchCommand, ListingLaunch, ListingLaunchEvent> = {
  initialState: initialListingLaunch,
  evolve: evolveListingLaunch,
  decide: decideListingLaunch,
};
