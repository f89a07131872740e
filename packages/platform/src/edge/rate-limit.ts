import { createHash } from 'node:crypto';
import type { Clock } from '../clock.ts';

/** `limit` requests per `windowSeconds` for one bucket (a credential, or an IP when anonymous). */
export interface RateLimitPolicy {
  /** the policy name shown in the `RateLimit` / `RateLimit-Policy` headers */
  readonly name: string;
  readonly limit: number;
  readonly windowSeconds: number;
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly policy: RateLimitPolicy;
  readonly remaining: number;
  /** seconds until the current window ends and the quota is whole again */
  readonly resetSeconds: number;
}

/**
 * The counter store behind the limiter: counts hits on a key that lives for one window. Shared by
 * every gateway replica (NATS KV) in cluster and production mode, in memory in all-in-one mode.
 */
export interface RateLimitCounter {
  /**
   * adds one hit to `key` (one window of one bucket) and returns the count including it. With
   * `limit`, a shared counter may answer with its own estimate while that is well under the limit
   * (writing the hit in the background); near the limit it answers with the shared count. A count
   * known at once comes back as it is, not as a promise.
   */
  increment(key: string, expiresAtMs: number, options?: { readonly limit?: number }): number | Promise<number>;
  close(): Promise<void>;
}

export interface RateLimiter {
  /**
   * never throws or rejects: when the shared counter cannot be reached the call is allowed (see
   * createRateLimiter). The decision comes at once, not as a promise, when the counter's count does.
   */
  hit(bucket: string, policy: RateLimitPolicy): RateLimitDecision | Promise<RateLimitDecision>;
}

/**
 * Fixed windows aligned on the epoch: every replica agrees on where a window starts. When the
 * counter store fails (NATS down, endless contention), the call is allowed and the failure is
 * reported through `onCounterError`: a rate limiter must not turn a broker hiccup into an outage.
 */
export const createRateLimiter = (options: {
  counter: RateLimitCounter;
  clock: Clock;
  onCounterError?: (error: unknown) => void;
}): RateLimiter => ({
  hit: (bucket, policy) => {
    const now = options.clock.now().getTime();
    const windowMs = policy.windowSeconds * 1000;
    const window = Math.floor(now / windowMs);
    const windowEnd = (window + 1) * windowMs;
    const key = `${policy.name}.${hashBucket(bucket)}.${window}`;
    const decide = (count: number): RateLimitDecision => ({
      allowed: count <= policy.limit,
      policy,
      remaining: Math.max(0, policy.limit - count),
      resetSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
    });
    const allowAnyway = (error: unknown): RateLimitDecision => {
      options.onCounterError?.(error);
      return decide(0);
    };
    let counted: number | Promise<number>;
    try {
      counted = options.counter.increment(key, windowEnd, { limit: policy.limit });
    } catch (error) {
      return allowAnyway(error);
    }
    return typeof counted === 'number' ? decide(counted) : counted.then(decide, allowAnyway);
  },
});

const hashedBuckets = new Map<string, string>();

/**
 * bucket names carry credential ids and IPs: hashed so they are valid KV keys and say nothing.
 * The same few buckets come back on every request, so hashes are remembered (bounded).
 */
const hashBucket = (bucket: string): string => {
  let hash = hashedBuckets.get(bucket);
  if (hash === undefined) {
    if (hashedBuckets.size >= 10_000) hashedBuckets.clear();
    hash = createHash('sha256').update(bucket).digest('hex').slice(0, 32);
    hashedBuckets.set(bucket, hash);
  }
  return hash;
};

/** the `RateLimit-Policy` value of a policy (`"<name>";q=<limit>;w=<window>`): made once per policy */
const policyValues = new WeakMap<RateLimitPolicy, string>();
export const rateLimitPolicyValue = (policy: RateLimitPolicy): string => {
  let value = policyValues.get(policy);
  if (value === undefined) {
    value = `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`;
    policyValues.set(policy, value);
  }
  return value;
};

/** the `RateLimit` value of a decision: `"<name>";r=<remaining>;t=<reset s>` */
export const rateLimitValue = (decision: RateLimitDecision): string =>
  `"${decision.policy.name}";r=${decision.remaining};t=${decision.resetSeconds}`;

/**
 * The IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers, structured fields), plus
 * `Retry-After` when refused.
 */
export const rateLimitHeaders = (decision: RateLimitDecision): Record<string, string> => ({
  'RateLimit-Policy': rateLimitPolicyValue(decision.policy),
  RateLimit: rateLimitValue(decision),
  ...(decision.allowed ? {} : { 'Retry-After': String(decision.resetSeconds) }),
});

/** In-memory counters (all-in-one mode and tests); expired windows are swept as time passes. */
export const createMemoryRateLimitCounter = (options: { clock: Clock }): RateLimitCounter => {
  const counts = new Map<string, { count: number; expiresAtMs: number }>();
  let nextSweep = 0;
  return {
    increment: (key, expiresAtMs) => {
      const now = options.clock.now().getTime();
      if (now >= nextSweep) {
        for (const [k, v] of counts) if (v.expiresAtMs <= now) counts.delete(k);
        nextSweep = now + 60_000;
      }
      const entry = counts.get(key);
      if (!entry || entry.expiresAtMs <= now) {
        counts.set(key, { count: 1, expiresAtMs });
        return 1;
      }
      entry.count += 1;
      return entry.count;
    },
    close: async () => counts.clear(),
  };
};
