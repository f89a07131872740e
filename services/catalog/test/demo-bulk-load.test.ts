import { catalogEvents } from '@listings/contracts/events';
import { manualClock } from '@listings/platform/clock';
import { openMemoryEventStore, withEventSchemas } from '@listings/platform/event-store';
import { silentLogger } from '@listings/platform/logger';
import { openMemoryReadModelStore, type ReadModelStore } from '@listings/platform/read-models';
import { openEmbeddedSearchIndex } from '@listings/platform/search';
import { describe, expect, it } from 'vitest';
import { loadDemoCatalog, loadDemoCatalogInBulk } from '../src/application/demo/demo-catalog.ts';
import { LISTING_SEARCH_FIELDS } from '../src/main.ts';
import { openCatalogReadModel } from '../src/projections/catalog/read-model.ts';

const DEMO = { seed: 7, listings: 40, people: 30, blogPosts: 3 };
const NOW = '2026-11-18T12:00:00.000Z';

/** a queryable store (as MongoDB is) that counts what the read model asks of it */
const counting = (store: ReadModelStore) => {
  const calls = { write: 0, get: 0, find: 0 };
  return {
    calls,
    store: {
      ...store,
      write: (rows, position) => {
        calls.write++;
        return store.write(rows, position);
      },
      get: (collection, id) => {
        calls.get++;
        return store.get(collection, id);
      },
      find: (collection, options) => {
        calls.find++;
        return (store.find as NonNullable<ReadModelStore['find']>)(collection, options);
      },
    } satisfies ReadModelStore,
  };
};

const search = () => openEmbeddedSearchIndex({ path: ':memory:', fields: LISTING_SEARCH_FIELDS });

/**
 * Issue #28: with the production stores the demo catalog did not load in 120 s: each of its
 * thousands of commands waited on the read model, which wrote every change to FerretDB within
 * 50 ms (an update scans the table there) and read each new listing back from it. Now it is
 * built in memory, appended in bulk, and the read model writes it in one batch as it catches up.
 */
describe('the demo catalog on a production (queryable) read-model store', () => {
  it('when the demo catalog loads then the store is written once, asked for no document, and holds what loading it command by command gives', async () => {
    const raw = openMemoryEventStore();
    const events = withEventSchemas(raw, catalogEvents);
    const clock = manualClock(NOW);
    await loadDemoCatalogInBulk(
      {
        target: raw,
        wrap: (memory) => withEventSchemas(memory, catalogEvents),
        clock,
        openReadModel: (memory) =>
          openCatalogReadModel({
            events: memory,
            store: openMemoryReadModelStore(),
            search: search(),
            logger: silentLogger(),
            documents: 'memory',
          }),
      },
      DEMO,
    );
    const production = counting(openMemoryReadModelStore());
    const readModel = await openCatalogReadModel({
      events,
      store: production.store,
      search: search(),
      logger: silentLogger(),
      documents: 'store',
    });
    expect(production.calls).toEqual({ write: 1, get: 0, find: 0 });
    // the start's queries are answered from what the read model wrote, not by the store
    const live = await readModel.view.findListings({ where: { 'doc.status': { eq: 'live' } }, sort: [['doc.id', 1]] });
    expect(production.calls.find).toBe(0);

    // the same demo, command by command, on the embedded read model: the same listings
    const oneByOne = openMemoryEventStore();
    const reference = await openCatalogReadModel({
      events: withEventSchemas(oneByOne, catalogEvents),
      store: openMemoryReadModelStore(),
      search: search(),
      logger: silentLogger(),
      documents: 'memory',
    });
    await loadDemoCatalog(
      { events: withEventSchemas(oneByOne, catalogEvents), readModel: reference, clock: manualClock(NOW) },
      DEMO,
    );
    const expected = await reference.view.findListings({
      where: { 'doc.status': { eq: 'live' } },
      sort: [['doc.id', 1]],
    });
    expect(live.length).toBeGreaterThan(0);
    expect(live.map((doc) => [doc.slug, doc.status, doc.launch_week, Object.keys(doc.votes).length])).toEqual(
      expected.map((doc) => [doc.slug, doc.status, doc.launch_week, Object.keys(doc.votes).length]),
    );
    expect(readModel.view.position).toBe(reference.view.position);
    await reference.close();
    await readModel.close();
  });
});
