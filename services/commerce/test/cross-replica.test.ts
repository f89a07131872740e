import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type OperationReply, operationById, type Principal } from '@listings/contracts';
import { type Bus, connectNatsBus } from '@listings/platform/bus';
import { foldStream } from '@listings/platform/decider';
import { openSqliteEventStore } from '@listings/platform/event-store';
import { silentLogger } from '@listings/platform/logger';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '@listings/platform/testing/nats-server';
import type { Reply } from '@listings/platform/testing/reply';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalog } from '../../catalog/src/main.ts';
import { commerceEventsFile } from '../src/application/shop-admin.ts';
import { launchWeekDecider } from '../src/domain/launch-week/decide.ts';
import { launchWeekStream, slotsTaken } from '../src/domain/launch-week/launch-week.ts';
import { listingLaunchStream } from '../src/domain/listing-launch/listing-launch.ts';
import { unpaidOrdersDecider } from '../src/domain/unpaid-orders/decide.ts';
import { unpaidOrdersCounting, unpaidOrdersStream } from '../src/domain/unpaid-orders/unpaid-orders.ts';
import { startCommerce } from '../src/main.ts';

/** counts the requests each replica served, per subject, so the test can show both took a share */
const countingBus = (bus: Bus, served: Map<string, number>): Bus => ({
  request: (subject, payload, options) => bus.request(subject, payload, options),
  serve: (subject, handler, options) =>
    bus.serve(
      subject,
      (payload, context) => {
        served.set(subject, (served.get(subject) ?? 0) + 1);
        return handler(payload, context);
      },
      options,
    ),
  publish: (event) => bus.publish(event),
  notify: (subject, data) => bus.notify(subject, data),
  watch: (filter, handler) => bus.watch(filter, handler),
  consume: (options) => bus.consume(options),
  close: () => bus.close(),
});

/** the Monday two weeks after this one: a future launch week whatever day the test runs */
const futureMonday = (): string => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) + 14);
  return d.toISOString().slice(0, 10);
};

/**
 * Cluster mode with a real nats-server: one catalog and two commerce replicas, each replica with
 * its own NATS connection (queue groups spread the requests) and its own connection to the same
 * SQLite event store file. Nothing the replicas keep in memory may decide; the streams do.
 */
