import type { Decider } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';

/**
 * One launch week's paid launch slots: the rule "a week holds at most `capacity` paid launches" as
 * an aggregate of its own, stream `launch-week-<monday>`. A checkout reserves a slot per launch in
 * that week (until the order would expire), the payment confirms it, an expiry or refusal releases
 * it. Every change is appended with the expected revision, so two replicas can't both take the last
 * slot. The capacity (a shop setting) and the time arrive in the command.
 */
export const launchWeekStream = (monday: string) => `launch-week-${monday}`;

/** why a slot was given back */
export type SlotReleaseReason = 'expired' | 'refused' | 'cancelled' | 'abandoned';

export type LaunchWeekEvent =
  | {
      type: 'LaunchSlotReserved';
      data: { week: string; order_number: string; listing_id: number; expires_at: string; at: string };
    }
  | { type: 'LaunchSlotConfirmed'; data: { week: string; order_number: string; listing_id: number; at: string } }
  | {
      type: 'LaunchSlotReleased';
      data: { week: string; order_number: string; listing_id: number; reason: SlotReleaseReason; at: string };
    };

export type LaunchWeekCommand =
  /** an order's launches in this week; all or none (the order is not placed when one does not fit) */
  | {
      type: 'ReserveLaunchSlots';
      data: {
        week: string;
        order_number: string;
        listing_ids: readonly number[];
        capacity: number;
        /** the order's own expiry: an unconfirmed slot stops counting then, even if nobody releases it */
        expires_at: string;
        at: string;
      };
    }
  /** the order is being paid: its slots count for good (an order placed before slots existed takes them now, if they fit) */
  | {
      type: 'ConfirmLaunchSlots';
      data: { week: string; order_number: string; listing_ids: readonly number[]; capacity: number; at: string };
    }
  /** every slot the order holds in this week (none: nothing happens) */
  | { type: 'ReleaseLaunchSlots'; data: { week: string; order_number: string; reason: SlotReleaseReason; at: string } };

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

export class WeekFullError extends ConflictError {
  readonly week: string;
  constructor(week: string, capacity: number) {
    super(
      `the week of ${week} is full: all ${capacity} paid launch slots of that week are taken. Choose another week, or leave launch_week out to go live when paid.`,
    );
    this.week = week;
  }
}

const slotKey = (orderNumber: string, listingId: number) => `${orderNumber}#${listingId}`;

const counts = (slot: LaunchSlot, at: string) =>
  slot.status === 'confirmed' || (slot.expiresAt !== null && at < slot.expiresAt);

/** slots that count at `at`: confirmed ones, and reserved ones whose order can still be paid */
export const slotsTaken = (state: LaunchWeek, at: string): number => {
  let taken = 0;
  for (const slot of state.slots.values()) if (counts(slot, at)) taken += 1;
  return taken;
};

export const launchWeekDecider: Decider<LaunchWeekCommand, LaunchWeek, LaunchWeekEvent> = {
  initialState: { slots: new Map() },
  evolve: (state, event) => {
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
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'ReserveLaunchSlots': {
        const { week, order_number, capacity, expires_at, at } = command.data;
        // the order's own slots that still count are kept (a retried checkout reserves nothing twice)
        const wanted = command.data.listing_ids.filter((id) => {
          const slot = state.slots.get(slotKey(order_number, id));
          return !(slot && counts(slot, at));
        });
        if (wanted.length === 0) return [];
        if (slotsTaken(state, at) + wanted.length > capacity) throw new WeekFullError(week, capacity);
        return wanted.map((listing_id) => ({
          type: 'LaunchSlotReserved' as const,
          data: { week, order_number, listing_id, expires_at, at },
        }));
      }
      case 'ConfirmLaunchSlots': {
        const { week, order_number, capacity, at } = command.data;
        const slots = command.data.listing_ids.map((id) => ({ id, slot: state.slots.get(slotKey(order_number, id)) }));
        const toConfirm = slots.filter(({ slot }) => slot?.status !== 'confirmed');
        // slots that no longer count (never reserved, or lapsed) need room now
        const needRoom = toConfirm.filter(({ slot }) => !(slot && counts(slot, at))).length;
        if (needRoom > 0 && slotsTaken(state, at) + needRoom > capacity) throw new WeekFullError(week, capacity);
        return toConfirm.map(({ id }) => ({
          type: 'LaunchSlotConfirmed' as const,
          data: { week, order_number, listing_id: id, at },
        }));
      }
      case 'ReleaseLaunchSlots': {
        const { week, order_number, reason, at } = command.data;
        return [...state.slots.values()]
          .filter((slot) => slot.orderNumber === order_number)
          .map((slot) => ({
            type: 'LaunchSlotReleased' as const,
            data: { week, order_number, listing_id: slot.listingId, reason, at },
          }));
      }
      default: {
        const never: never = command;
        throw new Error(`unknown command ${JSON.stringify(never)}`);
      }
    }
  },
};
