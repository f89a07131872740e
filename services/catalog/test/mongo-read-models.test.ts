import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import type { MongoSettings } from '@listings/platform/config';
import { createLogger, type Logger, silentLogger } from '@listings/platform/logger';
import { Secret } from '@listings/platform/mail';
import { openMongoReadModelStore, type ReadModelStore, ReadModelStoreInUseError } from '@listings/platform/read-models';
import { openEmbeddedSearchIndex, type SearchIndex, type SearchQuery } from '@listings/platform/search';
import {
  ferretDbMissing,
  type RunningFerretDb,
  startFerretDb,
  withMongoDatabase,
} from '@listings/platform/testing/ferretdb-server';
import {
  type RunningTypesenseServer,
  startTypesenseServer,
  TYPESENSE_INSTALL_HINT,
  typesenseServerAvailable,
} from '@listings/platform/testing/typesense-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_SEARCH_FIELDS, rebuildCatalogReadModels, startCatalog } from '../src/main.ts';
import { type CatalogView, openCatalogReadModel } from '../src/projections/catalog/read-model.ts';
import { startTestCatalog } from './support.ts';

const missing = ferretDbMissing();
if (missing) console.warn(`skipping the catalog's MongoDB read-model tests: ${missing}`);

const typesense = typesenseServerAvailable();
if (!typesense) console.warn(`skipping the catalog rebuild on MongoDB + Typesense: ${TYPESENSE_INSTALL_HINT}`);

const snapshot = async (view: CatalogView) => ({
  position: view.position,
  listings: (await view.findListings({})).sort((a, b) => a.id - b.id),
  categories: Object.fromEntries([...view.categories].sort()),
  blog: Object.fromEntries([...view.blog].sort()),
  awards: Object.fromEntries([...view.awards].sort()),
  settings: view.settings(),
  founders: await view.findFounders({}),
});

const QUERIES: SearchQuery[] = [
  { filters: { status: 'live' }, sort: { field: 'views', direction: 'desc' }, offset: 0, limit: 100 },
  { text: 'cloud', filters: { status: 'live' }, offset: 0, limit: 20 },
  { filters: { status: 'upcoming' }, sort: { field: 'newest', direction: 'asc' }, offset: 0, limit: 100 },
];
const answers = async (view: CatalogView) => Promise.all(QUERIES.map((query) => view.search.search(query)));

/** a logger that keeps the messages logged at error level (a replica's "flush failed") */
const errorLogger = (): { logger: Logger; errors: string[] } => {
  const errors: string[] = [];
  const logger = createLogger({
    name: 'catalog-mongo-test',
    level: 'error',
    destination: { write: (line: string) => errors.push(line) },
  });
  return { logger, errors };
};

