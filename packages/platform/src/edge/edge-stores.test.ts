import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '../testing/nats-server.ts';
import { describeIdempotencyStoreContract, describeRateLimitCounterContract } from './edge-stores.contract.ts';
import { connectNatsIdempotencyStore, createMemoryIdempotencyStore } from './idempotency.ts';
import { connectNatsRateLimitCounter } from './nats-rate-limit-counter.ts';
import { createMemoryRateLimitCounter, createRateLimiter, type RateLimitCounter } from './rate-limit.ts';

describeRateLimitCounterContract('memory', async (clock) => createMemoryRateLimitCounter({ clock }));
describeIdempotencyStoreContract('memory', async () => createMemoryIdempotencyStore());

describe('rate limiter', () => {
  it('when the shared counter fails then the call is allowed and the failure reported, not thrown', async () => {
    const clock = manualClock('2026-03-02T10:00:00Z');
    const failures: unknown[] = [];
    const limiter = createRateLimiter({
      clock,
      counter: { increment: async () => Promise.reject(new Error('nats down')), close: async () => {} },
      onCounterError: (error) => failures.push(error),
    });
    const decision = await limiter.hit('ip:1', { name: 'p', limit: 1, windowSeconds: 60 });
    expect(decision.allowed).toBe(true);
    expect(failures).toHaveLength(1);
  });
});

const available = natsServerAvailable();
if (!available) console.warn('skipping the NATS KV edge store tests: nats-server is not on PATH');

describe.skipIf(!available)('NATS KV', () => {
  let server: RunningNatsServer;
  beforeAll(async () => {
    server = await startNatsServer({ jetstream: true });
  });
  afterAll(async () => {
    await server?.stop();
  });
  // each test opens its own connection on a shared bucket (keys are fresh per test), as replicas do
  const bucket = `edge_contract_${randomUUID().slice(0, 8)}`;
  describeRateLimitCounterContract('NATS KV', async () =>
    connectNatsRateLimitCounter({ servers: server.url, bucket: `${bucket}_rl`, ttlMs: 120_000 }),
  );
  describeIdempotencyStoreContract('NATS KV', async () =>
    connectNatsIdempotencyStore({ servers: server.url, bucket: `${bucket}_ik` }),
  );

  /** two replicas (connections) on the shared bucket and a fresh key of one window */
  const withTwoReplicas = async (
    prefix: string,
    run: (a: RateLimitCounter, b: RateLimitCounter, key: string, expires: number) => Promise<void>,
  ) => {
    const open = () => connectNatsRateLimitCounter({ servers: server.url, bucket: `${bucket}_rl`, ttlMs: 120_000 });
    const [a, b] = await Promise.all([open(), open()]);
    try {
      await run(a, b, `${prefix}.${randomUUID().replaceAll('-', '')}.1`, Date.now() + 60_000);
    } finally {
      await a.close();
      await b.close();
    }
  };

  it('when two replicas hit one key in bursts then every hit is counted exactly once across both', () =>
    withTwoReplicas('burst', async (a, b, key, expires) => {
      const counts = await Promise.all([
        ...Array.from({ length: 100 }, () => a.increment(key, expires)),
        ...Array.from({ length: 100 }, () => b.increment(key, expires)),
      ]);
      expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    }));

  it('when hits are far under the limit then a block of counts is reserved and handed out without a round trip', () =>
    withTwoReplicas('lease', async (a, b, key, expires) => {
      // limit 1000: the first write reserves counts 1-50 for replica a
      expect(await a.increment(key, expires, { limit: 1000 })).toBe(1);
      // the other replica's next write lands after a's block
      expect(await b.increment(key, expires, { limit: 1000 })).toBe(51);
      // a hands out 2-50 from its block: answered in order, unique, and all below b's counts
      const fromBlock = await Promise.all(Array.from({ length: 49 }, () => a.increment(key, expires, { limit: 1000 })));
      expect(fromBlock).toEqual(Array.from({ length: 49 }, (_, i) => i + 2));
      // the shared count includes every reserved count: an exact hit sees 1-50, b's block (51-100) and itself
      expect(await a.increment(key, expires)).toBe(101);
    }));

  it('when two replicas burst on one key with a limit then no count is handed out twice and at most the limit is allowed', () =>
    withTwoReplicas('lease-burst', async (a, b, key, expires) => {
      const burst = () => [
        ...Array.from({ length: 40 }, () => a.increment(key, expires, { limit: 100 })),
        ...Array.from({ length: 40 }, () => b.increment(key, expires, { limit: 100 })),
      ];
      const counts = [...(await Promise.all(burst())), ...(await Promise.all(burst()))];
      expect(new Set(counts).size).toBe(counts.length);
      const allowed = counts.filter((count) => count <= 100).length;
      expect(allowed).toBeLessThanOrEqual(100);
      expect(allowed).toBeGreaterThanOrEqual(100 - 2 * 5); // at most a block of 5 per replica is left unused
    }));

  it('when hits come near the limit then each waits for the shared count, across replicas', () =>
    withTwoReplicas('near-limit', async (a, b, key, expires) => {
      // limit 10: a block would be a twentieth of it, one count, so every write reserves only the hits waiting
      for (let i = 0; i < 9; i++) await (i % 2 ? a : b).increment(key, expires, { limit: 10 });
      const counts = await Promise.all([
        ...Array.from({ length: 15 }, () => a.increment(key, expires, { limit: 10 })),
        ...Array.from({ length: 15 }, () => b.increment(key, expires, { limit: 10 })),
      ]);
      expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 10));
    }));
});
