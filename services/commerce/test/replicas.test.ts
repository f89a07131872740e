import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OperationReply, Principal } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import { openSqliteEventStore } from '@listings/platform/event-store';
import { createLogger, silentLogger } from '@listings/platform/logger';
import { openSqliteReadModelStore } from '@listings/platform/read-models';
import type { Reply } from '@listings/platform/testing/reply';
import { afterAll, describe, expect, it } from 'vitest';
import { startCatalog } from '../../catalog/src/main.ts';
import { commerceEventsFile } from '../src/application/shop-admin.ts';
import { commerceReadModelsFile, rebuildCommerceReadModels, startCommerce } from '../src/main.ts';

const ALICE: Principal = { account_id: 'acct-alice', scopes: ['account:read', 'orders:write'], via: 'api_key' };

describe('two commerce replicas on one DATA_DIR', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'commerce-replicas-'));
  const bus = createInProcessBus({});
  const clock = manualClock('2030-01-02T12:00:00.000Z');
  const config = { dataDir: dir, publicUrl: 'http://directory.test', demoData: false };
  const errors: string[] = [];
  const logger = createLogger({
    name: 'commerce',
    level: 'error',
    destination: { write: (line: string) => void errors.push(line) },
  });
  const startReplica = () => startCommerce({ bus, config, logger, overrides: { clock, payWaitMs: 50 } });
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await bus.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** the in-process bus hands each request to the replicas in turn */
  const call = async (operationId: string, input: { params?: object; query?: object; body?: unknown } = {}) =>
    (await bus.request(`commerce.${operationId}`, {
      operation_id: operationId,
      principal: ALICE,
      params: input.params ?? {},
      query: input.query ?? {},
      ...(input.body !== undefined ? { body: input.body } : {}),
    })) as OperationReply as Reply;

  it('when both fold the shared log and write the shared read-model store then they answer alike, and one started alone resumes with the same answers', async () => {
    const catalog = await startCatalog({ bus, clock, config, logger: silentLogger() });
    stops.push(catalog.stop);
    const a = await startReplica();
    const b = await startReplica();
    const listings: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const saved = (await bus.request('catalog.internal.save_listing_from_draft', {
        listing_id: null,
        draft_id: `00000000-0000-4000-8000-00000000000${i}`,
        owner_account_ids: ['acct-alice'],
        profile: { url: `https://www.replica${i}.com`, name: `Replica ${i}`, tagline: `Replica tagline ${i}` },
      })) as Reply;
      listings.push(saved.body.listing_id);
    }
    for (const listing of listings) {
      const created = await call('create_checkout', { body: { items: [{ product: 'launch', listing_id: listing }] } });
      expect(created.status, JSON.stringify(created.problem)).toBe(200);
    }

    // each replica folds the other's appends too (it polls the shared file): wait for the log's end
    const log = openSqliteEventStore({ path: commerceEventsFile(dir) });
    const head = (await log.readAll(0, 1000)).at(-1)?.position ?? 0;
    await log.close();
    await a.ordersIndex.waitFor(head);
    await b.ordersIndex.waitFor(head);
    const numbers = async () =>
      ((await call('list_my_orders')).body.items as { number: string }[]).map((o) => o.number);
    const seen = [await numbers(), await numbers()];
    expect(seen[0]).toHaveLength(3);
    expect(seen[1]).toEqual(seen[0]);
    const answer = (await call('list_my_orders')).body;

    await a.stop();
    await b.stop();
    // the shared store holds everything both folded, checkpoint included
    const store = openSqliteReadModelStore({ path: commerceReadModelsFile(dir) });
    expect((await store.all('orders')).map((o) => o.id).sort()).toEqual([...(seen[0] as string[])].sort());
    const checkpoint = await store.position();
    await store.close();
    expect(checkpoint).toBeGreaterThan(0);

    const alone = await startReplica();
    stops.push(alone.stop);
    expect((await call('list_my_orders')).body).toEqual(answer);
    await alone.stop();
    stops.pop();

    // and a rebuild from the log gives the same
    const rebuilt = await rebuildCommerceReadModels({ dataDir: dir });
    expect(rebuilt.documents).toBe(3);
    const again = await startReplica();
    stops.push(again.stop);
    expect((await call('list_my_orders')).body).toEqual(answer);
    expect(errors).toEqual([]);
  });
});
