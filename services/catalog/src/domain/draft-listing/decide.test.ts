import { deciderSpec } from '@listings/platform/decider/specification';
import { describe, it } from 'vitest';
import { DraftListingClaimedError, draftListingDecider } from './decide.ts';
import type { DraftListingEvent } from './draft-listing.ts';

const spec = deciderSpec(draftListingDecider);
const claim = (listing_id: number, reservation_id: string) => ({ draft_id: 'd1', listing_id, reservation_id });
const claimed = (listing_id: number, reservation_id: string, replaces?: number): DraftListingEvent => ({
  type: 'DraftListingClaimed',
  data: { ...claim(listing_id, reservation_id), ...(replaces !== undefined ? { replaces_listing_id: replaces } : {}) },
});

describe("a draft's listing", () => {
  it('when the draft holds no listing then a create claims one', () =>
    spec
      .given([])
      .when({ type: 'ClaimListing', data: claim(7, 'r1') })
      .then([claimed(7, 'r1')]));
  it('when the draft holds a listing then another claim is refused, even for the same listing id', () => {
    spec
      .given([claimed(7, 'r1')])
      .when({ type: 'ClaimListing', data: claim(8, 'r2') })
      .thenThrows(DraftListingClaimedError, /holds listing 7/);
    // two replicas that allocated the same id for the draft: only the first claim is stored
    spec
      .given([claimed(7, 'r1')])
      .when({ type: 'ClaimListing', data: claim(7, 'r2') })
      .thenThrows(DraftListingClaimedError);
  });
  it('when the same claim is made again then nothing changes', () =>
    spec
      .given([claimed(7, 'r1')])
      .when({ type: 'ClaimListing', data: claim(7, 'r1') })
      .then([]));
  it('when the claimed id went to another draft then the claim moves to a new id, once', () => {
    spec
      .given([claimed(7, 'r1')])
      .when({ type: 'MoveClaim', data: { ...claim(9, 'r2'), replaces_listing_id: 7 } })
      .then([claimed(9, 'r2', 7)]);
    // a second writer moving it from 7 too finds it moved: refused (it reads the stream again)
    spec
      .given([claimed(7, 'r1'), claimed(9, 'r2', 7)])
      .when({ type: 'MoveClaim', data: { ...claim(10, 'r3'), replaces_listing_id: 7 } })
      .thenThrows(DraftListingClaimedError, /holds listing 9, not listing 7/);
    spec
      .given([claimed(7, 'r1'), claimed(9, 'r2', 7)])
      .when({ type: 'MoveClaim', data: { ...claim(9, 'r2'), replaces_listing_id: 7 } })
      .then([]);
  });
  it('when the draft holds no listing then there is nothing to move', () =>
    spec
      .given([])
      .when({ type: 'MoveClaim', data: { ...claim(9, 'r2'), replaces_listing_id: 7 } })
      .thenThrows(DraftListingClaimedError, /holds no listing/));
});
