import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type ClaimVerifiedEventData,
  claimVerifiedEvent,
  getListingForClaim,
  type OperationReply,
  operationById,
} from '@listings/contracts';
import { type Bus, connectNatsBus } from '@listings/platform/bus';
import { openSqliteEventStore } from '@listings/platform/event-store';
import { createLogger, type Logger } from '@listings/platform/logger';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '@listings/platform/testing/nats-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClaims } from '../src/main.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read reply bodies freely
type Body = any;

/** a logger that counts the operations this replica answered */
const countingLogger = (): { logger: Logger; served: () => number } => {
  let served = 0;
  const logger = createLogger({
    name: 'claims-replica',
    level: 'info',
    destination: {
      write: (line: string) => {
        if (line.includes('"msg":"operation"')) served++;
      },
    },
  });
  return { logger, served: () => served };
};

type FakeListing = {
  listing_id: number;
  slug: string;
  status: string;
  url: string;
  owners: string[];
  verified: boolean;
  /** every account a claim_verified event named as the verified owner */
  recorded: string[];
};

const available = natsServerAvailable();
if (!available) console.warn('claims replicas test skipped: nats-server is not on the PATH');

/**
 * Two claims replicas in cluster mode: each its own NATS connection and its own connection to the
 * same SQLite event store file; a real nats-server spreads requests over them (queue group). The
 * catalog is a fake on the bus, so only the claims rules are under test.
 */
