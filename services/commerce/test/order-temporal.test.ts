/**
 * The commerce service with its order workflow on a real Temporal (a dev server this file starts
 * from the stand-in binaries; skips, saying why, without them): catalog and commerce on one
 * in-process bus, commerce's Temporal worker running the real activities.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type OperationReply, operationById, type Principal } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import { silentLogger } from '@listings/platform/logger';
import type { Reply } from '@listings/platform/testing/reply';
import { startTemporalDevServer, temporalAvailable } from '@listings/platform/testing/temporal-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalog } from '../../catalog/src/main.ts';
import { startCommerce } from '../src/main.ts';
import { orderWorkflowId } from '../src/workflows/order-workflow.ts';

const ALICE: Principal = { account_id: 'acct-alice', scopes: ['account:read', 'orders:write'], via: 'api_key' };

const available = temporalAvailable('dev', 'the commerce service on Temporal');

describe.skipIf(!available)('orders paid and fulfilled by the order workflow on Temporal', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'commerce-temporal-'));
  const bus = createInProcessBus({});
  const clock = manualClock('2030-01-02T12:00:00.000Z');
  const config = { dataDir: dir, publicUrl: 'http://directory.test', demoData: false };
  let temporal: Awaited<ReturnType<typeof startTemporalDevServer>>;
  let stop: () => Promise<void> = async () => undefined;

  const call = async (operationId: string, body: unknown) => {
    const op = operationById(operationId);
    if (!op) throw new Error(operationId);
    return (await bus.request(op.subject, {
      operation_id: operationId,
      principal: ALICE,
      params: {},
      query: {},
      body,
    })) as OperationReply as Reply;
  };
  const internal = async (subject: string, request: object) => (await bus.request(subject, request)) as Reply;

  beforeAll(async () => {
    temporal = await startTemporalDevServer();
    const catalog = await startCatalog({ bus, clock, config, logger: silentLogger() });
    const commerce = await startCommerce({
      bus,
      config,
      logger: silentLogger(),
      overrides: { clock },
      settings: { temporalAddress: temporal.address, temporalTaskQueue: `commerce-test-${process.pid}` },
    });
    stop = async () => {
      await commerce.stop();
      await catalog.stop();
      await bus.close();
      await temporal.teardown();
      rmSync(dir, { recursive: true, force: true });
    };
  }, 90_000);
  afterAll(async () => stop());

  it('when a checkout is paid then the Temporal worker fulfils it and the listing is live', async () => {
    const saved = await internal('catalog.internal.save_listing_from_draft', {
      listing_id: null,
      draft_id: '00000000-0000-4000-8000-000000000001',
      owner_account_ids: ['acct-alice'],
      profile: { url: 'https://www.ontemporal.com', name: 'ontemporal', tagline: 'launched through Temporal' },
    });
    const id = saved.body.listing_id;
    const created = await call('create_checkout', {
      items: [{ product: 'launch', listing_id: id }],
      billing_country: 'US',
    });
    expect(created.status).toBe(200);
    const number = created.body.number;
    // the order's workflow runs on Temporal, waiting for the payment
    const handle = temporal.client.workflow.getHandle(orderWorkflowId(number));
    expect((await handle.describe()).status.name).toBe('RUNNING');

    const paid = await internal('commerce.internal.pay_order', { number, account_id: 'acct-alice' });
    expect(paid.status).toBe(200);
    await handle.result();
    expect((await handle.describe()).status.name).toBe('COMPLETED');
    const order = await internal('commerce.internal.pay_order', { number, account_id: 'acct-alice' });
    expect(order.body).toMatchObject({ status: 'fulfilled', lines: [{ product: 'launch', fulfilled: true }] });
    const listing = await internal('catalog.internal.describe_listing_for_order', {
      listing_id: id,
      account_id: 'acct-alice',
    });
    expect(listing.body).toMatchObject({ status: 'live', plan: 'paid' });
  }, 60_000);
});
