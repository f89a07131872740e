import { VOTE_RATE_LIMITS } from '@listings/contracts';
import type { Clock } from '../clock.ts';
import type { EdgeConfig } from './config.ts';
import { connectNatsIdempotencyStore, createMemoryIdempotencyStore, type IdempotencyStore } from './idempotency.ts';
import { connectNatsRateLimitCounter } from './nats-rate-limit-counter.ts';
import { createMemoryRateLimitCounter, type RateLimitCounter } from './rate-limit.ts';

/** The state both edges (REST and MCP) share: idempotency records and rate-limit counters. */
export interface EdgeStores {
  readonly idempotencyStore: IdempotencyStore;
  readonly rateLimitCounter: RateLimitCounter;
  close(): Promise<void>;
}

/**
 * Counters live twice the longest window, so a window's count outlives the window itself. The
 * bucket's TTL is set by whichever edge makes it first, so every edge computes the same one: the
 * gateways' policies and the web edge's vote limits.
 */
export const rateLimitCounterTtlMs = (edge: EdgeConfig): number =>
  Math.max(
    VOTE_RATE_LIMITS.perAccount.windowSeconds,
    VOTE_RATE_LIMITS.perIp.windowSeconds,
    edge.rateLimitAuthenticated.windowSeconds,
    edge.rateLimitAnonymous.windowSeconds,
    edge.rateLimitSignIn.windowSeconds,
    edge.rateLimitToken.windowSeconds,
  ) * 2000;

/**
 * NATS KV buckets when there is NATS (shared by every replica of both edges), memory otherwise.
 * In all-in-one mode the launcher opens one set and hands it to both edges, so a key or a quota
 * means the same over REST and MCP.
 */
export const openEdgeStores = async (options: {
  readonly natsUrl: string | null;
  readonly edge: EdgeConfig;
  readonly clock: Clock;
}): Promise<EdgeStores> => {
  if (!options.natsUrl) {
    const idempotencyStore = createMemoryIdempotencyStore();
    const rateLimitCounter = createMemoryRateLimitCounter({ clock: options.clock });
    return {
      idempotencyStore,
      rateLimitCounter,
      close: async () => {
        await idempotencyStore.close();
        await rateLimitCounter.close();
      },
    };
  }
  const rateLimitCounter = await connectNatsRateLimitCounter({
    servers: options.natsUrl,
    ttlMs: rateLimitCounterTtlMs(options.edge),
  });
  const idempotencyStore = await connectNatsIdempotencyStore({ servers: options.natsUrl });
  return {
    idempotencyStore,
    rateLimitCounter,
    close: async () => {
      await rateLimitCounter.close();
      await idempotencyStore.close();
    },
  };
};
