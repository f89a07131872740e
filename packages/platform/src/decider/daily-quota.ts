import { DomainError } from '../errors.ts';
import type { EventStore } from '../event-store/event-store.ts';
import { type Decider, type FoldedStream, handleCommand, type KeptFold } from './decider.ts';

/**
 * A per-account daily limit ("an account starts at most N drafts a day") as a stream of its own:
 * `<category>-<account>-<yyyy-mm-dd>` (UTC day), one `DailyQuotaUsed` per thing counted, appended
 * with the expected revision. Two replicas racing for the last unit both read the same revision;
 * one append wins, the other re-reads and is refused, so the limit holds without a shared memory.
 * The thing's own key (a draft id, a claim's listing) counts once, so a retried request is free.
 * The service declares the event in its own events contract.
 */
export type DailyQuotaEvent = {
  type: 'DailyQuotaUsed';
  data: { account_id: string; day: string; key: string; at: string };
};
export type DailyQuotaCommand = {
  type: 'UseDailyQuota';
  data: { account_id: string; key: string; limit: number; at: string };
};
/** the keys counted so far, newest first: each use links to those before it instead of copying them */
export interface UsedKeys {
  readonly key: string;
  readonly before: UsedKeys | null;
}
/**
 * One account's day: how many keys it counted and which. Folding a day of N uses is N steps (a
 * state that copied its set of keys at each event made it N²/2: seconds on the event loop at a few
 * thousand drafts a day, the soak's account).
 */
export interface DailyQuota {
  readonly size: number;
  readonly newest: UsedKeys | null;
}

const counted = (state: DailyQuota, key: string): boolean => {
  for (let used = state.newest; used !== null; used = used.before) if (used.key === key) return true;
  return false;
};

/** the UTC day of an ISO time, `yyyy-mm-dd` */
export const utcDayOf = (at: string): string => new Date(at).toISOString().slice(0, 10);

export const dailyQuotaStream = (category: string, accountId: string, at: string): string =>
  `${category}-${accountId}-${utcDayOf(at)}`;

/** 429: the account used its allowance for the day; it comes back at 00:00 UTC */
export class DailyLimitError extends DomainError {
  readonly limit: number;
  /** seconds until the next UTC day */
  readonly retryAfterSeconds: number;
  constructor(what: string, limit: number, setting: string, at: string) {
    const nextDay = Date.parse(`${utcDayOf(at)}T00:00:00.000Z`) + 86_400_000;
    const retryAfterSeconds = Math.max(1, Math.ceil((nextDay - Date.parse(at)) / 1000));
    super(
      429,
      'daily-limit',
      'Daily limit reached',
      `an account can ${what} at most ${limit} times a day (${setting}); this one has today: try again after 00:00 UTC, in ${retryAfterSeconds} s`,
    );
    this.limit = limit;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** the decider of one account's day; `what` and `setting` name the limit in the refusal */
export const dailyQuotaDecider = (
  what: string,
  setting: string,
): Decider<DailyQuotaCommand, DailyQuota, DailyQuotaEvent> => ({
  initialState: { size: 0, newest: null },
  // a key is in the stream once (decide counts a counted key no more), so each event is a new key
  evolve: (state, event) => ({ size: state.size + 1, newest: { key: event.data.key, before: state.newest } }),
  decide: (command, state) => {
    const { account_id, key, limit, at } = command.data;
    if (counted(state, key)) return [];
    if (state.size >= limit) throw new DailyLimitError(what, limit, setting, at);
    return [{ type: 'DailyQuotaUsed', data: { account_id, day: utcDayOf(at), key, at } }];
  },
});

/** the days (account streams) whose fold a store's users keep, the one kept longest ago dropped first */
export const DAILY_QUOTA_DAYS_KEPT = 1_000;
/**
 * Each store's days as last folded or appended here: a use decides on the day it kept and appends
 * with its revision, so a busy account's day is read once, not once per use (reading a day of N
 * uses per use was N events decoded per draft, most of the all-in-one's old-generation garbage
 * under the soak). A use by another process conflicts and reads the day again; a kept day is a
 * prefix of the stream, so its refusals (the limit reached, a key counted) stay true.
 */
const keptDays = new WeakMap<EventStore, Map<string, FoldedStream<DailyQuota>>>();

const keptDay = (store: EventStore, stream: string): KeptFold<DailyQuota> => {
  const days = keptDays.get(store) ?? new Map<string, FoldedStream<DailyQuota>>();
  keptDays.set(store, days);
  return {
    get: () => days.get(stream),
    keep: (folded) => {
      const kept = days.get(stream);
      // a slower read of an older revision does not replace a newer fold
      if (kept && kept.revision > folded.revision) return;
      days.delete(stream);
      if (days.size >= DAILY_QUOTA_DAYS_KEPT) days.delete(days.keys().next().value as string);
      days.set(stream, folded);
    },
  };
};

/** counts `key` against the account's allowance for the day of `at` (429 DailyLimitError past `limit`) */
export const useDailyQuota = async (options: {
  readonly store: EventStore;
  /** the stream category, e.g. `daily-drafts` */
  readonly category: string;
  /** what is counted, for the refusal: "start a draft" */
  readonly what: string;
  /** the setting that holds the limit, for the refusal: `DRAFTS_PER_ACCOUNT_PER_DAY` */
  readonly setting: string;
  readonly accountId: string;
  readonly key: string;
  readonly limit: number;
  readonly at: string;
}): Promise<void> => {
  const stream = dailyQuotaStream(options.category, options.accountId, options.at);
  await handleCommand({
    store: options.store,
    stream,
    decider: dailyQuotaDecider(options.what, options.setting),
    command: {
      type: 'UseDailyQuota',
      data: { account_id: options.accountId, key: options.key, limit: options.limit, at: options.at },
    },
    metadata: { by: options.accountId },
    // each conflict is another request of the same account's day: a few dozen settle well within this
    retries: 100,
    kept: keptDay(options.store, stream),
  });
};
