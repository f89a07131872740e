import { deciderSpec } from '@listings/platform/decider/specification';
import { describe, it } from 'vitest';
import { LaunchTakenError, listingLaunchDecider } from './decide.ts';
import type { ListingLaunchEvent } from './listing-launch.ts';

const AT = '2030-01-02T12:00:00.000Z';
const heldBy = (order: string | null): ListingLaunchEvent => ({
  type: 'ListingLaunchHeld',
  data: { listing_id: 7, order_number: order, at: AT },
});
const hold = (order: string) => ({
  type: 'HoldListingLaunch' as const,
  data: { listing_id: 7, order_number: order, at: AT },
});
const release = (order: string) => ({
  type: 'ReleaseListingLaunch' as const,
  data: { listing_id: 7, order_number: order, reason: 'expired' as const, at: AT },
});

describe('listing launch decider', () => {
  const spec = deciderSpec(listingLaunchDecider);

  it('when the first order is paid then it holds the listing’s launch', () => {
    spec
      .given([])
      .when(hold('A'))
      .then([heldBy('A')]);
  });
  it('when the same order is paid again then nothing changes', () => {
    spec
      .given([heldBy('A')])
      .when(hold('A'))
      .then([]);
  });
  it('when another order is paid for a held launch then it is refused (409)', () => {
    spec
      .given([heldBy('A')])
      .when(hold('B'))
      .thenThrows(LaunchTakenError, /listing 7 already has a paid launch/);
  });
  it('when the catalog had the listing on a paid launch before this rule then no order can take it', () => {
    spec
      .given([])
      .when({ type: 'RecordEarlierLaunch', data: { listing_id: 7, at: AT } })
      .then([heldBy(null)]);
    spec
      .given([heldBy(null)])
      .when(hold('B'))
      .thenThrows(LaunchTakenError);
  });
  it('when an earlier launch is recorded for a held launch then nothing changes', () => {
    spec
      .given([heldBy('A')])
      .when({ type: 'RecordEarlierLaunch', data: { listing_id: 7, at: AT } })
      .then([]);
  });
  it('when the unpaid order that holds it gives it back then another order can take it', () => {
    const released: ListingLaunchEvent = {
      type: 'ListingLaunchReleased',
      data: { listing_id: 7, order_number: 'A', reason: 'expired', at: AT },
    };
    spec
      .given([heldBy('A')])
      .when(release('A'))
      .then([released]);
    spec
      .given([heldBy('A'), released])
      .when(hold('B'))
      .then([heldBy('B')]);
  });
  it('when an order that does not hold it gives it back then nothing changes', () => {
    spec
      .given([heldBy('A')])
      .when(release('B'))
      .then([]);
    spec.given([]).when(release('B')).then([]);
  });
});
