import type { commerceEvents, DomainEventOf } from '@listings/contracts/events';

/**
 * One launch week's paid launch slots: the rule "a week holds at most `capacity` paid launches" as
 * an aggregate of its own, stream `launch-week-<monday>`. A checkout reserves a slot per launch in
 * that week (until the order would expire), the payment confirms it, an expiry or refusal releases
 * it. Every change is appended with the expected revision, so two replicas can't both take the last
 * slot. The capacity (a shop setting) and the time arrive in the command.
 */
export const launchWeekStream = (monday: string) => `launch-week-${monday}`;

/** why a slot was given back */
export type SlotReleaseReason = Extract<LaunchWeekEvent, { type: 'LaunchSlotReleased' }>['data']['reason'];

/** The week's slot events, derived from their declared schemas (packages/contracts/src/events/commerce.ts). */
export type LaunchWeekEvent = Extract<
  DomainEventOf<typeof commerceEvents>,
  { type: 'LaunchSlotReserved' | 'LaunchSlotConfirmed' | 'LaunchSlotReleased' }
>;

export interface LaunchSlot {
  readonly orderNumber: string;
  readonly listingId: number;
  readonly status: 'reserved' | 'confirmed';
  /** when a reserved slot stops counting; null once confirmed */
  readonly expiresAt: string | null;
}
export interface LaunchWeek {
  /** by `slotKey(order, listing)` */
  readonly slots: ReadonlyMap<string, LaunchSlot>;
}

/** a slot's key in the week: its order and listing */
export const slotKey = (orderNumber: string, listingId: number) => `${orderNumber}#${listingId}`;

/** whether a slot counts at `at`: confirmed, or reserved by an order that can still be paid */
export const slotCounts = (slot: LaunchSlot, at: string) =>
  slot.status === 'confirmed' || (slot.expiresAt !== null && at < slot.expiresAt);

/** slots that count at `at`: confirmed ones, and reserved ones whose order can still be paid */
export const slotsTaken = (state: LaunchWeek, at: string): number => {
  let taken = 0;
  for (const slot of state.slots.values()) if (slotCounts(slot, at)) taken += 1;
  return taken;
};

export const initialLaunchWeek: LaunchWeek = { slots: new Map() };

export const evolveLaunchWeek = (state: LaunchWeek, event: LaunchWeekEvent): LaunchWeek => {
  const d = event.data;
  const key = slotKey(d.order_number, d.listing_id);
  const slots = new Map(state.slots);
  switch (event.type) {
    case 'LaunchSlotReserved':
      slots.set(key, {
        orderNumber: d.order_number,
        listingId: d.listing_id,
        status: 'reserved',
        expiresAt: event.data.expires_at,
      });
      return { slots };
    case 'LaunchSlotConfirmed':
      slots.set(key, { orderNumber: d.order_number, listingId: d.listing_id, status: 'confirmed', expiresAt: null });
      return { slots };
    case 'LaunchSlotReleased':
      slots.delete(key);
      return { slots };
  }
};
