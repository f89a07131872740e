import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '../testing/nats-server.ts';
import { describeIdempotencyStoreContract, describeRateLimitCounterContract } from './edge-stores.contract.ts';
import { connectNatsIdempotencyStore, createMemoryIdempotencyStore } from './idempotency.ts';
import { connectNatsRateLimitCounter } from './nats-rate-limit-counter.ts';
import { createMemoryRateLimitCounter, createRateLimiter } from './rate-limit.ts';

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

  it('when two replicas hit one key in bursts then every hit is counted exactly once across both', async () => {
    const open = () => connectNatsRateLimitCounter({ servers: server.url, bucket: `${bucket}_rl`, ttlMs: 120_000 });
    const [a, b] = await Promise.all([open(), open()]);
    const key = `burst.${randomUUID().replaceAll('-', '')}.1`;
    const expires = Date.now() + 60_000;
    try {
      const counts = await Promise.all([
        ...Array.from({ length: 100 }, () => a.increment(key, expires)),
        ...Array.from({ length: 100 }, () => b.increment(key, expires)),
      ]);
      expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    } finally {
      await a.close();
      await b.close();
    }
  });
});
