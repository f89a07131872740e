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
export type Claim = { draft_id: string; listing_id: number; reservation_id: string };
export type DraftListingEvent = CatalogEventOf<'DraftListingClaimed'>;

/** the listing id the draft holds (and its slug reservation id), null before the first create */
export type DraftListing = { readonly claim: { listing_id: number; reservation_id: string } | null };

export const initialDraftListing: DraftListing = { claim: null };
export const evolveDraftListing = (_state: DraftListing, event: DraftListingEvent): DraftListing => ({
  claim: { listing_id: event.data.listing_id, reservation_id: event.data.reservation_id },
});

export const draftListingStream = (draftId: string): string => `draftlisting-${draftId}`;
