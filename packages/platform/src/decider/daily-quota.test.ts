import { describe, expect, it } from 'vitest';
import type { EventStore } from '../event-store/event-store.ts';
import { openMemoryEventStore } from '../event-store/memory-event-store.ts';
import {
  DAILY_QUOTA_DAYS_KEPT,
  DailyLimitError,
  type DailyQuotaEvent,
  dailyQuotaDecider,
  dailyQuotaStream,
  useDailyQuota,
} from './daily-quota.ts';
import { deciderSpec } from './specification.ts';

const AT = '2030-01-02T23:00:00.000Z';
const used = (key: string): DailyQuotaEvent => ({
  type: 'DailyQuotaUsed',
  data: { account_id: 'acct-a', day: '2030-01-02', key, at: AT },
});
const use = (key: string) => ({
  type: 'UseDailyQuota' as const,
  data: { account_id: 'acct-a', key, limit: 2, at: AT },
});

describe('daily quota decider', () => {
  const spec = deciderSpec(dailyQuotaDecider('start a draft', 'DRAFTS_PER_ACCOUNT_PER_DAY'));

  it('when the account has room today then the key is counted', () => {
    spec
      .given([used('a')])
      .when(use('b'))
      .then([used('b')]);
  });
  it('when the day is used up then 429 names the limit and when it comes back', () => {
    spec
      .given([used('a'), used('b')])
      .when(use('c'))
      .thenThrows(DailyLimitError, /start a draft at most 2 times a day \(DRAFTS_PER_ACCOUNT_PER_DAY\).*in 3600 s/);
  });
  it('when a counted key comes again (a retry) then nothing is counted, even at the limit', () => {
    spec
      .given([used('a'), used('b')])
      .when(use('a'))
      .then([]);
  });
  it('when the UTC day changes then the stream changes: a new allowance', () => {
    expect(dailyQuotaStream('daily-drafts', 'acct-a', AT)).toBe('daily-drafts-acct-a-2030-01-02');
    expect(dailyQuotaStream('daily-drafts', 'acct-a', '2030-01-03T00:00:00.000Z')).toBe(
      'daily-drafts-acct-a-2030-01-03',
    );
    expect(new DailyLimitError('x', 2, 'S', AT)).toMatchObject({ status: 429, retryAfterSeconds: 3600 });
  });
});

describe('a day of many uses', () => {
  const decider = dailyQuotaDecider('start a draft', 'DRAFTS_PER_ACCOUNT_PER_DAY');
  it('when a use is folded then it links to the keys before it without copying them (a day folds in linear time)', () => {
    const folded = Array.from({ length: 5_000 }, (_, n) => used(`draft-${n}`)).reduce(
      decider.evolve,
      decider.initialState,
    );
    const next = decider.evolve(folded, used('draft-5000'));
    expect(next.size).toBe(5_001);
    expect(next.newest?.before).toBe(folded.newest);
    expect(decider.decide({ ...use('draft-17'), data: { ...use('draft-17').data, limit: 10_000 } }, next)).toEqual([]);
    expect(() =>
      decider.decide({ ...use('draft-new'), data: { ...use('x').data, key: 'draft-new', limit: 5_001 } }, next),
    ).toThrow(DailyLimitError);
  });
});

describe('useDailyQuota keeps each day it folded', () => {
  const counting = (store: EventStore) => {
    const reads: string[] = [];
    const wrapped: EventStore = {
      ...store,
      readStream: (stream) => {
        reads.push(stream);
        return store.readStream(stream);
      },
    };
    return { store: wrapped, reads };
  };
  const useFor = (store: EventStore, key: string, limit: number, accountId = 'acct-a') =>
    useDailyQuota({
      store,
      category: 'daily-drafts',
      what: 'start a draft',
      setting: 'DRAFTS_PER_ACCOUNT_PER_DAY',
      accountId,
      key,
      limit,
      at: AT,
    });

  it('when an account uses its day many times then the day is read once, not once per use', async () => {
    const { store, reads } = counting(openMemoryEventStore());
    for (let n = 0; n < 50; n++) await useFor(store, `draft-${n}`, 1_000);
    expect(reads).toEqual(['daily-drafts-acct-a-2030-01-02']);
    expect(await store.readStream('daily-drafts-acct-a-2030-01-02')).toHaveLength(50);
    // a retried key is still free, and the limit still counts the kept day
    await useFor(store, 'draft-7', 50);
    await expect(useFor(store, 'draft-new', 50)).rejects.toThrow(DailyLimitError);
  });

  it('when another writer (a second replica) used the day since then the conflict reads it and the limit holds', async () => {
    const shared = openMemoryEventStore();
    const one = counting(shared);
    const other = counting(shared);
    await useFor(one.store, 'a', 3);
    await useFor(one.store, 'b', 3);
    await useFor(other.store, 'c', 3);
    await expect(useFor(one.store, 'd', 3)).rejects.toThrow(DailyLimitError);
    expect(await shared.readStream('daily-drafts-acct-a-2030-01-02')).toHaveLength(3);
    // the kept day was stale: its append conflicted, and the day was read again
    expect(one.reads).toHaveLength(2);
  });

  it('when uses of one day run at once then each is counted once, and a conflict takes the fold its winner kept', async () => {
    const { store, reads } = counting(openMemoryEventStore());
    await Promise.all(Array.from({ length: 20 }, (_, n) => useFor(store, `draft-${n}`, 1_000)));
    reads.length = 0;
    await Promise.all(Array.from({ length: 20 }, (_, n) => useFor(store, `draft-${n + 5}`, 1_000)));
    expect(reads).toEqual([]);
    expect(await store.readStream('daily-drafts-acct-a-2030-01-02')).toHaveLength(25);
  });

  it('when more days are kept than DAILY_QUOTA_DAYS_KEPT then the one kept longest ago is dropped and read again', async () => {
    const { store, reads } = counting(openMemoryEventStore());
    for (let n = 0; n <= DAILY_QUOTA_DAYS_KEPT; n++) await useFor(store, 'draft', 10, `acct-${n}`);
    reads.length = 0;
    await useFor(store, 'draft-2', 10, `acct-${DAILY_QUOTA_DAYS_KEPT}`);
    expect(reads).toEqual([]);
    await useFor(store, 'draft-2', 10, 'acct-0');
    expect(reads).toEqual(['daily-drafts-acct-0-2030-01-02']);
  });
});
