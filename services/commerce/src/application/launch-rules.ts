import { foldStream, handleCommand } from '@listings/platform/decider';
import type { EventStore } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import type { CatalogClient } from '../adapters/catalog-client.ts';
import { type LaunchWeekCommand, launchWeekDecider, WeekFullError } from '../domain/launch-week/decide.ts';
import {
  type LaunchWeek,
  launchWeekStream,
  type SlotReleaseReason,
  slotsTaken,
} from '../domain/launch-week/launch-week.ts';
import { type ListingLaunchCommand, listingLaunchDecider } from '../domain/listing-launch/decide.ts';
import { type ListingLaunch, listingLaunchStream } from '../domain/listing-launch/listing-launch.ts';
import type { OrderLineData } from '../domain/order/order.ts';
import { type UnpaidOrdersCommand, unpaidOrdersDecider } from '../domain/unpaid-orders/decide.ts';
import { type UnpaidOrderCloseReason, unpaidOrdersStream } from '../domain/unpaid-orders/unpaid-orders.ts';

/**
 * Attempts after a concurrency conflict on a week or listing-launch stream. Each conflict means
 * another writer appended, and a week takes few appends (one per slot change), so even 50
 * checkouts racing for one week settle well within this; the bound only stops a runaway loop.
 */
export const LAUNCH_RULE_RETRIES = 100;

/** a listing the catalog shows on a paid launch: live, or scheduled for its week */
export const catalogShowsPaidLaunch = (facts: { plan: string; status: string } | undefined): boolean =>
  facts?.plan === 'paid' && (facts.status === 'live' || facts.status === 'scheduled');

/** an order's launches per launch week (a launch without a week takes no slot: it goes live when paid) */
export const launchesByWeek = (lines: readonly OrderLineData[]): Map<string, number[]> => {
  const weeks = new Map<string, number[]>();
  for (const line of lines)
    if (line.kind === 'launch' && line.launch_week !== undefined && line.listing_id !== undefined)
      weeks.set(line.launch_week, [...(weeks.get(line.launch_week) ?? []), line.listing_id]);
  return weeks;
};
const launchedListings = (lines: readonly OrderLineData[]): number[] =>
  lines.flatMap((line) => (line.kind === 'launch' && line.listing_id !== undefined ? [line.listing_id] : []));

export interface LaunchRulesDeps {
  readonly store: EventStore;
  readonly catalog: Pick<CatalogClient, 'describeListing'>;
  readonly logger: Pick<Logger, 'warn'>;
}

/**
 * The rules that span orders, each held by its own streams (never by an index): a week holds at
 * most `capacity` paid launches (`launch-week-<monday>`), a listing gets one paid launch
 * (`listing-launch-<id>`), an account has at most `limit` unpaid orders (`unpaid-orders-<account>`). Every write is read → decide → append with the expected revision,
 * re-read and decided again on a conflict, so replicas sharing the store can't both say yes.
 */
