import { isRevisionConflict, openNatsKvBucket } from './nats-kv.ts';
import type { RateLimitCounter } from './rate-limit.ts';

const MAX_ATTEMPTS = 50;

interface KeyState {
  /** last value and revision this replica saw: the next compare-and-set tries them first */
  known: { value: number; revision: number } | null;
  /** increments waiting for the next write, each resolved with its own count */
  pending: { resolve: (count: number) => void; reject: (error: unknown) => void }[];
  writing: boolean;
  /** counts this replica reserved and has not handed out yet: `next` to `last` */
  lease: { next: number; last: number } | null;
  /** the caller's limit, when it gave one: sizes the reservations */
  limit: number | undefined;
  /** when the key's window ends: the state is forgotten after that */
  expiresAtMs: number;
}

/**
 * Rate-limit counters in a NATS KV bucket, shared by every gateway replica. Increments are
 * compare-and-set on the entry's revision. Within one replica, increments of a key that arrive
 * while a write is in flight are coalesced into the next write (one CAS adds them all), so a burst
 * on one key costs a few round trips instead of a storm of conflicting ones; the last revision
 * seen is tried first, so an uncontended increment is a single round trip.
 *
 * When the caller gives its limit, a write far from the limit reserves a block of counts (a
 * twentieth of the limit) instead of only the hits waiting: the next hits take their counts from
 * that block at once, without a round trip. Counts stay unique across replicas and the shared
 * count always includes every hit, so no replica lets a hit past the limit; the cost is that counts
 * a replica reserved and did not use by the window's end are lost (at most a block per replica per
 * window). Near the limit a write reserves only the hits waiting, so the limit is exact.
 */
export const connectNatsRateLimitCounter = async (options: {
  servers: string;
  bucket?: string;
  /** at least the longest window */
  ttlMs: number;
}): Promise<RateLimitCounter> => {
  const { kv, close } = await openNatsKvBucket({
    servers: options.servers,
    bucket: options.bucket ?? 'edge_rate_limits',
    ttlMs: options.ttlMs,
  });
  const keys = new Map<string, KeyState>();
  const encode = (n: number) => new TextEncoder().encode(String(n));

  /** adds `delta` to the stored count, returns the new total */
  const add = async (key: string, state: KeyState, delta: number): Promise<number> => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      try {
        if (state.known) {
          const value = state.known.value + delta;
          const revision = await kv.update(key, encode(value), state.known.revision);
          state.known = { value, revision };
          return value;
        }
        const revision = await kv.create(key, encode(delta));
        state.known = { value: delta, revision };
        return delta;
      } catch (error) {
        if (!isRevisionConflict(error)) throw error;
        // another replica wrote first (or the entry expired): read what is there and try again
        const entry = await kv.get(key);
        state.known =
          entry?.operation === 'PUT'
            ? { value: Number(new TextDecoder().decode(entry.value)), revision: entry.revision }
            : null;
      }
    }
    throw new Error(`rate-limit counter ${key}: too much contention`);
  };

  const drain = async (key: string, state: KeyState): Promise<void> => {
    state.writing = true;
    while (state.pending.length > 0) {
      // hits that came before the last write set up a block take their counts from it first
      while (state.lease && state.pending.length > 0) {
        state.pending.shift()?.resolve(state.lease.next++);
        if (state.lease.next > state.lease.last) state.lease = null;
      }
      if (state.pending.length === 0) break;
      const batch = state.pending.splice(0);
      try {
        const reserve = reservationSize(state, batch.length);
        const total = await add(key, state, reserve);
        // the batch's hits take the first counts of the reservation, in arrival order
        const first = total - reserve + 1;
        batch.forEach((waiter, i) => {
          waiter.resolve(first + i);
        });
        state.lease = first + batch.length <= total ? { next: first + batch.length, last: total } : null;
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
    state.writing = false;
  };

  /** the waiting hits, or a block of a twentieth of the limit when that stays clear of the limit */
  const reservationSize = (state: KeyState, waiting: number): number => {
    if (state.limit === undefined) return waiting;
    const block = Math.max(waiting, Math.ceil(state.limit / 20));
    const known = state.known?.value ?? 0;
    return known + 2 * block <= state.limit ? block : waiting;
  };

  let nextSweep = 0;
  const forgetEnded = (now: number) => {
    if (now < nextSweep) return;
    nextSweep = now + 60_000;
    for (const [key, state] of keys) if (!state.writing && state.expiresAtMs <= now) keys.delete(key);
  };

  return {
    increment: (key, expiresAtMs, options) => {
      forgetEnded(Date.now());
      let state = keys.get(key);
      if (!state) {
        state = { known: null, pending: [], writing: false, expiresAtMs, lease: null, limit: undefined };
        keys.set(key, state);
      }
      state.limit = options?.limit;
      const lease = state.lease;
      if (lease && options?.limit !== undefined) {
        const count = lease.next++;
        if (lease.next > lease.last) state.lease = null;
        return count;
      }
      const keyState = state;
      return new Promise<number>((resolve, reject) => {
        keyState.pending.push({ resolve, reject });
        if (!keyState.writing) void drain(key, keyState);
      });
    },
    close,
  };
};
