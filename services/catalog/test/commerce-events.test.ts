import { billboardContributionRecorded, orderPaid, paidLaunchPublished, paidLaunchRefused } from '@listings/contracts';
import type { Consumer, DeliveredEvent } from '@listings/platform/bus';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addListing, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

/**
 * The catalog's side of a paid order, over its own bus: commerce's `order_paid` events in, the
 * catalog's `paid_launch_published` / `billboard_contribution_recorded` out.
 */
describe('the catalog reacting to paid orders (events.commerce.order_paid)', () => {
  let t: TestCatalog;
  let watcher: Consumer;
  const published: DeliveredEvent[] = [];
  let sent = 0;

  beforeAll(async () => {
    t = await startTestCatalog();
    await seedCategories(t);
    watcher = await t.bus.consume({
      durable: 'test-watcher',
      filter: 'events.catalog.>',
      handler: async (event) => {
        published.push(event);
      },
    });
  });
  afterAll(async () => {
    await watcher.stop();
    await t.stop();
  });

  const paid = (number: string, lines: unknown[]) =>
    t.bus.publish({
      subject: orderPaid.subject,
      id: `order-paid-${++sent}`,
      data: { number, account_id: 'acct-buyer', lines, paid_at: '2026-11-18T12:00:00.000Z' },
    });

  it('when orders are paid then each line is carried out once for its order, a refused line or a malformed event holds nothing up, and the outcomes are published', async () => {
    const free = await addListing(t, 'Freebie', { categories: ['Note Taking'] }, { plan: 'free' });
    const bought = await addListing(t, 'Bought', { categories: ['Note Taking'] }, false);
    const scheduled = await addListing(t, 'Later', { categories: ['Design'] }, false);

    // live on the free plan already: the catalog refuses this launch and says so (it needs a refund)
    await paid('A-1', [{ line: 0, kind: 'launch', listing_id: free.listing_id, launch_week: null }]);
    // malformed: skipped, never retried
    await t.bus.publish({ subject: orderPaid.subject, id: 'malformed', data: { number: 'A-x' } });
    await paid('A-2', [
      { line: 0, kind: 'launch', listing_id: bought.listing_id, launch_week: null, extra_categories: ['design'] },
      { line: 1, kind: 'billboard', listing_id: free.listing_id, amount_cents: 700 },
    ]);
    await paid('A-3', [{ line: 0, kind: 'launch', listing_id: scheduled.listing_id, launch_week: '2026-12-07' }]);
    // a second order for a listing whose paid launch is A-2's: refused, the listing does not change
    await paid('A-4', [{ line: 0, kind: 'launch', listing_id: bought.listing_id, launch_week: '2026-12-07' }]);
    // handled after A-4 (one event at a time, in order): its outcome shows A-4 was handled
    await paid('A-5', [{ line: 0, kind: 'billboard', listing_id: scheduled.listing_id, amount_cents: 600 }]);

    await vi.waitFor(() => expect(published).toHaveLength(6), { timeout: 10_000, interval: 10 });
    expect(published.map((e) => [e.subject, e.data])).toEqual([
      [
        paidLaunchRefused.subject,
        {
          order_number: 'A-1',
          listing_id: free.listing_id,
          reason: 'a live listing cannot be published',
          at: expect.any(String),
        },
      ],
      [
        paidLaunchPublished.subject,
        { order_number: 'A-2', listing_id: bought.listing_id, launch_week: null, at: expect.any(String) },
      ],
      [
        billboardContributionRecorded.subject,
        { order_number: 'A-2', listing_id: free.listing_id, amount_cents: 700, at: expect.any(String) },
      ],
      [
        paidLaunchPublished.subject,
        { order_number: 'A-3', listing_id: scheduled.listing_id, launch_week: '2026-12-07', at: expect.any(String) },
      ],
      [
        paidLaunchRefused.subject,
        {
          order_number: 'A-4',
          listing_id: bought.listing_id,
          reason: `listing ${bought.listing_id}'s paid launch is order A-2's`,
          at: expect.any(String),
        },
      ],
      [
        billboardContributionRecorded.subject,
        { order_number: 'A-5', listing_id: scheduled.listing_id, amount_cents: 600, at: expect.any(String) },
      ],
    ]);
    const view = t.catalog.readModel.view;
    expect(await view.listing(free.listing_id)).toMatchObject({ status: 'live', plan: 'free', billboard_cents: 700 });
    expect(await view.listing(bought.listing_id)).toMatchObject({
      status: 'live',
      plan: 'paid',
      categories: ['note-taking', 'design'],
    });
    expect(await view.listing(scheduled.listing_id)).toMatchObject({
      status: 'scheduled',
      plan: 'paid',
      launch_week: '2026-12-07',
    });
    // A-4 changed nothing: the listing's paid launch stays A-2's
    const recorded = (await t.catalog.events.readAll(0, 10_000)).filter((e) => e.type === 'PaidLaunchRecorded');
    expect(recorded.map((e) => (e.data as { order_number: string }).order_number)).toEqual(['A-2', 'A-3']);

    // every order told again (a redelivery): nothing more is recorded or published
    const before = (await t.catalog.events.readAll(0, 10_000)).length;
    for (const [number, lines] of [
      ['A-1', [{ line: 0, kind: 'launch', listing_id: free.listing_id, launch_week: null }]],
      ['A-2', [{ line: 0, kind: 'launch', listing_id: bought.listing_id, launch_week: null }]],
      ['A-4', [{ line: 0, kind: 'launch', listing_id: bought.listing_id, launch_week: '2026-12-07' }]],
    ] as const)
      await paid(number, [...lines]);
    await paid('A-6', [{ line: 0, kind: 'billboard', listing_id: bought.listing_id, amount_cents: 500 }]);
    await vi.waitFor(() => expect(published).toHaveLength(7), { timeout: 10_000, interval: 10 });
    expect(published[6]?.data).toMatchObject({ order_number: 'A-6' });
    expect((await t.catalog.events.readAll(0, 10_000)).length).toBe(before + 1); // A-6's contribution only
  });
});
