import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type OperationReply, operationById, type Principal } from '@listings/contracts';
import { catalogEvents, commerceEvents } from '@listings/contracts/events';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import { openSqliteEventStore } from '@listings/platform/event-store';
import { silentLogger } from '@listings/platform/logger';
import type { Reply } from '@listings/platform/testing/reply';
import { storedEventProblems } from '@listings/platform/testing/stored-events';
import type { InProcessRunner } from '@listings/platform/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalog } from '../../catalog/src/main.ts';
import { commerceEventsFile } from '../src/application/shop-admin.ts';
import { startCommerce } from '../src/main.ts';
import { orderWorkflowId } from '../src/workflows/order-workflow.ts';

const principal = (account: string): Principal => ({
  account_id: account,
  scopes: ['account:read', 'orders:write'],
  via: 'api_key' as Principal['via'],
});
const ALICE = principal('acct-alice');
const BOB = principal('acct-bob');
const CAROL = principal('acct-carol');
const DAVE = principal('acct-dave');

/** Catalog and commerce on one in-process bus, as in all-in-one mode; Wednesday 2030-01-02. */
describe('orders from quote to a live listing (catalog + commerce over the bus)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'commerce-flow-'));
  const bus = createInProcessBus({});
  const clock = manualClock('2030-01-02T12:00:00.000Z');
  const config = { dataDir: dir, publicUrl: 'http://directory.test', demoData: false };
  let stop: () => Promise<void>;
  let draftCounter = 0;
  /** the running service: its shop commands are what the operator CLI drives */
  let running: Awaited<ReturnType<typeof startCommerce>> | undefined;
  let catalogService: Awaited<ReturnType<typeof startCatalog>> | undefined;
  const startCommerceOperations = async () => {
    if (!running) throw new Error('not started');
    return { ...running.operations, stop: running.stop };
  };

  const call = async (
    operationId: string,
    who: Principal,
    input: { params?: object; query?: object; body?: unknown; key?: string } = {},
  ) => {
    const op = operationById(operationId);
    if (!op) throw new Error(operationId);
    return (await bus.request(op.subject, {
      operation_id: operationId,
      principal: who,
      params: input.params ?? {},
      query: input.query ?? {},
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(input.key ? { idempotency_key: input.key } : {}),
    })) as OperationReply as Reply;
  };
  const internal = async (subject: string, request: object) => (await bus.request(subject, request)) as Reply;
  const newListing = async (owner: string, name: string, categories?: string[]): Promise<number> => {
    const reply = await internal('catalog.internal.save_listing_from_draft', {
      listing_id: null,
      draft_id: `00000000-0000-4000-8000-${String(++draftCounter).padStart(12, '0')}`,
      owner_account_ids: [owner],
      profile: {
        url: `https://www.${name}.com`,
        name,
        tagline: `${name} tagline`,
        ...(categories ? { categories } : {}),
      },
    });
    expect(reply.status).toBe(200);
    return reply.body.listing_id;
  };

  beforeAll(async () => {
    const catalog = await startCatalog({ bus, clock, config, logger: silentLogger() });
    catalogService = catalog;
    const commerce = await startCommerce({ bus, config, logger: silentLogger(), overrides: { clock } });
    running = commerce;
    stop = async () => {
      await running?.stop();
      await catalog.stop();
      await bus.close();
      rmSync(dir, { recursive: true, force: true });
    };
  }, 60_000);
  afterAll(async () => stop?.());

  it('lists the products with their current prices from the shop settings', async () => {
    const reply = await call('list_products', {
      account_id: null,
      scopes: [],
      via: 'anonymous',
    } as unknown as Principal);
    expect(reply.status).toBe(200);
    expect(reply.body.items.map((p: { slug: string }) => p.slug)).toEqual(['billboard', 'launch']);
    expect(reply.body.items[1]).toMatchObject({ price_cents: 4900, currency: 'USD', needs_listing: true });
  });

  it('when an operator changes a price then list_products and quotes use it', async () => {
    const t = await startCommerceOperations();
    await t.runShop({ type: 'SetPrice', data: { slug: 'launch', price_cents: 5900 } }, 'operator');
    const reply = await call('list_products', ALICE);
    expect(reply.body.items.find((p: { slug: string }) => p.slug === 'launch').price_cents).toBe(5900);
    await t.runShop({ type: 'SetPrice', data: { slug: 'launch', price_cents: 4900 } }, 'operator');
  });

  it('quotes with VAT: EU consumer, reverse charge, non-EU; saves nothing', async () => {
    const id = await newListing('acct-alice', 'quoted');
    const items = [{ product: 'launch', listing_id: id }];
    const de = await call('quote_order', ALICE, { body: { items, billing_country: 'DE' } });
    expect(de.status).toBe(200);
    expect(de.body.totals).toEqual({
      subtotal_cents: 4900,
      vat_cents: 931,
      total_cents: 5831,
      vat_rate: 0.19,
      reverse_charge: false,
      currency: 'USD',
    });
    const b2b = await call('quote_order', ALICE, { body: { items, billing_country: 'DE', vat_number: 'DE136695976' } });
    expect(b2b.body.totals).toMatchObject({ vat_cents: 0, total_cents: 4900, reverse_charge: true });
    const us = await call('quote_order', ALICE, { body: { items, billing_country: 'US' } });
    expect(us.body.totals).toMatchObject({ vat_cents: 0, vat_rate: 0 });
    expect((await call('list_my_orders', ALICE)).body.total).toBe(0);
  });

  it('refuses bad options, naming each field', async () => {
    const id = await newListing('acct-alice', 'refused');
    const bobs = await newListing('acct-bob', 'bobs');
    const reply = await call('quote_order', ALICE, {
      body: {
        items: [
          { product: 'launch', listing_id: id, launch_week: '2030-01-08' },
          { product: 'launch', listing_id: bobs },
          { product: 'billboard', listing_id: id, amount_cents: 100 },
          { product: 'launch' },
          { product: 'nope' },
          { product: 'billboard', listing_id: id, amount_cents: 5000, extra_categories: ['x'] },
        ],
        billing_country: 'FR',
        vat_number: 'FR123',
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.problem.errors.map((e: { field: string }) => e.field)).toEqual([
      'body.items.0.launch_week',
      'body.items.1.listing_id',
      'body.items.2.amount_cents',
      'body.items.3.listing_id',
      'body.items.4.product',
      'body.items.5.extra_categories',
      'body.vat_number',
    ]);
  });

  it('checkout builds a pending order; paying on the checkout page makes it paid, fulfilled and the listing live', async () => {
    const id = await newListing('acct-alice', 'paidlaunch');
    const body = {
      items: [
        { product: 'launch', listing_id: id },
        { product: 'billboard', listing_id: id, amount_cents: 2500 },
      ],
      billing_country: 'US',
    };
    const created = await call('create_checkout', ALICE, { body, key: 'k-1' });
    expect(created.status).toBe(200);
    const order = created.body;
    expect(order).toMatchObject({ status: 'pending', totals: { subtotal_cents: 7400, total_cents: 7400 } });
    expect(order.checkout_url).toBe(`http://directory.test/checkout/${order.number}`);
    // the same Idempotency-Key names the same order
    expect((await call('create_checkout', ALICE, { body, key: 'k-1' })).body.number).toBe(order.number);

    // only the account the order belongs to can pay it: another gets the same 404 as an unknown number
    const byBob = await internal('commerce.internal.pay_order', { number: order.number, account_id: 'acct-bob' });
    expect(byBob.status).toBe(404);
    expect((await call('get_order', ALICE, { params: { number: order.number } })).body.status).toBe('pending');
    const paid = await internal('commerce.internal.pay_order', { number: order.number, account_id: 'acct-alice' });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('fulfilled');
    expect(paid.body.lines.map((l: { fulfilled: boolean }) => l.fulfilled)).toEqual([true, true]);

    const listing = await internal('catalog.internal.describe_listing_for_order', {
      listing_id: id,
      account_id: 'acct-alice',
    });
    expect(listing.body).toMatchObject({ status: 'live', plan: 'paid' });
    const board = await call('get_leaderboard', ALICE, { params: { board: 'billboard' } });
    expect(JSON.stringify(board.body)).toContain('paidlaunch');

    const got = await call('get_order', ALICE, { params: { number: order.number } });
    expect(got.body).toMatchObject({
      status: 'fulfilled',
      lines: [
        { product: 'launch', fulfilled: true },
        { product: 'billboard', fulfilled: true },
      ],
    });
    // paying again changes nothing; a paid launch cannot be bought again for the listing
    expect(
      (await internal('commerce.internal.pay_order', { number: order.number, account_id: 'acct-alice' })).body.status,
    ).toBe('fulfilled');
    const again = await call('quote_order', ALICE, { body: { items: [{ product: 'launch', listing_id: id }] } });
    expect(again.status).toBe(409);
    expect(again.problem.detail).toBe(`listing ${id} already has a paid launch (bought in another order)`);
    const againCheckout = await call('create_checkout', ALICE, {
      body: { items: [{ product: 'launch', listing_id: id }] },
    });
    expect(againCheckout.status).toBe(409);
  });

  it('a launch buys up to 3 extra categories: checked when quoted, shown and searched once paid', async () => {
    const catalog = catalogService as NonNullable<typeof catalogService>;
    for (const [slug, parent] of [
      ['productivity', null],
      ['notes', 'productivity'],
      ['design', null],
      ['ai', null],
      ['writing', null],
    ] as const)
      await catalog.commands.createCategory({ slug, name: slug, parent, description: '', faqs: [], attributes: [] });
    const id = await newListing('acct-alice', 'extras', ['notes', 'writing']);
    const quote = (extra_categories: string[]) =>
      call('quote_order', ALICE, { body: { items: [{ product: 'launch', listing_id: id, extra_categories }] } });
    for (const [extras, message] of [
      [['design', 'nope', 'none'], 'unknown categories: nope, none'],
      [['notes'], "notes is the listing's primary category already"],
      [['ai', 'ai'], 'ai is chosen twice'],
    ] as const) {
      const refused = await quote([...extras]);
      expect(refused.status).toBe(400);
      expect(refused.problem.errors).toEqual([{ field: 'body.items.0.extra_categories', message }]);
    }
    const tooMany = await quote(['design', 'ai', 'writing', 'productivity']);
    expect(tooMany.status).toBe(400);
    expect(tooMany.problem.errors[0].field).toBe('body.items.0.extra_categories');

    const quoted = await quote(['design', 'ai']);
    expect(quoted.status).toBe(200);
    expect(quoted.body.lines).toEqual([
      {
        product: 'launch',
        listing_id: id,
        extra_categories: ['design', 'ai'],
        unit_price_cents: 4900,
        fulfilled: false,
      },
    ]);
    const created = await call('create_checkout', ALICE, {
      body: { items: [{ product: 'launch', listing_id: id, extra_categories: ['design', 'ai'] }] },
    });
    expect(created.body.lines[0].extra_categories).toEqual(['design', 'ai']);
    expect(
      (await internal('commerce.internal.pay_order', { number: created.body.number, account_id: 'acct-alice' })).body
        .status,
    ).toBe('fulfilled');

    // the draft's own extra (writing) gives way to the bought ones, primary first
    const listing = await call('get_listing', ALICE, { params: { slug: 'extras' } });
    expect(listing.body.categories).toEqual(['notes', 'design', 'ai']);
    const inDesign = await call('search_listings', ALICE, { query: { category: 'design' } });
    expect(inDesign.body.items.map((item: { slug: string }) => item.slug)).toEqual(['extras']);
    const inWriting = await call('search_listings', ALICE, { query: { category: 'writing' } });
    expect(inWriting.body.items).toEqual([]);
  });

  it('a launch in a chosen future week schedules the listing for that week', async () => {
    const id = await newListing('acct-alice', 'scheduled');
    const created = await call('create_checkout', ALICE, {
      body: { items: [{ product: 'launch', listing_id: id, launch_week: '2030-01-14' }] },
    });
    expect(created.status).toBe(200);
    await internal('commerce.internal.pay_order', { number: created.body.number, account_id: 'acct-alice' });
    const listing = await internal('catalog.internal.describe_listing_for_order', {
      listing_id: id,
      account_id: 'acct-alice',
    });
    expect(listing.body).toMatchObject({ status: 'scheduled', plan: 'paid', launch_week: '2030-01-14' });
  });

  it('when two orders race for one listing’s launch then the second payment is refused, says why and releases its week slot', async () => {
    const id = await newListing('acct-alice', 'onelaunch');
    const week = '2030-01-21';
    const body = { items: [{ product: 'launch', listing_id: id, launch_week: week }] };
    // both are placed while nothing is paid yet: each reserves a slot of the week
    const first = (await call('create_checkout', ALICE, { body })).body;
    const second = (await call('create_checkout', ALICE, { body })).body;
    expect([first.status, second.status]).toEqual(['pending', 'pending']);
    expect(first.status_reason).toBeNull();

    const paid = await internal('commerce.internal.pay_order', { number: first.number, account_id: 'acct-alice' });
    expect(paid.body.status).toBe('fulfilled');
    const refused = await internal('commerce.internal.pay_order', { number: second.number, account_id: 'acct-alice' });
    expect(refused.status).toBe(409);
    expect(refused.problem.detail).toContain(`Listing ${id} already has a paid launch`);
    expect(refused.problem.detail).toContain('nothing was charged');
    const shown = (await call('get_order', ALICE, { params: { number: second.number } })).body;
    expect(shown).toMatchObject({ status: 'refused', lines: [{ fulfilled: false }] });
    expect(shown.status_reason).toBe(
      `Listing ${id} already has a paid launch, bought in another order. This order was refused before payment: nothing was charged.`,
    );
    const mine = (await call('list_my_orders', ALICE)).body.items;
    expect(mine.find((o: { number: string }) => o.number === second.number).status_reason).toBe(shown.status_reason);
    // paying it again: the same 409, still refused
    const again = await internal('commerce.internal.pay_order', { number: second.number, account_id: 'acct-alice' });
    expect([again.status, again.problem.detail]).toEqual([409, refused.problem.detail]);

    // the listing was published once, and the refused order's week slot went back
    const log = openSqliteEventStore({ path: commerceEventsFile(dir) });
    try {
      expect(
        (await log.readStream(`listing-launch-${id}`)).map((e) => [
          e.type,
          (e.data as { order_number: string }).order_number,
        ]),
      ).toEqual([['ListingLaunchHeld', first.number]]);
      expect(
        (await log.readStream(`launch-week-${week}`)).map((e) => [
          e.type,
          (e.data as { order_number: string }).order_number,
        ]),
      ).toEqual([
        ['LaunchSlotReserved', first.number],
        ['LaunchSlotReserved', second.number],
        ['LaunchSlotConfirmed', first.number],
        ['LaunchSlotReleased', second.number],
      ]);
    } finally {
      await log.close();
    }
    const listing = await internal('catalog.internal.describe_listing_for_order', {
      listing_id: id,
      account_id: 'acct-alice',
    });
    expect(listing.body).toMatchObject({ status: 'scheduled', plan: 'paid', launch_week: week });
  });

  it('when the catalog shows a paid launch no order here holds (bought before the rule) then checkout and payment refuse it', async () => {
    const id = await newListing('acct-alice', 'earlier');
    const pending = (await call('create_checkout', ALICE, { body: { items: [{ product: 'launch', listing_id: id }] } }))
      .body;
    // paid for before commerce kept the listing-launch streams: the catalog alone knows
    const published = await (catalogService as NonNullable<typeof catalogService>).commands.publishListing(
      id,
      null,
      'paid',
    );
    expect(published).toMatchObject({ status: 'live', plan: 'paid' });
    const checkout = await call('create_checkout', ALICE, { body: { items: [{ product: 'launch', listing_id: id }] } });
    expect(checkout.status).toBe(409);
    const pay = await internal('commerce.internal.pay_order', { number: pending.number, account_id: 'acct-alice' });
    expect(pay.status).toBe(409);
    expect((await call('get_order', ALICE, { params: { number: pending.number } })).body.status).toBe('refused');
  });

  it('when an account has 3 unpaid orders then a 4th checkout is 409 naming the limit, until one is paid', async () => {
    const ids = [
      await newListing('acct-carol', 'unpaid1'),
      await newListing('acct-carol', 'unpaid2'),
      await newListing('acct-carol', 'unpaid3'),
      await newListing('acct-carol', 'unpaid4'),
    ];
    const checkout = (id: number, key?: string) =>
      call('create_checkout', CAROL, {
        body: { items: [{ product: 'launch', listing_id: id, launch_week: '2030-01-28' }] },
        ...(key ? { key } : {}),
      });
    const orders = [];
    for (const [i, id] of ids.slice(0, 3).entries()) {
      const created = await checkout(id, `carol-${i}`);
      expect(created.status).toBe(200);
      orders.push(created.body.number);
    }
    const fourth = await checkout(ids[3] as number);
    expect(fourth.status).toBe(409);
    expect(fourth.problem.detail).toContain('already has 3 unpaid orders');
    expect(fourth.problem.detail).toContain('UNPAID_ORDERS_PER_ACCOUNT_MAX');
    // nothing of it was kept: no order, and no slot of the week
    expect((await call('list_my_orders', CAROL)).body.total).toBe(3);
    // a retried checkout (same Idempotency-Key) names its order and is not a 4th
    expect((await checkout(ids[2] as number, 'carol-2')).body.number).toBe(orders[2]);
    const paid = await internal('commerce.internal.pay_order', { number: orders[0], account_id: 'acct-carol' });
    expect(paid.body.status).toBe('fulfilled');
    const afterPaying = await checkout(ids[3] as number);
    expect(afterPaying.status).toBe(200);
    const log = openSqliteEventStore({ path: commerceEventsFile(dir) });
    try {
      expect(
        (await log.readStream('unpaid-orders-acct-carol')).map((e) => [
          e.type,
          (e.data as { order_number: string }).order_number,
          (e.data as { reason?: string }).reason,
        ]),
      ).toEqual([
        ['UnpaidOrderOpened', orders[0], undefined],
        ['UnpaidOrderOpened', orders[1], undefined],
        ['UnpaidOrderOpened', orders[2], undefined],
        ['UnpaidOrderClosed', orders[0], 'paid'],
        ['UnpaidOrderOpened', afterPaying.body.number, undefined],
      ]);
    } finally {
      await log.close();
    }
  });

  it('when an operator sets the order hold then new orders are held that long and earlier ones keep theirs', async () => {
    const t = await startCommerceOperations();
    const before = await call('create_checkout', DAVE, {
      body: {
        items: [{ product: 'billboard', listing_id: await newListing('acct-dave', 'holdbefore'), amount_cents: 500 }],
      },
    });
    expect(before.body.expires_at).toBe(new Date(clock.now().getTime() + 30 * 60_000).toISOString());
    await t.runShop({ type: 'SetPendingOrderHold', data: { minutes: 45 } }, 'operator');
    const after = await call('create_checkout', DAVE, {
      body: {
        items: [{ product: 'billboard', listing_id: await newListing('acct-dave', 'holdafter'), amount_cents: 500 }],
      },
    });
    expect(after.body.expires_at).toBe(new Date(clock.now().getTime() + 45 * 60_000).toISOString());
    expect((await call('get_order', DAVE, { params: { number: before.body.number } })).body.expires_at).toBe(
      before.body.expires_at,
    );
    await t.runShop({ type: 'SetPendingOrderHold', data: { minutes: 30 } }, 'operator');
    for (const number of [before.body.number, after.body.number])
      expect((await internal('commerce.internal.pay_order', { number, account_id: 'acct-dave' })).status).toBe(200);
  });

  it('lists my orders newest first; another account’s order answers 404 like an unknown one', async () => {
    const mine = await call('list_my_orders', ALICE);
    expect(mine.body.total).toBe(6);
    expect(mine.body.items[0].created_at >= mine.body.items[1].created_at).toBe(true);
    const number = mine.body.items[0].number;
    const bob = await call('get_order', BOB, { params: { number } });
    const unknown = await call('get_order', BOB, { params: { number: 'ORD-unknown' } });
    expect(bob.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect((await call('list_my_orders', BOB)).body.total).toBe(0);
  });

  // last: it moves the shared clock on
  it('an order not paid within 30 minutes (the order hold) expires: it cannot be paid and its launch week is free again', async () => {
    const t = await startCommerceOperations();
    await t.runShop({ type: 'SetWeeklyLaunchCapacity', data: { capacity: 1 } }, 'operator');
    const first = await newListing('acct-bob', 'late');
    const second = await newListing('acct-bob', 'waiting');
    const week = '2030-02-04';
    const created = await call('create_checkout', BOB, {
      body: { items: [{ product: 'launch', listing_id: first, launch_week: week }], billing_country: 'DE' },
    });
    expect(created.body).toMatchObject({
      status: 'pending',
      billing_country: 'DE',
      vat_number: null,
      expires_at: new Date(clock.now().getTime() + 30 * 60_000).toISOString(),
    });
    const full = await call('quote_order', BOB, {
      body: { items: [{ product: 'launch', listing_id: second, launch_week: week }] },
    });
    expect(full.status).toBe(409);
    expect(full.problem.detail).toContain(`the week of ${week} is full`);
    const fullCheckout = await call('create_checkout', BOB, {
      body: { items: [{ product: 'launch', listing_id: second, launch_week: week }] },
    });
    expect(fullCheckout.status).toBe(409);
    expect(fullCheckout.problem.detail).toContain(`the week of ${week} is full`);

    clock.advance(30 * 60_000 - 1);
    expect((await call('get_order', BOB, { params: { number: created.body.number } })).body.status).toBe('pending');
    clock.advance(1);
    // shown expired at once
    expect((await call('get_order', BOB, { params: { number: created.body.number } })).body).toMatchObject({
      status: 'expired',
      status_reason: 'Not paid within 30 minutes: nothing was charged.',
      expires_at: null,
    });
    // the order's workflow records the expiry when its time is up; here a restarted service resumes it
    // with no time left (its own timer is tested with the workflow)
    await t.stop();
    running = await startCommerce({ bus, config, logger: silentLogger(), overrides: { clock } });
    await (running.runner as InProcessRunner).settled(orderWorkflowId(created.body.number));
    // the week's own stream says the slot went back when the expiry was recorded
    const weekLog = openSqliteEventStore({ path: commerceEventsFile(dir) });
    expect(
      (await weekLog.readStream(`launch-week-${week}`)).map((e) => [e.type, (e.data as { reason?: string }).reason]),
    ).toEqual([
      ['LaunchSlotReserved', undefined],
      ['LaunchSlotReleased', 'expired'],
    ]);
    await weekLog.close();
    const late = await internal('commerce.internal.pay_order', { number: created.body.number, account_id: 'acct-bob' });
    expect(late.status).toBe(409);
    expect(late.problem.detail).toContain('expired');
    const listing = await internal('catalog.internal.describe_listing_for_order', {
      listing_id: first,
      account_id: 'acct-bob',
    });
    expect(listing.body).toMatchObject({ status: 'draft', plan: 'none' });
    const free = await call('quote_order', BOB, {
      body: { items: [{ product: 'launch', listing_id: second, launch_week: week }] },
    });
    expect(free.status).toBe(200);
    await running.operations.runShop({ type: 'SetWeeklyLaunchCapacity', data: { capacity: 20 } }, 'operator');
  });

  it('when catalog and commerce stored events then each is declared and carries its schema version', async () => {
    expect(await storedEventProblems(commerceEventsFile(dir), commerceEvents)).toEqual([]);
    expect(await storedEventProblems(path.join(dir, 'catalog', 'events.sqlite'), catalogEvents)).toEqual([]);
  });
});