describe.skipIf(!natsServerAvailable())('launch rules across two commerce replicas (cluster mode over NATS)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'commerce-replicas-'));
  const config = { dataDir: dir, publicUrl: 'http://directory.test', demoData: false };
  let nats: RunningNatsServer | undefined;
  let client: Bus;
  const buses: Bus[] = [];
  const stops: (() => Promise<void>)[] = [];
  const served = [new Map<string, number>(), new Map<string, number>()];
  let replicas: Awaited<ReturnType<typeof startCommerce>>[] = [];
  let draftCounter = 0;

  const connect = async (name: string) => {
    const bus = await connectNatsBus({ servers: (nats as RunningNatsServer).url, name, requestTimeoutMs: 30_000 });
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => {
    nats = await startNatsServer();
    const catalog = await startCatalog({ bus: await connect('catalog'), config, logger: silentLogger() });
    stops.push(() => catalog.stop());
    for (const [i, tally] of served.entries()) {
      const replica = await startCommerce({
        bus: countingBus(await connect(`commerce-${i}`), tally),
        config,
        logger: silentLogger(),
      });
      replicas.push(replica);
      stops.push(() => replica.stop());
    }
    client = await connect('test-client');
  }, 60_000);

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    for (const bus of buses) await bus.close();
    await nats?.stop();
    replicas = [];
    rmSync(dir, { recursive: true, force: true });
  });

  const principal = (account: string): Principal => ({
    account_id: account,
    scopes: ['account:read', 'orders:write'],
    via: 'api_key' as Principal['via'],
  });
  const call = async (operationId: string, account: string, input: { params?: object; body?: unknown } = {}) => {
    const op = operationById(operationId);
    if (!op) throw new Error(operationId);
    return (await client.request(op.subject, {
      operation_id: operationId,
      principal: principal(account),
      params: input.params ?? {},
      query: {},
      ...(input.body !== undefined ? { body: input.body } : {}),
    })) as OperationReply as Reply;
  };
  const internal = async (subject: string, request: object) => (await client.request(subject, request)) as Reply;
  const newListing = async (owner: string | string[], name: string): Promise<number> => {
    const reply = await internal('catalog.internal.save_listing_from_draft', {
      listing_id: null,
      draft_id: `00000000-0000-4000-8000-${String(++draftCounter).padStart(12, '0')}`,
      owner_account_ids: Array.isArray(owner) ? owner : [owner],
      profile: { url: `https://www.${name}.com`, name, tagline: `${name} tagline` },
    });
    expect(reply.status).toBe(200);
    return reply.body.listing_id;
  };
  /** the commerce event log as any replica sees it */
  const commerceLog = async <T>(read: (log: ReturnType<typeof openSqliteEventStore>) => Promise<T>): Promise<T> => {
    const log = openSqliteEventStore({ path: commerceEventsFile(dir) });
    try {
      return await read(log);
    } finally {
      await log.close();
    }
  };

  it('when 20 pending orders for one listing’s launch are paid at once on both replicas then one is paid, 19 refused, one launch', async () => {
    // 20 co-owners, one order each (an account has at most 3 unpaid orders)
    const racers = Array.from({ length: 20 }, (_, i) => `acct-racer-${i}`);
    const id = await newListing(racers, 'raced');
    const orders: string[] = [];
    const ownerOf = new Map<string, string>();
    for (const racer of racers) {
      const created = await call('create_checkout', racer, {
        body: { items: [{ product: 'launch', listing_id: id }] },
      });
      expect(created.status).toBe(200);
      orders.push(created.body.number);
      ownerOf.set(created.body.number, racer);
    }
    const before = served.map((tally) => tally.get('commerce.internal.pay_order') ?? 0);

    const replies = await Promise.all(
      orders.map((number) => internal('commerce.internal.pay_order', { number, account_id: ownerOf.get(number) })),
    );
    const paid = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 409);
    expect(paid.length).toBe(1);
    expect(refused.length).toBe(19);
    for (const reply of refused) expect(reply.problem.detail).toContain(`Listing ${id} already has a paid launch`);
    // both replicas took payments
    expect(served.map((tally, i) => (tally.get('commerce.internal.pay_order') ?? 0) - (before[i] ?? 0))).not.toContain(
      0,
    );

    const winner = paid[0]?.body.number as string;
    // the paid order is fulfilled by its workflow (on whichever replica paid it)
    for (let read = 0; ; read++) {
      const got = await call('get_order', ownerOf.get(winner) as string, { params: { number: winner } });
      if (got.body.status === 'fulfilled') break;
      if (read > 100) throw new Error(`never fulfilled: ${JSON.stringify(got.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const statuses = await Promise.all(
      orders.map(
        async (number) => (await call('get_order', ownerOf.get(number) as string, { params: { number } })).body,
      ),
    );
    expect(statuses.filter((o) => o.status === 'fulfilled').map((o) => o.number)).toEqual([winner]);
    const losers = statuses.filter((o) => o.status === 'refused');
    expect(losers.length).toBe(19);
    for (const order of losers) {
      expect(order.status_reason).toContain(`Listing ${id} already has a paid launch`);
      expect(order.lines[0].fulfilled).toBe(false);
    }

    // one hold in the listing's stream, one launch in the catalog
    const held = await commerceLog((log) => log.readStream(listingLaunchStream(id)));
    expect(held.map((e) => [e.type, (e.data as { order_number: string }).order_number])).toEqual([
      ['ListingLaunchHeld', winner],
    ]);
    const catalogLog = openSqliteEventStore({ path: path.join(dir, 'catalog', 'events.sqlite') });
    try {
      const launches = (await catalogLog.readAll(0, 100_000)).filter(
        (e) => e.type === 'LaunchScheduled' && (e.data as { listing_id: number }).listing_id === id,
      );
      expect(launches.length).toBe(1);
    } finally {
      await catalogLog.close();
    }
    const listing = await internal('catalog.internal.describe_listing_for_order', {
      listing_id: id,
      account_id: 'acct-racer-0',
    });
    expect(listing.body).toMatchObject({ status: 'live', plan: 'paid' });
  }, 60_000);

  it('when 50 checkouts for one week of capacity 3 arrive at once on both replicas then exactly 3 are reserved, 47 get 409', async () => {
    const [first] = replicas;
    await first?.operations.runShop({ type: 'SetWeeklyLaunchCapacity', data: { capacity: 3 } }, 'operator');
    const week = futureMonday();
    const listings: number[] = [];
    for (let i = 0; i < 50; i++) listings.push(await newListing(`acct-week-${i}`, `week-${i}`));
    const before = served.map((tally) => tally.get('commerce.create_checkout') ?? 0);

    const replies = await Promise.all(
      listings.map((id, i) =>
        call('create_checkout', `acct-week-${i}`, {
          body: { items: [{ product: 'launch', listing_id: id, launch_week: week }] },
        }),
      ),
    );
    const placed = replies.filter((r) => r.status === 200);
    const full = replies.filter((r) => r.status === 409);
    expect(placed.length).toBe(3);
    expect(full.length).toBe(47);
    for (const reply of full) expect(reply.problem.detail).toContain(`the week of ${week} is full`);
    expect(served.map((tally, i) => (tally.get('commerce.create_checkout') ?? 0) - (before[i] ?? 0))).not.toContain(0);

    // the week's stream: three slots, those of the three placed orders
    const { state } = await commerceLog((log) => foldStream(log, launchWeekStream(week), launchWeekDecider));
    expect(slotsTaken(state, new Date().toISOString())).toBe(3);
    expect([...state.slots.values()].map((slot) => slot.orderNumber).sort()).toEqual(
      placed.map((r) => r.body.number as string).sort(),
    );
    const events = await commerceLog((log) => log.readStream(launchWeekStream(week)));
    expect(events.map((e) => e.type)).toEqual(['LaunchSlotReserved', 'LaunchSlotReserved', 'LaunchSlotReserved']);
  }, 60_000);

  it('when one account sends 12 checkouts at once to both replicas then exactly 3 orders are placed, 9 get 409 naming the limit', async () => {
    const listings: number[] = [];
    for (let i = 0; i < 12; i++) listings.push(await newListing('acct-greedy', `greedy-${i}`));
    const before = served.map((tally) => tally.get('commerce.create_checkout') ?? 0);

    const replies = await Promise.all(
      listings.map((id) =>
        call('create_checkout', 'acct-greedy', { body: { items: [{ product: 'launch', listing_id: id }] } }),
      ),
    );
    const placed = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 409);
    expect(placed.length).toBe(3);
    expect(refused.length).toBe(9);
    for (const reply of refused) expect(reply.problem.detail).toContain('already has 3 unpaid orders');
    expect(served.map((tally, i) => (tally.get('commerce.create_checkout') ?? 0) - (before[i] ?? 0))).not.toContain(0);

    const { state } = await commerceLog((log) =>
      foldStream(log, unpaidOrdersStream('acct-greedy'), unpaidOrdersDecider),
    );
    expect(unpaidOrdersCounting(state, new Date().toISOString()).sort()).toEqual(
      placed.map((r) => r.body.number as string).sort(),
    );
  }, 60_000);
});
