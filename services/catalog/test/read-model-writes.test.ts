import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogEvents } from '@listings/contracts/events';
import { openMemoryEventStore, openSqliteEventStore, withEventSchemas } from '@listings/platform/event-store';
import { silentLogger } from '@listings/platform/logger';
import { openMemoryReadModelStore, type ReadModelStore } from '@listings/platform/read-models';
import { openEmbeddedSearchIndex } from '@listings/platform/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBenchCatalog } from '../../../bench/catalog-data.ts';
import { LISTING_SEARCH_FIELDS } from '../src/main.ts';
import { openCatalogReadModel } from '../src/projections/catalog/read-model.ts';
import { addListing, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

/** a store that counts its writes */
const countingWrites = (store: ReadModelStore) => {
  const writes: number[] = [];
  return {
    writes,
    store: {
      ...store,
      write: async (rows, position) => {
        writes.push(position);
        await store.write(rows, position);
      },
    } satisfies ReadModelStore,
  };
};

describe("the catalog read model's writes", () => {
  let t: TestCatalog;
  beforeAll(async () => {
    t = await startTestCatalog();
    await seedCategories(t);
    await addListing(t, 'Viewed', { categories: ['Design'] }, { plan: 'paid' });
  });
  afterAll(() => t.stop());

  it('when page views come one after another then they are written together, not one write each', async () => {
    // the catalog's events so far, copied into an event store the test appends to at its own pace
    const events = openMemoryEventStore();
    for (const event of await t.catalog.events.readAll(0, 10_000))
      await events.append(event.stream, [{ id: event.id, type: event.type, data: event.data }], 'any');
    const { store, writes } = countingWrites(openMemoryReadModelStore());
    const search = openEmbeddedSearchIndex({ path: ':memory:', fields: LISTING_SEARCH_FIELDS });
    const readModel = await openCatalogReadModel({ events, store, search, logger: silentLogger() });
    const listing = (await readModel.view.listingBySlug('viewed'))?.id as number;
    writes.length = 0;

    // twenty views, each in a turn of the event loop of its own (as requests bring them)
    let last = 0;
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      ({ position: last } = await events.append(
        `views-${listing}_2026-11-18_visitor${i}`,
        [
          {
            id: randomUUID(),
            type: 'ListingViewed',
            data: { listing_id: listing, count: 1, at: t.clock.now().toISOString() },
          },
        ],
        'no_stream',
      ));
    }
    await readModel.waitFor(last);
    expect((await readModel.view.listing(listing))?.views).toBe(20);
    // written by the read model's own schedule, not by a flush the test asks for
    while ((await store.position()) < last) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(writes.length).toBeLessThanOrEqual(3);
    await readModel.close();
    await search.close();
  });
});

describe("the catalog read model's first start on an empty store", () => {
  it('when it catches up from position 0 then every document is written once, in one write at the end, none written and then updated', async () => {
    // issue #28: FerretDB 1.24 (SQLite) answers every update, even by _id, with a scan of the
    // table; writing every 5,000 documents meant rewriting the earlier ones, which grew quadratically
    const dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-first-start-'));
    try {
      // enough listings and founders for more than one write of 5,000 documents
      await writeBenchCatalog(dir, 3000);
      const events = withEventSchemas(
        openSqliteEventStore({ path: path.join(dir, 'catalog', 'events.sqlite') }),
        catalogEvents,
      );
      const memory = openMemoryReadModelStore();
      const { store, writes } = countingWrites(memory);
      const search = openEmbeddedSearchIndex({ path: ':memory:', fields: LISTING_SEARCH_FIELDS });
      const readModel = await openCatalogReadModel({
        events,
        store,
        search,
        logger: silentLogger(),
        documents: 'store',
      });
      expect(writes).toHaveLength(1);
      expect(await memory.count?.('listings')).toBe(3000);
      expect(await memory.count?.('founders')).toBeGreaterThan(2000);
      await readModel.close();
      await search.close();
      await events.close?.();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