describe.skipIf(!available)('claims with two replicas over a real nats-server', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'claims-replicas-'));
  let nats: RunningNatsServer;
  const buses: Bus[] = [];
  let client: Bus;
  const replicas: Awaited<ReturnType<typeof startClaims>>[] = [];
  const counters = [countingLogger(), countingLogger()];
  const listings = new Map<string, FakeListing>();
  /** listing id → called when the fake catalog consumed a claim_verified event for it */
  const heard = new Map<number, () => void>();
  const catalogHears = (listingId: number) =>
    new Promise<void>((resolve) => {
      if ([...listings.values()].some((l) => l.listing_id === listingId && l.verified)) resolve();
      else heard.set(listingId, resolve);
    });
  /** every TXT record is there: every dns check passes */
  const published: string[][] = [];

  const call = async (operationId: string, account: string, input: { params?: object; body?: object }) => {
    const op = operationById(operationId);
    if (!op) throw new Error(operationId);
    const reply = (await client.request(op.subject, {
      operation_id: operationId,
      principal: { account_id: account, scopes: ['account:read', 'listings:write'], via: 'api_key' },
      params: input.params ?? {},
      query: {},
      ...(input.body ? { body: input.body } : {}),
    })) as OperationReply;
    return { status: reply.status, body: ('body' in reply ? reply.body : reply.problem) as Body };
  };
  const listing = (slug: string): FakeListing => {
    const l = {
      listing_id: listings.size + 1,
      slug,
      status: 'live',
      url: `https://${slug}.example/`,
      owners: ['founder'],
      verified: false,
      recorded: [],
    };
    listings.set(slug, l);
    return l;
  };
  /** the claim events of a listing, as the shared event store has them */
  const claimEvents = async (listingId: number) => {
    const store = openSqliteEventStore({ path: path.join(dataDir, 'claims', 'events.sqlite') });
    try {
      return (await store.readStream(`listing-claims-${listingId}`)).map((e) => ({
        type: e.type,
        ...(e.data as { claim_id: number; account_id?: string }),
      }));
    } finally {
      await store.close();
    }
  };

  beforeAll(async () => {
    nats = await startNatsServer();
    const connect = async (name: string) => {
      const bus = await connectNatsBus({ servers: nats.url, name });
      buses.push(bus);
      return bus;
    };
    const catalog = await connect('fake-catalog');
    await catalog.serve(getListingForClaim.subject, async (request) => {
      const found = listings.get((request as { slug: string }).slug);
      return found
        ? { status: 200, body: { ...found, recorded: undefined } }
        : { status: 404, problem: { type: 'x', title: 'Not found', status: 404, detail: 'no listing' } };
    });
    // the catalog hears of verified owners from events.claims.claim_verified (JetStream, durable)
    await catalog.consume({
      durable: 'fake-catalog',
      filter: claimVerifiedEvent.subject,
      handler: async (event) => {
        const d = event.data as ClaimVerifiedEventData;
        const found = [...listings.values()].find((l) => l.listing_id === d.listing_id) as FakeListing;
        found.recorded.push(d.account_id);
        found.verified = true;
        heard.get(d.listing_id)?.();
      },
    });
    for (const [i, counter] of counters.entries())
      replicas.push(
        await startClaims({
          bus: await connect(`claims-${i + 1}`),
          logger: counter.logger,
          config: { dataDir, publicUrl: 'https://listings.test', fetchAllowPrivateNetworks: false },
          overrides: { resolveTxt: async () => published },
        }),
      );
    client = await connect('client');
  }, 30_000);
  afterAll(async () => {
    for (const replica of replicas) await replica.stop();
    for (const bus of buses) await bus.close();
    await nats?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when one claimant sends 20 claim_listing at once across the replicas then exactly one claim is open', async () => {
    const target = listing('race-one');
    const before = counters.map((c) => c.served());
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('claim_listing', 'alice', { body: { slug: 'race-one', method: 'meta' } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.claim_id)).size).toBe(1);
    // both replicas answered some of them
    for (const [i, c] of counters.entries()) expect(c.served()).toBeGreaterThan(before[i] as number);
    const started = (await claimEvents(target.listing_id)).filter((e) => e.type === 'ClaimStarted');
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ claim_id: answers[0]?.body.claim_id, account_id: 'alice' });
  });

  it('when two claimants verify at once on every listing then each listing has one verified owner and the other claim is rejected', async () => {
    const targets = Array.from({ length: 8 }, (_, i) => listing(`race-two-${i}`));
    // 16 claims started at once: their ids, allocated by two replicas, are all different
    const claims = await Promise.all(
      targets.flatMap((t) =>
        ['bob', 'carol'].map(async (account) => {
          const r = await call('claim_listing', account, { body: { slug: t.slug, method: 'dns' } });
          expect(r.status).toBe(200);
          return { listing: t, account, id: r.body.claim_id as number, instructions: r.body.instructions as string };
        }),
      ),
    );
    expect(new Set(claims.map((c) => c.id)).size).toBe(claims.length);
    for (const c of claims) published.push([/"(listings-verification=[0-9a-f]+)"/.exec(c.instructions)?.[1] as string]);

    const before = counters.map((c) => c.served());
    const verified = await Promise.all(
      claims.map(async (c) => ({ ...c, reply: await call('verify_claim', c.account, { params: { claim_id: c.id } }) })),
    );
    for (const [i, c] of counters.entries()) expect(c.served()).toBeGreaterThan(before[i] as number);
    for (const target of targets) {
      const both = verified.filter((v) => v.listing === target);
      expect(both.map((v) => v.reply.status)).toEqual([200, 200]);
      const statuses = both.map((v) => v.reply.body.status).sort();
      expect(statuses).toEqual(['rejected', 'verified']);
      const winner = both.find((v) => v.reply.body.status === 'verified');
      const loser = both.find((v) => v.reply.body.status === 'rejected');
      expect(loser?.reply.body.last_check.reason).toBe('another claimant verified this listing first');
      // the stream holds one ClaimVerified and one ClaimRejected, and the catalog hears of the winner only
      // (published by both replicas from the shared log: JetStream de-duplicates by event id)
      const events = await claimEvents(target.listing_id);
      expect(events.filter((e) => e.type === 'ClaimVerified').map((e) => e.claim_id)).toEqual([winner?.id]);
      expect(events.filter((e) => e.type === 'ClaimRejected').map((e) => e.claim_id)).toEqual([loser?.id]);
      await catalogHears(target.listing_id);
      expect(new Set(target.recorded)).toEqual(new Set([winner?.account]));
    }
  });
});
