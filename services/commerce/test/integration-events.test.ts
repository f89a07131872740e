import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  billboardContributionRecorded,
  type OperationReply,
  operationById,
  orderPaid,
  type Principal,
  paidLaunchPublished,
} from '@listings/contracts';
import { type Bus, connectNatsBus, createInProcessBus, type DeliveredEvent } from '@listings/platform/bus';
import { type EventStore, openSqliteEventStore } from '@listings/platform/event-store';
import { silentLogger } from '@listings/platform/logger';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '@listings/platform/testing/nats-server';
import type { Reply } from '@listings/platform/testing/reply';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCatalog } from '../../catalog/src/main.ts';
import { commerceEventsFile } from '../src/application/shop-admin.ts';
import { orderStream } from '../src/domain/order/order.ts';
import { startCommerce } from '../src/main.ts';

/**
 * Hands every event a durable consumer receives to its handler twice in a row (what an
 * at-least-once bus may do after a crash between handling and ack), and counts the deliveries of
 * each subject once both have run.
 */
const twiceBus = (bus: Bus, delivered: Map<string, number>): Bus => ({
  request: (subject, payload, options) => bus.request(subject, payload, options),
  serve: (subject, handler, options) => bus.serve(subject, handler, options),
  publish: (event) => bus.publish(event),
  notify: (subject, data) => bus.notify(subject, data),
  watch: (filter, handler) => bus.watch(filter, handler),
  consume: (options) =>
    bus.consume({
      ...options,
      handler: async (event: DeliveredEvent) => {
        await options.handler(event);
        await options.handler(event);
        delivered.set(event.subject, (delivered.get(event.subject) ?? 0) + 1);
      },
    }),
  close: () => bus.close(),
});

const ALICE: Principal = { account_id: 'acct-alice', scopes: ['account:read', 'orders:write'], via: 'api_key' };

const modes = [
  { mode: 'all-in-one (in-process bus)', skip: false },
  { mode: 'cluster (NATS JetStream)', skip: !natsServerAvailable() },
];

