import { isRevisionConflict, openNatsKvBucket } from './nats-kv.ts';
import type { RateLimitCounter } from './rate-limit.ts';

const MAX_ATTEMPTS = 50;

/**
 * Rate-limit counters in a NATS KV bucket, shared by every gateway replica: increments are
 * compare-and-set on the entry's revision, retried when another replica won the race.
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
  return {
    increment: async (key) => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const entry = await kv.get(key);
        try {
          if (entry?.operation !== 'PUT') {
            await kv.create(key, new TextEncoder().encode('1'));
            return 1;
          }
          const count = Number(new TextDecoder().decode(entry.value)) + 1;
          await kv.update(key, new TextEncoder().encode(String(count)), entry.revision);
          return count;
        } catch (error) {
          if (!isRevisionConflict(error)) throw error;
        }
      }
      throw new Error(`rate-limit counter ${key}: too much contention`);
    },
    close,
  };
};
