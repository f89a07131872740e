import { isRevisionConflict, openNatsKvBucket } from './nats-kv.ts';
import type { RateLimitCounter } from './rate-limit.ts';

const MAX_ATTEMPTS = 50;

interface KeyState {
  /** last value and revision this replica saw: the next compare-and-set tries them first */
  known: { value: number; revision: number } | null;
  /** increments waiting for the next write, each resolved with its own count */
  pending: { resolve: (count: number) => void; reject: (error: unknown) => void }[];
  writing: boolean;
  /** when the key's window ends: the state is forgotten after that */
  expiresAtMs: number;
}

/**
 * Rate-limit counters in a NATS KV bucket, shared by every gateway replica. Increments are
 * compare-and-set on the entry's revision. Within one replica, increments of a key that arrive
 * while a write is in flight are coalesced into the next write (one CAS adds them all), so a burst
 * on one key costs a few round trips instead of a storm of conflicting ones; the last revision
 * seen is tried first, so an uncontended increment is a single round trip.
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
      const batch = state.pending.splice(0);
      try {
        const total = await add(key, state, batch.length);
        // the batch's hits are the last `batch.length` counts up to the total, in arrival order
        batch.forEach((waiter, i) => {
          waiter.resolve(total - batch.length + 1 + i);
        });
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
    state.writing = false;
  };

  let nextSweep = 0;
  const forgetEnded = (now: number) => {
    if (now < nextSweep) return;
    nextSweep = now + 60_000;
    for (const [key, state] of keys) if (!state.writing && state.expiresAtMs <= now) keys.delete(key);
  };

  return {
    increment: (key, expiresAtMs) =>
      new Promise<number>((resolve, reject) => {
        forgetEnded(Date.now());
        let state = keys.get(key);
        if (!state) {
          state = { known: null, pending: [], writing: false, expiresAtMs };
          keys.set(key, state);
        }
        state.pending.push({ resolve, reject });
        if (!state.writing) void drain(key, state);
      }),
    close,
  };
};
