import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type OperationReply, operationById, type Principal } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import { openSqliteEventStore } from '@listings/platform/event-store';
import { silentLogger } from '@listings/platform/logger';
import type { Reply } from '@listings/platform/testing/reply';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalog } from '../../catalog/src/main.ts';
import { commerceEventsFile } from '../src/application/shop-admin.ts';
import { startCommerce } from '../src/main.ts';

const principal = (account: string, roles: string[] = []): Principal =>
  ({
    account_id: account,
    scopes: ['account:read', 'orders:write'],
    via: 'api_key',
    ...(roles.length > 0 ? { roles } : {}),
  }) as Principal;
const ALICE = principal('acct-alice');
const OPERATOR = principal('acct-operator', ['operator']);
const ANONYMOUS = { account_id: null, scopes: [], via: 'anonymous' } as unknown as Principal;

/** Catalog and commerce on one in-process bus (the local payment provider); Wednesday 2030-01-02. */
describe('refund_order: an operator refunds a paid order through the payment port', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'commerce-refund-'));
  const bus = createInProcessBus({});
  const clock = manualClock('2030-01-02T12:00:00.000Z');
  const config = { dataDir: dir, publicUrl: 'http://directory.test', demoData: false };
  let stop: () => Promise<void>;
  let drafts = 0;

  const call = async (operationId: string, who: Principal, input: { params?: object; body?: unknown } = {}) => {
    const op = operationById(operationId);
    if (!op) throw new Error(operationId);
    return (await bus.request(op.subject, {
      operation_id: operationId,
      principal: who,
      params: input.params ?? {},
      query: {},
      ...(input.body !== undefined ? { body: input.body } : {}),
    })) as OperationReply as Reply;
  };
  const internal = async (subject: string, request: object) => (await bus.request(subject, request)) as Reply;
  /** a pending order of Alice's for a billboard contribution to a new listing of hers */
  const pendingOrder = async (): Promise<string> => {
    const saved = await internal('catalog.internal.save_listing_from_draft', {
      listing_id: null,
      draft_id: `00000000-0000-4000-8000-${String(++drafts).padStart(12, '0')}`,
      owner_account_ids: ['acct-alice'],
      profile: { url: `https://www.refund${drafts}.com`, name: `refund${drafts}`, tagline: 'tagline' },
    });
    const created = await call('create_checkout', ALICE, {
      body: { items: [{ product: 'billboard', listing_id: saved.body.listing_id, amount_cents: 2500 }] },
    });
    expect(created.status).toBe(200);
    return created.body.number;
  };
  const paidOrder = async (): Promise<string> => {
    const number = await pendingOrder();
    const paid = await internal('commerce.internal.pay_order', { number, account_id: 'acct-alice' });
    expect(paid.status).toBe(200);
    return number;
  };

  beforeAll(async () => {
    const catalog = await startCatalog({ bus, clock, config, logger: silentLogger() });
    const commerce = await startCommerce({ bus, config, logger: silentLogger(), overrides: { clock } });
    stop = async () => {
      await commerce.stop();
      await catalog.stop();
      await bus.close();
      rmSync(dir, { recursive: true, force: true });
    };
  }, 60_000);
  afterAll(async () => stop?.());

  it('when someone without the operator role refunds an order then it is 403 (401 signed out), and it stays paid', async () => {
    const number = await paidOrder();
    const refused = await call('refund_order', ALICE, { params: { number }, body: { reason: 'I want my money' } });
    expect(refused.status).toBe(403);
    expect(refused.problem.detail).toMatch(/operator role/);
    expect((await call('refund_order', ANONYMOUS, { params: { number }, body: { reason: 'x y z' } })).status).toBe(401);
    expect((await call('get_order', ALICE, { params: { number } })).body.status).not.toBe('refunded');
  });

  it('when an operator refunds a paid order then the provider refunds it, the order records it, and its buyer sees it refunded', async () => {
    const number = await paidOrder();
    const refunded = await call('refund_order', OPERATOR, {
      params: { number },
      body: { reason: 'charged twice by mistake' },
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ number, status: 'refunded' });
    expect(refunded.body.status_reason).toBe('Refunded $25.00: charged twice by mistake');
    const mine = await call('get_order', ALICE, { params: { number } });
    expect(mine.body).toMatchObject({ status: 'refunded', status_reason: 'Refunded $25.00: charged twice by mistake' });
    const listed = await call('list_my_orders', ALICE);
    expect(listed.body.items.find((o: { number: string }) => o.number === number)).toMatchObject({
      status: 'refunded',
    });
    // again: nothing more is refunded or recorded
    expect(
      (await call('refund_order', OPERATOR, { params: { number }, body: { reason: 'once more' } })).body.status_reason,
    ).toBe('Refunded $25.00: charged twice by mistake');
    // the operators' audit (catalog's list_operator_actions) asks commerce for its refunds
    const audit = await call('list_operator_actions', { ...OPERATOR, scopes: ['account:read'] });
    expect(audit.status).toBe(200);
    expect(audit.body.items).toContainEqual(
      expect.objectContaining({
        action: 'order_refunded',
        order: number,
        operator: 'acct-operator',
        reason: 'charged twice by mistake',
      }),
    );
    const log = openSqliteEventStore({ path: commerceEventsFile(dir) });
    try {
      const refunds = (await log.readStream(`order-${number}`)).filter((e) => e.type === 'OrderRefunded');
      expect(refunds.map((e) => e.data)).toEqual([
        expect.objectContaining({
          number,
          amount_cents: 2500,
          operator: 'acct-operator',
          reason: 'charged twice by mistake',
          // the id the payment port answered (the local provider's)
          refund_id: expect.stringMatching(/^local-refund-local-/),
        }),
      ]);
    } finally {
      await log.close();
    }
  });

  it('when the order was not paid then it is 409; an unknown order is 404; no reason is 400 naming body.reason', async () => {
    const pending = await pendingOrder();
    const unpaid = await call('refund_order', OPERATOR, { params: { number: pending }, body: { reason: 'refund it' } });
    expect(unpaid.status).toBe(409);
    expect(unpaid.problem.detail).toMatch(/nothing was paid/);
    expect(
      (await call('refund_order', OPERATOR, { params: { number: 'NOPE-1' }, body: { reason: 'refund it' } })).status,
    ).toBe(404);
    const noReason = await call('refund_order', OPERATOR, { params: { number: pending }, body: { reason: '' } });
    expect(noReason.status).toBe(400);
    expect(noReason.problem.errors.map((e: { field: string }) => e.field)).toContain('body.reason');
  });
});