export const createLaunchRules = (deps: LaunchRulesDeps) => {
  const { store } = deps;
  const runWeek = (week: string, command: LaunchWeekCommand, by: string) =>
    handleCommand({
      store,
      stream: launchWeekStream(week),
      decider: launchWeekDecider,
      command,
      metadata: { by },
      retries: LAUNCH_RULE_RETRIES,
    });
  const runListing = (listingId: number, command: ListingLaunchCommand, by: string) =>
    handleCommand({
      store,
      stream: listingLaunchStream(listingId),
      decider: listingLaunchDecider,
      command,
      metadata: { by },
      retries: LAUNCH_RULE_RETRIES,
    });

  const runUnpaid = (accountId: string, command: UnpaidOrdersCommand, by: string) =>
    handleCommand({
      store,
      stream: unpaidOrdersStream(accountId),
      decider: unpaidOrdersDecider,
      command,
      metadata: { by },
      retries: LAUNCH_RULE_RETRIES,
    });

  const week = async (monday: string): Promise<LaunchWeek> =>
    (await foldStream(store, launchWeekStream(monday), launchWeekDecider)).state;
  const listingLaunch = async (listingId: number): Promise<ListingLaunch> =>
    (await foldStream(store, listingLaunchStream(listingId), listingLaunchDecider)).state;

  const releaseWeeks = async (
    number: string,
    lines: readonly OrderLineData[],
    reason: SlotReleaseReason,
    at: string,
  ) => {
    for (const monday of launchesByWeek(lines).keys())
      await runWeek(
        monday,
        { type: 'ReleaseLaunchSlots', data: { week: monday, order_number: number, reason, at } },
        'commerce',
      );
  };
  const releaseListingLaunch = (number: string, listingId: number, reason: 'expired' | 'refused', at: string) =>
    runListing(
      listingId,
      { type: 'ReleaseListingLaunch', data: { listing_id: listingId, order_number: number, reason, at } },
      'commerce',
    );
  const releaseListingLaunches = async (
    number: string,
    lines: readonly OrderLineData[],
    reason: 'expired' | 'refused',
    at: string,
  ) => {
    for (const listingId of launchedListings(lines)) await releaseListingLaunch(number, listingId, reason, at);
  };

  return {
    week,
    listingLaunch,

    /**
     * The catalog refused a paid order's launch of this listing (e.g. a verified claim took the
     * listing from the buyer): the listing did not get that launch, so the order gives it back and
     * its owners may buy one (what the catalog shows is checked again at the next checkout).
     */
    releaseRefusedLaunch: (number: string, listingId: number, at: string) =>
      releaseListingLaunch(number, listingId, 'refused', at),

    /** for a quote: 409 when one of the order's weeks has no room left for its launches (reserves nothing) */
    checkWeeksOpen: async (lines: readonly OrderLineData[], capacity: number, at: string): Promise<void> => {
      for (const [monday, listings] of launchesByWeek(lines))
        if (slotsTaken(await week(monday), at) + listings.length > capacity) throw new WeekFullError(monday, capacity);
    },

    /**
     * A checkout's slots, before the order is placed: all of the order's weeks or none (409 for the
     * first full one; slots taken in the others are given back).
     */
    reserveWeeks: async (
      number: string,
      lines: readonly OrderLineData[],
      options: { capacity: number; expiresAt: string; at: string },
    ): Promise<void> => {
      const done: string[] = [];
      try {
        for (const [monday, listingIds] of launchesByWeek(lines)) {
          await runWeek(
            monday,
            {
              type: 'ReserveLaunchSlots',
              data: {
                week: monday,
                order_number: number,
                listing_ids: listingIds,
                capacity: options.capacity,
                expires_at: options.expiresAt,
                at: options.at,
              },
            },
            'checkout',
          );
          done.push(monday);
        }
      } catch (error) {
        const reserved = lines.filter((line) => line.launch_week !== undefined && done.includes(line.launch_week));
        await releaseWeeks(number, reserved, 'abandoned', options.at);
        throw error;
      }
    },

    /** at payment: the order's slots count for good (409 WeekFullError when an old order's week filled up) */
    confirmWeeks: async (number: string, lines: readonly OrderLineData[], capacity: number, at: string) => {
      for (const [monday, listingIds] of launchesByWeek(lines))
        await runWeek(
          monday,
          {
            type: 'ConfirmLaunchSlots',
            data: { week: monday, order_number: number, listing_ids: listingIds, capacity, at },
          },
          'checkout',
        );
    },

    /**
     * At payment, before the order counts as paid: the order takes the launch of every listing it
     * launches (409 LaunchTakenError when another order holds one; what this call took is given
     * back). A listing the catalog shows on a paid launch that no stream records yet (bought
     * before this rule) is recorded as held first; a catalog that can't be reached skips that
     * look only.
     */
    holdListingLaunches: async (
      number: string,
      accountId: string,
      lines: readonly OrderLineData[],
      at: string,
      options: { checkCatalog: boolean },
    ): Promise<void> => {
      const held: OrderLineData[] = [];
      try {
        for (const line of lines) {
          if (line.kind !== 'launch' || line.listing_id === undefined) continue;
          const listingId = line.listing_id;
          if (options.checkCatalog && (await listingLaunch(listingId)).status === 'free') {
            const facts = await deps.catalog.describeListing(listingId, accountId).catch((error: unknown) => {
              deps.logger.warn({ err: error, listingId }, 'catalog not reached: earlier launches not checked');
              return undefined;
            });
            if (catalogShowsPaidLaunch(facts))
              await runListing(
                listingId,
                { type: 'RecordEarlierLaunch', data: { listing_id: listingId, at } },
                'commerce',
              );
          }
          await runListing(
            listingId,
            { type: 'HoldListingLaunch', data: { listing_id: listingId, order_number: number, at } },
            'checkout',
          );
          held.push(line);
        }
      } catch (error) {
        await releaseListingLaunches(number, held, 'refused', at);
        throw error;
      }
    },

    /**
     * A checkout's order counts against its account's unpaid orders until it is paid or ends
     * (409 TooManyUnpaidOrdersError at the limit; the same order again counts once).
     */
    openUnpaidOrder: async (
      accountId: string,
      number: string,
      options: { limit: number; expiresAt: string; at: string },
    ): Promise<void> => {
      await runUnpaid(
        accountId,
        {
          type: 'OpenUnpaidOrder',
          data: {
            account_id: accountId,
            order_number: number,
            limit: options.limit,
            expires_at: options.expiresAt,
            at: options.at,
          },
        },
        'checkout',
      );
    },

    /** the order no longer counts against its account's unpaid orders (again: nothing) */
    closeUnpaidOrder: async (accountId: string, number: string, reason: UnpaidOrderCloseReason, at: string) => {
      await runUnpaid(
        accountId,
        { type: 'CloseUnpaidOrder', data: { account_id: accountId, order_number: number, reason, at } },
        'commerce',
      );
    },

    /** an unpaid order (expired, refused, abandoned) gives back its week slots and any listing launch it took */
    releaseAll: async (
      number: string,
      lines: readonly OrderLineData[],
      reason: 'expired' | 'refused',
      at: string,
    ): Promise<void> => {
      await releaseWeeks(number, lines, reason, at);
      await releaseListingLaunches(number, lines, reason, at);
    },
    releaseWeeks,
  };
};
export type LaunchRules = ReturnType<typeof createLaunchRules>;
