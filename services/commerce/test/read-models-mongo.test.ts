import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OperationReply, Principal } from '@listings/contracts';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import { openSqliteEventStore } from '@listings/platform/event-store';
import { createLogger, silentLogger } from '@listings/platform/logger';
import { Secret } from '@listings/platform/mail';
import { openMongoReadModelStore, ReadModelStoreInUseError } from '@listings/platform/read-models';
import { ferretDbMissing, type RunningFerretDb, startFerretDb } from '@listings/platform/testing/ferretdb-server';
import type { Reply } from '@listings/platform/testing/reply';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalog } from '../../catalog/src/main.ts';
import { commerceEventsFile } from '../src/application/shop-admin.ts';
import { commerceReadModelsFile, rebuildCommerceReadModels, startCommerce } from '../src/main.ts';

const ALICE: Principal = { account_id: 'acct-alice', scopes: ['account:read', 'orders:write'], via: 'api_key' };

const missing = ferretDbMissing();
if (missing) console.warn(`skipping commerce on MongoDB read models: ${missing}`);

describe.skipIf(missing !== undefined)(
  'commerce with MONGO_URL: two replicas share the read models in MongoDB (FerretDB)',
  () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'commerce-mongo-'));
    const bus = createInProcessBus({});
    const clock = manualClock('2030-01-02T12:00:00.000Z');
    let server: RunningFerretDb;
    const errors: string[] = [];
    const logger = createLogger({
      name: 'commerce',
      level: 'error',
      destination: { write: (line: string) => void errors.push(line) },
    });
    const stops: (() => Promise<void>)[] = [];
    /** the replica left running by the first case */
    let alone: Awaited<ReturnType<typeof startCommerce>> | undefined;
    let answer: unknown;
    beforeAll(async () => {
      server = await startFerretDb();
    }, 30_000);
    afterAll(async () => {
      await alone?.stop();
      for (const stop of stops.reverse()) await stop();
      await bus.close();
      await server?.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    const config = () => ({
      dataDir: dir,
      publicUrl: 'http://directory.test',
      demoData: false,
      mongo: { url: new Secret(server.url), database: 'listings' },
    });
    const startReplica = () => startCommerce({ bus, config: config(), logger, overrides: { clock, payWaitMs: 50 } });

    const call = async (operationId: string, input: { params?: object; query?: object; body?: unknown } = {}) =>
      (await bus.request(`commerce.${operationId}`, {
        operation_id: operationId,
        principal: ALICE,
        params: input.params ?? {},
        query: input.query ?? {},
        ...(input.body !== undefined ? { body: input.body } : {}),
      })) as OperationReply as Reply;

    it('when both fold the shared log into MongoDB then they answer alike, and one started alone resumes from the checkpoint there', async () => {
      const catalog = await startCatalog({
        bus,
        clock,
        config: { dataDir: dir, publicUrl: 'http://directory.test', demoData: false },
        logger: silentLogger(),
      });
      stops.push(catalog.stop);
      const a = await startReplica();
      const b = await startReplica();
      const listings: number[] = [];
      for (let i = 1; i <= 3; i++) {
        const saved = (await bus.request('catalog.internal.save_listing_from_draft', {
          listing_id: null,
          draft_id: `00000000-0000-4000-8000-00000000000${i}`,
          owner_account_ids: ['acct-alice'],
          profile: { url: `https://www.mongo${i}.com`, name: `Mongo ${i}`, tagline: `Mongo tagline ${i}` },
        })) as Reply;
        listings.push(saved.body.listing_id);
      }
      for (const listing of listings) {
        const created = await call('create_checkout', {
          body: { items: [{ product: 'launch', listing_id: listing }] },
        });
        expect(created.status, JSON.stringify(created.problem)).toBe(200);
      }

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
      answer = (await call('list_my_orders')).body;

      await a.stop();
      await b.stop();
      // the documents and the checkpoint are in MongoDB under the service's prefix; no SQLite file
      const store = openMongoReadModelStore({ url: server.url, database: 'listings', prefix: 'commerce.' });
      expect((await store.all('orders')).map((o) => o.id).sort()).toEqual([...(seen[0] as string[])].sort());
      expect(await store.position()).toBe(head);
      await store.close();
      expect(existsSync(commerceReadModelsFile(dir))).toBe(false);

      alone = await startReplica();
      expect(alone.ordersIndex.position).toBe(head);
      expect((await call('list_my_orders')).body).toEqual(answer);
      expect(errors).toEqual([]);
    });

    it('when read-models rebuild runs on MONGO_URL then it is refused while a replica runs, and after it the answers are the same', async () => {
      const settings = { mongo: config().mongo };
      await expect(rebuildCommerceReadModels({ dataDir: dir, config: settings })).rejects.toThrow(
        ReadModelStoreInUseError,
      );
      await alone?.stop();
      alone = undefined;
      const store = openMongoReadModelStore({ url: server.url, database: 'listings', prefix: 'commerce.' });
      const position = await store.position();
      await store.write(
        [{ collection: 'orders', id: 'not-from-the-log', doc: { at: position + 1, doc: {} } }],
        position + 1,
      );
      // an open store counts as a running service: closed before the rebuild
      await store.close();
      const rebuilt = await rebuildCommerceReadModels({ dataDir: dir, config: settings });
      expect(rebuilt).toMatchObject({ documents: 3, position });
      const after = openMongoReadModelStore({ url: server.url, database: 'listings', prefix: 'commerce.' });
      expect((await after.all('orders')).map((row) => row.id)).not.toContain('not-from-the-log');
      expect(await after.position()).toBe(position);
      await after.close();
      expect(existsSync(commerceReadModelsFile(dir))).toBe(false);
      alone = await startReplica();
      expect((await call('list_my_orders')).body).toEqual(answer);
      expect(errors).toEqual([]);
    });
  },
);
