import type { Decider } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';
import {
  type Claim,
  type DraftListing,
  type DraftListingEvent,
  evolveDraftListing,
  initialDraftListing,
} from './draft-listing.ts';

export type DraftListingCommand =
  /** the draft's first listing: refused when the draft holds one already (another claim) */
  | { type: 'ClaimListing'; data: Claim }
  /** the claimed id went to another draft's listing: claim `listing_id` instead */
  | { type: 'MoveClaim'; data: Claim & { replaces_listing_id: number } };

/** another writer claimed (or moved) the draft's listing first: read the stream again */
export class DraftListingClaimedError extends ConflictError {}

export const decideDraftListing = (command: DraftListingCommand, state: DraftListing): DraftListingEvent[] => {
  const { claim } = state;
  switch (command.type) {
    case 'ClaimListing': {
      const d = command.data;
      if (claim === null) return [{ type: 'DraftListingClaimed', data: d }];
      if (claim.listing_id === d.listing_id && claim.reservation_id === d.reservation_id) return [];
      throw new DraftListingClaimedError(`draft ${d.draft_id} holds listing ${claim.listing_id}`);
    }
    case 'MoveClaim': {
      const d = command.data;
      if (claim?.listing_id === d.listing_id && claim.reservation_id === d.reservation_id) return [];
      if (claim?.listing_id !== d.replaces_listing_id)
        throw new DraftListingClaimedError(
          `draft ${d.draft_id} holds ${claim === null ? 'no listing' : `listing ${claim.listing_id}`}, not listing ${d.replaces_listing_id}`,
        );
      return [{ type: 'DraftListingClaimed', data: d }];
    }
    default: {
      const never: never = command;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
};

export const draftListingDecider: Decider<DraftListingCommand, DraftListing, DraftListingEvent> = {
  initialState: initialDraftListing,
  evolve: evolveDraftListing,
  decide: decideDraftListing,
};
