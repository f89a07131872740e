/**
 * The behaviour every adapter of the edge's two shared-state ports must show (rate-limit counters
 * and idempotency records), as vitest suites. An adapter's test calls the describe function with a
 * factory; every test gets fresh keys, so adapters may share one bucket.
 */

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import { type IdempotencyStore, runIdempotent, type StoredResponse } from './idempotency.ts';
import { createRateLimiter, type RateLimitCounter } from './rate-limit.ts';

export const describeRateLimitCounterContract = (
  name: string,
  open: (clock: ReturnType<typeof manualClock>) => Promise<RateLimitCounter>,
) =>
  describe(`rate-limit counter contract: ${name}`, () => {
    const policy = { name: 'contract', limit: 3, windowSeconds: 60 };

    it('when a bucket is hit past its limit then it is refused until the next window, other buckets are not', async () => {
      const clock = manualClock('2026-03-02T10:00:15Z');
      const counter = await open(clock);
      const limiter = createRateLimiter({ counter, clock });
      const bucket = `ip:${randomUUID()}`;
      try {
        const decisions = [];
        for (let i = 0; i < 4; i++) decisions.push(await limiter.hit(bucket, policy));
        expect(decisions.map((d) => [d.allowed, d.remaining, d.resetSeconds])).toEqual([
          [true, 2, 45],
          [true, 1, 45],
          [true, 0, 45],
          [false, 0, 45],
        ]);
        expect((await limiter.hit(`ip:${randomUUID()}`, policy)).allowed).toBe(true);
        clock.advance(45_000);
        expect(await limiter.hit(bucket, policy)).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 60 });
      } finally {
        await counter.close();
      }
    });

    it('when many hits on one key race then every hit is counted once', async () => {
      const clock = manualClock('2026-03-02T10:00:00Z');
      const counter = await open(clock);
      const key = `race.${randomUUID().replaceAll('-', '')}.1`;
      try {
        const counts = await Promise.all(
          Array.from({ length: 20 }, () => counter.increment(key, clock.now().getTime() + 60_000)),
        );
        expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      } finally {
        await counter.close();
      }
    });
  });

export const describeIdempotencyStoreContract = (name: string, open: () => Promise<IdempotencyStore>) =>
  describe(`idempotency store contract: ${name}`, () => {
    const created = (id: number): StoredResponse => ({ status: 201, contentType: 'application/json', body: { id } });
    const setup = async () => {
      const clock = manualClock('2026-03-02T10:00:00Z');
      const store = await open();
      const options = { store, clock, retentionMs: 60_000, inFlightLeaseMs: 10_000 };
      const scope = randomUUID();
      let runs = 0;
      const call = (key: string, fingerprint = 'f1', response?: StoredResponse) =>
        runIdempotent(options, {
          scope,
          key,
          fingerprint,
          run: async () => {
            runs += 1;
            return response ?? created(runs);
          },
        });
      return { clock, store, options, scope, call, runs: () => runs };
    };

    it('when the same key and request come again then the first response is replayed and nothing runs', async () => {
      const { store, call, runs } = await setup();
      try {
        expect(await call('k')).toEqual({ kind: 'ran', response: created(1) });
        expect(await call('k')).toEqual({ kind: 'replayed', response: created(1) });
        expect(runs()).toBe(1);
        expect(await call('k', 'f2')).toEqual({ kind: 'mismatch' });
        expect(await call('other')).toEqual({ kind: 'ran', response: created(2) });
      } finally {
        await store.close();
      }
    });

    it('when the retention has passed then the key is free again', async () => {
      const { store, clock, call } = await setup();
      try {
        await call('k');
        clock.advance(59_000);
        expect((await call('k')).kind).toBe('replayed');
        clock.advance(2_000);
        expect(await call('k', 'f2')).toEqual({ kind: 'ran', response: created(2) });
      } finally {
        await store.close();
      }
    });

    it('when the first answer is a 5xx then it is not kept and the retry runs', async () => {
      const { store, call } = await setup();
      try {
        const failed = { status: 503, contentType: 'application/problem+json', body: {} };
        expect(await call('k', 'f1', failed)).toEqual({ kind: 'ran', response: failed });
        expect(await call('k')).toEqual({ kind: 'ran', response: created(2) });
      } finally {
        await store.close();
      }
    });

    it('when the first is still running then the same key is in flight, and only one of racing claims wins', async () => {
      const { store, options, scope, clock } = await setup();
      try {
        let release: () => void = () => {};
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        let started: () => void = () => {};
        const running = new Promise<void>((resolve) => {
          started = resolve;
        });
        const first = runIdempotent(options, {
          scope,
          key: 'slow',
          fingerprint: 'f',
          run: async () => {
            started();
            await gate;
            return created(1);
          },
        });
        await running;
        const racing = await Promise.all(
          Array.from({ length: 5 }, () =>
            runIdempotent(options, { scope, key: 'slow', fingerprint: 'f', run: async () => created(99) }),
          ),
        );
        expect(racing.map((o) => o.kind)).toEqual(Array(5).fill('in_flight'));
        release();
        expect(await first).toEqual({ kind: 'ran', response: created(1) });

        // a crashed edge's claim is freed once its lease is over
        const id = randomUUID();
        const claim = await store.claim(
          id,
          { state: 'in_flight', fingerprint: 'f', expiresAtMs: clock.now().getTime() + 10 },
          clock.now().getTime(),
        );
        expect(claim).toEqual({ claimed: true });
        const claims = await Promise.all(
          Array.from({ length: 5 }, () =>
            store.claim(
              id,
              { state: 'in_flight', fingerprint: 'g', expiresAtMs: clock.now().getTime() + 60_000 },
              clock.now().getTime() + 20,
            ),
          ),
        );
        expect(claims.filter((c) => c.claimed)).toHaveLength(1);
      } finally {
        await store.close();
      }
    });
  });
