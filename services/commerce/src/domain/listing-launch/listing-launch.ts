import type { commerceEvents, DomainEventOf } from '@listings/contracts/events';

/**
 * The rule "a listing gets one paid launch" as an aggregate of its own, stream
 * `listing-launch-<listingId>`. Paying an order takes the launch of each listing it launches,
 * appended with the expected revision BEFORE the order is recorded paid; a second order finds it
 * taken and is refused before anything is charged. `order_number` null: the catalog had the listing
 * on a paid launch before this stream existed (recorded when first seen).
 */
export const listingLaunchStream = (listingId: number) => `listing-launch-${listingId}`;

/** The listing launch's events, derived from their declared schemas (packages/contracts/src/events/commerce.ts). */
export type ListingLaunchEvent = Extract<
  DomainEventOf<typeof commerceEvents>,
  { type: 'ListingLaunchHeld' | 'ListingLaunchReleased' }
>;

export type ListingLaunch =
  | { readonly status: 'free' }
  | { readonly status: 'held'; readonly orderNumber: string | null; readonly at: string };

export const initialListingLaunch: ListingLaunch = { status: 'free' };

export const evolveListingLaunch = (state: ListingLaunch, event: ListingLaunchEvent): ListingLaunch => {
  switch (event.type) {
    case 'ListingLaunchHeld':
      return { status: 'held', orderNumber: event.data.order_number, at: event.data.at };
    case 'ListingLaunchReleased':
      return state.status === 'held' && state.orderNumber === event.data.order_number ? { status: 'free' } : state;
  }
};
