import type { Decider } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';
import {
  evolveLaunchWeek,
  initialLaunchWeek,
  type LaunchWeek,
  type LaunchWeekEvent,
  type SlotReleaseReason,
  slotCounts,
  slotKey,
  slotsTaken,
} from './launch-week.ts';

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

export class WeekFullError extends ConflictError {
  readonly week: string;
  constructor(week: string, capacity: number) {
    super(
      `the week of ${week} is full: all ${capacity} paid launch slots of that week are taken. Choose another week, or leave launch_week out to go live when paid.`,
    );
    this.week = week;
  }
}

export const decideLaunchWeek = (command: LaunchWeekCommand, state: LaunchWeek): LaunchWeekEvent[] => {
  switch (command.type) {
    case 'ReserveLaunchSlots': {
      const { week, order_number, capacity, expires_at, at } = command.data;
      // the order's own slots that still count are kept (a retried checkout reserves nothing twice)
      const wanted = command.data.listing_ids.filter((id) => {
        const slot = state.slots.get(slotKey(order_number, id));
        return !(slot && slotCounts(slot, at));
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
      const needRoom = toConfirm.filter(({ slot }) => !(slot && slotCounts(slot, at))).length;
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
};

export const launchWeekDecider: Decider<LaunchWeekCommand, LaunchWeek, LaunchWeekEvent> = {
  initialState: initialLaunchWeek,
  evolve: evolveLaunchWeek,
  decide: decideLaunchWeek,
};
