import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '../testing/nats-server.ts';
import { describeIdempotencyStoreContract, describeRateLimitCounterContract } from './edge-stores.contract.ts';
import { connectNatsIdempotencyStore, createMemoryIdempotencyStore } from './idempotency.ts';
import { connectNatsRateLimitCounter } from './nats-rate-limit-counter.ts';
import { createMemoryRateLimitCounter } from './rate-limit.ts';

describeRateLimitCounterContract('memory', async (clock) => createMemoryRateLimitCounter({ clock }));
describeIdempotencyStoreContract('memory', async () => createMemoryIdempotencyStore());

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
});