describe.skipIf(missing !== undefined)('catalog read models in MongoDB (FerretDB)', () => {
  let server: RunningFerretDb;
  let databases = 0;
  beforeAll(async () => {
    server = await startFerretDb();
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });
  const freshDatabase = () => `catalog_test_${++databases}`;
  const mongoSettings = (database: string): MongoSettings => ({ url: new Secret(server.url), database });
  /** what the adapter stored, read (or set back) past it */
  interface Row {
    _id: string;
    position?: number;
    doc?: unknown;
  }

  it('when MONGO_URL is set then the catalog keeps its documents, checkpoint and indexes in catalog.* and a restart answers the same', async () => {
    const database = freshDatabase();
    const first = await startTestCatalog({ demo: true, mongo: mongoSettings(database) });
    const before = await first.call('search_listings', { query: { sort: 'votes', per_page: 50 } });
    const position = first.catalog.readModel.view.position;
    await first.stop(false);

    await withMongoDatabase(server.url, database, async (db) => {
      const listings = db.collection<Row>('catalog.listings');
      expect(await listings.countDocuments({ doc: { $ne: null } })).toBe(60);
      expect(await db.collection<Row>('catalog.checkpoint').findOne({ _id: 'read-models' })).toMatchObject({
        position,
      });
      expect((await listings.indexes()).map((index) => index.name)).toEqual(
        expect.arrayContaining([
          'q_unique_doc.slug',
          'q_doc.draft_id',
          'q_doc.owners',
          'q_doc.status_doc.launch_week_doc.id',
          'q_doc.status_keys.votes',
        ]),
      );
      // the queried paths at the top level of each row, where FerretDB 1.24 indexes them too
      const live = await listings.findOne({ q_doc__status: 'live' });
      expect(live).toMatchObject({ q_doc__status: 'live', q_doc__slug: expect.any(String) });
    });
    try {
      const again = await startTestCatalog({ demo: true, dir: first.dir, mongo: mongoSettings(database) });
      try {
        expect(again.catalog.readModel.view.position).toBe(position);
        expect(await again.call('search_listings', { query: { sort: 'votes', per_page: 50 } })).toEqual(before);
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(first.dir, { recursive: true, force: true });
    }
  }, 60_000);

  /**
   * A reference catalog (its events and its live view), a read model on MongoDB and an embedded
   * search index that "crashes" where the case says, then a restart on what the crash left.
   */
  const crashCase = async (crash: { checkpointBack: boolean }) => {
    const t = await startTestCatalog({ demo: true });
    const database = freshDatabase();
    const options = { url: server.url, database, prefix: 'catalog.' };
    const store = openMongoReadModelStore(options);
    const search = openEmbeddedSearchIndex({ path: ':memory:', fields: LISTING_SEARCH_FIELDS });
    let failing = false;
    const crashingSearch: SearchIndex = {
      ...search,
      apply: async (changes, at) => {
        if (failing) throw new Error('crashed before the search index');
        return search.apply(changes, at);
      },
    };
    const { logger, errors } = errorLogger();
    try {
      const first = await openCatalogReadModel({ events: t.catalog.events, store, search: crashingSearch, logger });
      const searchedAt = await search.position();
      expect(searchedAt).toBe(first.view.position);
      // more events (views on live listings): the store takes them, the search index does not
      failing = true;
      const live = (await t.catalog.readModel.view.findListings({})).filter((doc) => doc.status === 'live').slice(0, 5);
      for (const [i, doc] of live.entries()) await t.catalog.commands.recordViews(doc.slug, 10 + i);
      await first.waitFor(t.catalog.readModel.view.position);
      await expect(first.flush()).rejects.toThrow('crashed before the search index');
      expect(await store.position()).toBe(t.catalog.readModel.view.position);
      await expect(first.close()).rejects.toThrow('crashed before the search index');
      // the scheduled flush said so too: not silent
      expect(errors.join('')).toContain('catalog read model flush failed');
      if (crash.checkpointBack) {
        // and the checkpoint never made it: the documents are ahead of it (MongoDB has no transaction)
        await withMongoDatabase(server.url, database, (db) =>
          db
            .collection<Row>('catalog.checkpoint')
            .updateOne({ _id: 'read-models' }, { $set: { position: searchedAt } }),
        );
        expect(await store.position()).toBe(searchedAt);
      }
      expect(await search.position()).toBe(searchedAt);

      // the restart converges: documents folded once (views not counted twice), search caught up
      const restarted = await openCatalogReadModel({
        events: t.catalog.events,
        store,
        search,
        logger: silentLogger(),
      });
      await restarted.flush();
      expect(await snapshot(restarted.view)).toEqual(await snapshot(t.catalog.readModel.view));
      expect(await search.position()).toBe(t.catalog.readModel.view.position);
      expect(await store.position()).toBe(t.catalog.readModel.view.position);
      expect(await answers(restarted.view)).toEqual(await answers(t.catalog.readModel.view));
      await restarted.close();
    } finally {
      await search.close();
      await store.close();
      await t.stop();
    }
  };

  it('when it crashed after the documents and the checkpoint but before the search index then a restart brings search up before answering', async () => {
    await crashCase({ checkpointBack: false });
  }, 60_000);

  it('when it crashed after the documents but before the checkpoint and the search index then a restart folds nothing twice and search catches up', async () => {
    await crashCase({ checkpointBack: true });
  }, 60_000);

  it('when two catalog replicas share one MongoDB, each its own connection, then neither fails a flush and both stores agree with the log', async () => {
    const database = freshDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catalog-mongo-replicas-'));
    const clock = manualClock('2026-11-18T12:00:00.000Z');
    const replicas: { catalog: Awaited<ReturnType<typeof startCatalog>>; errors: string[] }[] = [];
    const buses = [createInProcessBus({}), createInProcessBus({})];
    try {
      for (const [i, bus] of buses.entries()) {
        const { logger, errors } = errorLogger();
        const catalog = await startCatalog({
          bus,
          clock,
          logger,
          config: {
            dataDir,
            publicUrl: 'http://directory.test',
            demoData: i === 0,
            mongo: mongoSettings(database),
          },
          demo: { seed: 7, listings: 60, people: 50, blogPosts: 10 },
          readModelDir: path.join(dataDir, `replica-${i + 1}`),
          safeFetch: async (url: string | URL) => {
            throw new Error(`this test catalog fetches nothing (${url})`);
          },
        });
        replicas.push({ catalog, errors });
      }
      const [a, b] = replicas as [(typeof replicas)[number], (typeof replicas)[number]];
      // both write: views recorded through either replica, interleaved, each flushing as it goes
      const live = (await a.catalog.readModel.view.findListings({})).filter((doc) => doc.status === 'live').slice(0, 6);
      await Promise.all(live.map((doc, i) => (i % 2 === 0 ? a : b).catalog.commands.recordViews(doc.slug, 3 + i)));
      const end = Math.max(a.catalog.readModel.view.position, b.catalog.readModel.view.position);
      await a.catalog.readModel.waitFor(end);
      await b.catalog.readModel.waitFor(end);
      await a.catalog.readModel.flush();
      await b.catalog.readModel.flush();

      expect(a.errors).toEqual([]);
      expect(b.errors).toEqual([]);
      expect(await snapshot(b.catalog.readModel.view)).toEqual(await snapshot(a.catalog.readModel.view));
      expect(await answers(b.catalog.readModel.view)).toEqual(await answers(a.catalog.readModel.view));
      // what MongoDB holds is that same state, at that position
      const store: ReadModelStore = openMongoReadModelStore({ url: server.url, database, prefix: 'catalog.' });
      try {
        expect(await store.position()).toBe(end);
        const stored = (await store.all('listings')).map((row) => (row.doc as { doc: unknown }).doc);
        expect(stored).toEqual(
          (await snapshot(a.catalog.readModel.view)).listings
            .slice()
            .sort((x, y) => String(x.id).localeCompare(String(y.id))),
        );
        // and a rebuild is refused while they run
        await expect(
          rebuildCatalogReadModels({ dataDir, config: { mongo: mongoSettings(database) }, logger: silentLogger() }),
        ).rejects.toThrow(ReadModelStoreInUseError);
      } finally {
        await store.close();
      }
    } finally {
      for (const { catalog } of replicas) await catalog.stop();
      for (const bus of buses) await bus.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe.skipIf(missing !== undefined || !typesense)(
  'read-models rebuild of the catalog on MongoDB + Typesense',
  () => {
    let mongo: RunningFerretDb;
    let search: RunningTypesenseServer;
    beforeAll(async () => {
      [mongo, search] = await Promise.all([startFerretDb(), startTypesenseServer()]);
    }, 60_000);
    afterAll(async () => {
      await mongo?.stop();
      await search?.stop();
    });

    it('when the catalog runs the rebuild is refused; stopped, it rebuilds documents and search from the log and the answers are the same', async () => {
      const config = {
        mongo: { url: new Secret(mongo.url), database: 'rebuild_test' },
        typesense: { url: search.url, apiKey: new Secret(search.apiKey) },
      };
      const first = await startTestCatalog({ demo: true, ...config });
      const ask = async (t: typeof first) =>
        Promise.all([
          t.call('search_listings', { query: { sort: 'votes', per_page: 50 } }),
          t.call('search_listings', { query: { q: 'cloud' } }),
          t.call('search_listings', { query: { sort: 'newest', per_page: 20, page: 2 } }),
        ]);
      const before = await ask(first);
      const position = first.catalog.readModel.view.position;
      await expect(rebuildCatalogReadModels({ dataDir: first.dir, config, logger: silentLogger() })).rejects.toThrow(
        ReadModelStoreInUseError,
      );
      await first.stop(false);

      // something the log does not hold, in both stores: the rebuild must drop it
      const store = openMongoReadModelStore({ url: mongo.url, database: 'rebuild_test', prefix: 'catalog.' });
      await store.write(
        [{ collection: 'listings', id: '999999', doc: { at: position + 1, doc: { slug: 'x' } } }],
        position + 1,
      );
      // an open store counts as a running service: closed before the rebuild
      await store.close();
      const rebuilt = await rebuildCatalogReadModels({ dataDir: first.dir, config, logger: silentLogger() });
      expect(rebuilt.position).toBe(position);
      expect(rebuilt.documents).toBeGreaterThanOrEqual(60);
      const after = openMongoReadModelStore({ url: mongo.url, database: 'rebuild_test', prefix: 'catalog.' });
      expect(await after.position()).toBe(position);
      expect(await after.get('listings', '999999')).toBeUndefined();
      expect(await after.all('listings')).toHaveLength(60);
      await after.close();
      const indexed = await fetch(`${search.url}/collections/catalog_listings`, {
        headers: { 'X-TYPESENSE-API-KEY': search.apiKey },
      });
      expect(((await indexed.json()) as { num_documents: number }).num_documents).toBe(60);

      const again = await startTestCatalog({ demo: true, dir: first.dir, ...config });
      try {
        expect(again.catalog.readModel.view.position).toBe(position);
        expect(await ask(again)).toEqual(before);
      } finally {
        await again.stop();
      }
    }, 120_000);
  },
);
