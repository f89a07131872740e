import type { Decider } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';
import type { CatalogEventOf } from '../catalog-events.ts';

/**
 * Which listing a draft made, in its own stream (`draftlisting-<draft_id>`): a draft makes one
 * listing, across catalog replicas. A create claims a listing id for the draft, appended with the
 * expected revision (`no_stream` the first time), before `listing-<id>` is created; of two creates
 * for one draft at once only one claim is stored, and both then create (or update) that listing.
 *
 * The claim names the listing id and a reservation id (for its slug), so a claim whose listing was
 * never created (the process died between the two appends) blocks nothing: the next create for the
 * draft finds `listing-<id>` absent and creates it itself, under the same claim; `listing-<id>`
 * (created with `no_stream`) decides which of several such writers creates it. The claim moves to
 * a new id only when `listing-<id>` was created by another draft (two replicas gave one id to two
 * drafts at once): `replaces_listing_id` names the id it had, and moving it needs that id to be
 * the current one, so of two movers only one moves it.
 */
type Claim = { draft_id: string; listing_id: number; reservation_id: string };
export type DraftListingEvent = CatalogEventOf<'DraftListingClaimed'>;

export type DraftListingCommand =
  /** the draft's first listing: refused when the draft holds one already (another claim) */
  | { type: 'ClaimListing'; data: Claim }
  /** the claimed id went to another draft's listing: claim `listing_id` instead */
  | { type: 'MoveClaim'; data: Claim & { replaces_listing_id: number } };

/** the listing id the draft holds (and its slug reservation id), null before the first create */
export type DraftListing = { readonly claim: { listing_id: number; reservation_id: string } | null };

export const draftListingStream = (draftId: string): string => `draftlisting-${draftId}`;

/** another writer claimed (or moved) the draft's listing first: read the stream again */
export class DraftListingClaimedError extends ConflictError {}

export const draftListingDecider: Decider<DraftListingCommand, DraftListing, DraftListingEvent> = {
  initialState: { claim: null },
  evolve: (_state, event) => ({
    claim: { listing_id: event.data.listing_id, reservation_id: event.data.reservation_id },
  }),
  decide: (command, state) => {
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
  },
};