describe.each(modes)('integration events between commerce and catalog, $mode', ({ mode, skip }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'commerce-integration-'));
  const config = { dataDir: dir, publicUrl: 'http://directory.test', demoData: false };
  const delivered = new Map<string, number>();
  let nats: RunningNatsServer | undefined;
  const buses: Bus[] = [];
  let client: Bus;
  let catalog: Awaited<ReturnType<typeof startCatalog>>;
  let commerce: Awaited<ReturnType<typeof startCommerce>>;
  let draftCounter = 0;

  beforeAll(async () => {
    if (skip) return;
    let connect: (name: string) => Promise<Bus>;
    if (mode.startsWith('cluster')) {
      nats = await startNatsServer();
      connect = (name) => connectNatsBus({ servers: (nats as RunningNatsServer).url, name, requestTimeoutMs: 30_000 });
    } else {
      const shared = createInProcessBus({});
      connect = async () => shared;
    }
    const catalogBus = await connect('catalog');
    const commerceBus = await connect('commerce');
    client = await connect('client');
    buses.push(...new Set([catalogBus, commerceBus, client]));
    catalog = await startCatalog({ bus: twiceBus(catalogBus, delivered), config, logger: silentLogger() });
    commerce = await startCommerce({ bus: twiceBus(commerceBus, delivered), config, logger: silentLogger() });
  }, 60_000);

  afterAll(async () => {
    if (skip) return;
    await commerce.stop();
    await catalog.stop();
    for (const bus of buses) await bus.close();
    await nats?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = async (operationId: string, input: { params?: object; body?: unknown } = {}) => {
    const op = operationById(operationId);
    if (!op) throw new Error(operationId);
    return (await client.request(op.subject, {
      operation_id: operationId,
      principal: ALICE,
      params: input.params ?? {},
      query: {},
      ...(input.body !== undefined ? { body: input.body } : {}),
    })) as OperationReply as Reply;
  };
  const internal = async (subject: string, request: object) => (await client.request(subject, request)) as Reply;
  const newListing = async (name: string): Promise<number> => {
    const reply = await internal('catalog.internal.save_listing_from_draft', {
      listing_id: null,
      draft_id: `00000000-0000-4000-8000-${String(++draftCounter).padStart(12, '0')}`,
      owner_account_ids: ['acct-alice'],
      profile: { url: `https://www.${name}.com`, name, tagline: `${name} tagline` },
    });
    expect(reply.status).toBe(200);
    return reply.body.listing_id;
  };
  const commerceLog = async <T>(read: (log: EventStore) => Promise<T>): Promise<T> => {
    const log = openSqliteEventStore({ path: commerceEventsFile(dir) });
    try {
      return await read(log);
    } finally {
      await log.close();
    }
  };
  const types = (events: readonly { type: string }[]) => events.map((e) => e.type);
  const catalogEvents = async (listingId: number) =>
    (await catalog.events.readStream(`listing-${listingId}`)).filter((e) =>
      ['PaidLaunchRecorded', 'BillboardContributed', 'LaunchScheduled'].includes(e.type),
    );

  it.skipIf(skip)(
    'when an order is paid then the catalog carries out each line once and the order is fulfilled, although every integration event is delivered twice',
    async () => {
      const launched = await newListing('twice-launched');
      const boosted = await newListing('twice-boosted');
      const created = await call('create_checkout', {
        body: {
          items: [
            { product: 'launch', listing_id: launched },
            { product: 'billboard', listing_id: boosted, amount_cents: 1500 },
          ],
        },
      });
      expect(created.status).toBe(200);
      const number = created.body.number as string;
      const paid = await internal('commerce.internal.pay_order', { number, account_id: 'acct-alice' });
      expect(paid.status).toBe(200);

      await vi.waitFor(
        async () => expect((await call('get_order', { params: { number } })).body.status).toBe('fulfilled'),
        { timeout: 15_000, interval: 20 },
      );
      // each of the three integration events reached its consumer (and each time its handler ran twice)
      await vi.waitFor(() => {
        expect(delivered.get(orderPaid.subject)).toBe(1);
        expect(delivered.get(paidLaunchPublished.subject)).toBe(1);
        expect(delivered.get(billboardContributionRecorded.subject)).toBe(1);
      });

      expect((await call('get_order', { params: { number } })).body.lines).toMatchObject([
        { fulfilled: true },
        { fulfilled: true },
      ]);
      expect(await catalog.readModel.view.listing(launched)).toMatchObject({ status: 'live', plan: 'paid' });
      expect((await catalog.readModel.view.listing(boosted))?.billboard_cents).toBe(1500);
      expect(types(await catalogEvents(launched))).toEqual(['LaunchScheduled', 'PaidLaunchRecorded']);
      expect(types(await catalogEvents(boosted))).toEqual(['BillboardContributed']);
      const orderEvents = await commerceLog((log) => log.readStream(orderStream(number)));
      expect(types(orderEvents)).toEqual([
        'OrderPlaced',
        'OrderPaid',
        'OrderLineFulfilled',
        'OrderLineFulfilled',
        'OrderFulfilled',
      ]);

      // the same order_paid again under a new id (a bus whose de-duplication window has passed): nothing changes
      const paidEvent = orderEvents.find((e) => e.type === 'OrderPaid');
      if (!paidEvent) throw new Error('no OrderPaid');
      const again = (await catalog.events.readAll(0, 10_000)).length;
      await client.publish({
        subject: orderPaid.subject,
        id: `again-${paidEvent.id}`,
        data: {
          number,
          account_id: 'acct-alice',
          lines: [
            { line: 0, kind: 'launch', listing_id: launched, launch_week: null },
            { line: 1, kind: 'billboard', listing_id: boosted, amount_cents: 1500 },
          ],
          paid_at: (paidEvent.data as { at: string }).at,
        },
      });
      await vi.waitFor(() => expect(delivered.get(orderPaid.subject)).toBe(2));
      expect((await catalog.events.readAll(0, 10_000)).length).toBe(again);
      expect((await catalog.readModel.view.listing(boosted))?.billboard_cents).toBe(1500);
      expect(types(await commerceLog((log) => log.readStream(orderStream(number))))).toHaveLength(5);
    },
  );

  it.skipIf(skip)(
    'when the catalog cannot carry out a paid launch then the order stays paid and says it needs a refund, once',
    async () => {
      const id = await newListing('went-free');
      const created = await call('create_checkout', { body: { items: [{ product: 'launch', listing_id: id }] } });
      expect(created.status).toBe(200);
      const number = created.body.number as string;
      // between checkout and payment the listing went live on the free plan
      await catalog.commands.publishListing(id, null, 'free');
      const paid = await internal('commerce.internal.pay_order', { number, account_id: 'acct-alice' });
      expect(paid.status).toBe(200);

      await vi.waitFor(
        async () =>
          expect((await call('get_order', { params: { number } })).body.status_reason).toBe(
            `Paid, but the catalog could not carry out line 1 (listing ${id}): a live listing cannot be published. This needs a refund.`,
          ),
        { timeout: 15_000, interval: 20 },
      );
      const order = (await call('get_order', { params: { number } })).body;
      expect(order).toMatchObject({ status: 'paid', lines: [{ fulfilled: false }] });
      expect(await catalog.readModel.view.listing(id)).toMatchObject({ status: 'live', plan: 'free' });
      expect(types(await commerceLog((log) => log.readStream(orderStream(number))))).toEqual([
        'OrderPlaced',
        'OrderPaid',
        'OrderLineRefused',
      ]);
      expect(
        types((await catalog.events.readStream(`listing-${id}`)).filter((e) => e.type.startsWith('PaidLaunch'))),
      ).toEqual(['PaidLaunchRefused']);
    },
  );
});
