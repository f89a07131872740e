import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type OperationReply, operationById, type Principal } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import { silentLogger } from '@listings/platform/logger';
import type { Reply } from '@listings/platform/testing/reply';
import type { InProcessRunner } from '@listings/platform/workflows';
import { afterAll, describe, expect, it } from 'vitest';
import { startCatalog } from '../../catalog/src/main.ts';
import { startCommerce } from '../src/main.ts';
import { orderWorkflowId } from '../src/workflows/order-workflow.ts';

const ALICE: Principal = { account_id: 'acct-alice', scopes: ['account:read', 'orders:write'], via: 'api_key' };

describe('a paid order whose fulfilment could not reach the catalog', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'commerce-recovery-'));
  const bus = createInProcessBus({});
  const clock = manualClock('2030-01-02T12:00:00.000Z');
  const config = { dataDir: dir, publicUrl: 'http://directory.test', demoData: false };
  const startCatalogHere = () => startCatalog({ bus, clock, config, logger: silentLogger() });
  const startCommerceHere = () =>
    startCommerce({
      bus,
      config,
      logger: silentLogger(),
      overrides: {
        clock,
        retry: { maxAttempts: 2, initialIntervalMs: 1, maxIntervalMs: 1 },
        payWaitMs: 50,
        // each run of the fulfilment step waits this long for the catalog's events
        fulfilWaitMs: 1_000,
      },
    });
  let catalog: Awaited<ReturnType<typeof startCatalogHere>> | undefined;
  let commerce: Awaited<ReturnType<typeof startCommerceHere>> | undefined;
  afterAll(async () => {
    await commerce?.stop();
    await catalog?.stop();
    await bus.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = async (operationId: string, input: { params?: object; body?: unknown } = {}) =>
    (await bus.request(`commerce.${operationId}`, {
      operation_id: operationId,
      principal: ALICE,
      params: input.params ?? {},
      query: {},
      ...(input.body !== undefined ? { body: input.body } : {}),
    })) as OperationReply as Reply;
  const internal = async (subject: string, request: object) => (await bus.request(subject, request)) as Reply;

  it('when the catalog is down at payment then the order stays paid, and a restart fulfils it', async () => {
    expect(operationById('create_checkout')?.service).toBe('commerce');
    catalog = await startCatalogHere();
    commerce = await startCommerceHere();
    const saved = await internal('catalog.internal.save_listing_from_draft', {
      listing_id: null,
      draft_id: '00000000-0000-4000-8000-000000000001',
      owner_account_ids: ['acct-alice'],
      profile: { url: 'https://www.recovered.com', name: 'Recovered', tagline: 'Recovered tagline' },
    });
    const created = await call('create_checkout', {
      body: { items: [{ product: 'launch', listing_id: saved.body.listing_id }] },
    });
    const number = created.body.number as string;

    await catalog.stop();
    catalog = undefined;
    const paid = await internal('commerce.internal.pay_order', { number, account_id: 'acct-alice' });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', lines: [{ fulfilled: false }] });
    // the workflow gave up for now (its retries ran out); the payment is kept
    await (commerce.runner as InProcessRunner).settled(orderWorkflowId(number));
    expect((await call('get_order', { params: { number } })).body.status).toBe('paid');

    // both back: the order's workflow resumes and fulfils it
    catalog = await startCatalogHere();
    await commerce.stop();
    commerce = await startCommerceHere();
    await (commerce.runner as InProcessRunner).settled(orderWorkflowId(number));
    expect((await call('get_order', { params: { number } })).body).toMatchObject({
      status: 'fulfilled',
      lines: [{ fulfilled: true }],
    });
    const listing = await internal('catalog.internal.describe_listing_for_order', {
      listing_id: saved.body.listing_id,
      account_id: 'acct-alice',
    });
    expect(listing.body).toMatchObject({ status: 'live', plan: 'paid' });
  });
});
