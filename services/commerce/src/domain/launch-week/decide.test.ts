import { deciderSpec } from '@listings/platform/decider/specification';
import { describe, expect, it } from 'vitest';
import { launchWeekDecider, WeekFullError } from './decide.ts';
import { type LaunchWeekEvent, slotsTaken } from './launch-week.ts';

const WEEK = '2030-02-04';
const NOW = '2030-01-02T12:00:00.000Z';
const LATER = '2030-01-03T12:00:00.000Z';
const EXPIRES = '2030-01-03T12:00:00.000Z';

const reserved = (order: string, listing: number, at = NOW): LaunchWeekEvent => ({
  type: 'LaunchSlotReserved',
  data: { week: WEEK, order_number: order, listing_id: listing, expires_at: EXPIRES, at },
});
const confirmed = (order: string, listing: number, at = NOW): LaunchWeekEvent => ({
  type: 'LaunchSlotConfirmed',
  data: { week: WEEK, order_number: order, listing_id: listing, at },
});
const released = (order: string, listing: number, reason: 'expired' | 'refused' = 'expired'): LaunchWeekEvent => ({
  type: 'LaunchSlotReleased',
  data: { week: WEEK, order_number: order, listing_id: listing, reason, at: NOW },
});
const reserve = (order: string, listings: number[], capacity: number, at = NOW) => ({
  type: 'ReserveLaunchSlots' as const,
  data: { week: WEEK, order_number: order, listing_ids: listings, capacity, expires_at: EXPIRES, at },
});
const confirm = (order: string, listings: number[], capacity: number, at = NOW) => ({
  type: 'ConfirmLaunchSlots' as const,
  data: { week: WEEK, order_number: order, listing_ids: listings, capacity, at },
});

describe('launch week decider', () => {
  const spec = deciderSpec(launchWeekDecider);

  it('when an order reserves in a week with room then it gets a slot per launch', () => {
    spec
      .given([reserved('A', 1)])
      .when(reserve('B', [2, 3], 3))
      .then([reserved('B', 2), reserved('B', 3)]);
  });
  it('when the week is full then the reservation is refused (409) and nothing is reserved', () => {
    spec
      .given([reserved('A', 1), confirmed('B', 2)])
      .when(reserve('C', [3], 2))
      .thenThrows(WeekFullError, /2030-02-04 is full/);
  });
  it('when an order asks for more slots than are left then none are reserved (all or nothing)', () => {
    spec
      .given([reserved('A', 1)])
      .when(reserve('B', [2, 3], 2))
      .thenThrows(WeekFullError);
  });
  it('when the same order reserves again (a retried checkout) then nothing changes', () => {
    spec
      .given([reserved('A', 1)])
      .when(reserve('A', [1], 1))
      .then([]);
  });
  it('when a reserved order has expired, even unreleased, then its slot is free again', () => {
    spec
      .given([reserved('A', 1)])
      .when(reserve('B', [2], 1, LATER))
      .then([reserved('B', 2, LATER)]);
  });
  it('when a slot was released then it is free again', () => {
    spec
      .given([reserved('A', 1), released('A', 1)])
      .when(reserve('B', [2], 1))
      .then([reserved('B', 2)]);
  });
  it('when the order is paid then its reserved slots are confirmed and count for good', () => {
    spec
      .given([reserved('A', 1)])
      .when(confirm('A', [1], 1))
      .then([confirmed('A', 1)]);
    const state = [reserved('A', 1), confirmed('A', 1)].reduce(
      launchWeekDecider.evolve,
      launchWeekDecider.initialState,
    );
    expect(slotsTaken(state, '2031-01-01T00:00:00.000Z')).toBe(1);
  });
  it('when a confirmed slot is confirmed again then nothing changes', () => {
    spec
      .given([reserved('A', 1), confirmed('A', 1)])
      .when(confirm('A', [1], 1))
      .then([]);
  });
  it('when the capacity was lowered then a reserved slot is still confirmed', () => {
    spec
      .given([reserved('A', 1), reserved('B', 2)])
      .when(confirm('B', [2], 1))
      .then([confirmed('B', 2)]);
  });
  it('when an order placed before slots existed is paid then it takes a slot if one is free', () => {
    spec
      .given([])
      .when(confirm('OLD', [9], 1))
      .then([confirmed('OLD', 9)]);
    spec
      .given([confirmed('A', 1)])
      .when(confirm('OLD', [9], 1))
      .thenThrows(WeekFullError);
  });
  it('when an order is refused or expires then every slot it holds is released; others keep theirs', () => {
    spec
      .given([reserved('A', 1), reserved('A', 2), reserved('B', 3)])
      .when({ type: 'ReleaseLaunchSlots', data: { week: WEEK, order_number: 'A', reason: 'refused', at: NOW } })
      .then([released('A', 1, 'refused'), released('A', 2, 'refused')]);
  });
  it('when an order with no slot is released then nothing happens', () => {
    spec
      .given([reserved('B', 3)])
      .when({ type: 'ReleaseLaunchSlots', data: { week: WEEK, order_number: 'A', reason: 'expired', at: NOW } })
      .then([]);
  });
});
