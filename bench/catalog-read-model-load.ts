// What the catalog's start costs with N listings in its read-model store: the embedded (SQLite)
// read model loads every stored document into memory; on MongoDB it loads only the small
// collections and reads listings by query (docs/architecture.md, "What the catalog does at 1M
// listings"). N listing
// documents, copies of the demo catalog's listings under new ids and slugs, are written straight
// into the store (MongoDB on FerretDB, and SQLite beside it), then `openCatalogReadModel` is timed
// on an empty event log with a search index already at the store's position (so only the
// documents are loaded: no catch-up, no search rebuild), with the heap it adds.
// `node --expose-gc bench/catalog-read-model-load.ts` (BENCH_LOAD_LISTINGS=100000,300000;
// BENCH_LOAD_STORES=sqlite; add `mongo` for FerretDB, but only up to about 10,000 listings:
// FerretDB 1.24 on SQLite scans its table for updates and `$in` finds (docs/benchmarks.md), so
// larger sizes take many minutes; a real MongoDB uses the _id index).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInProcessBus } from '@listings/platform/bus';
import { manualClock } from '@listings/platform/clock';
import { openSqliteEventStore } from '@listings/platform/event-store';
import { silentLogger } from '@listings/platform/logger';
import {
  openMemoryReadModelStore,
  openMongoReadModelStore,
  openSqliteReadModelStore,
  type ReadModelStore,
} from '@listings/platform/read-models';
import { openEmbeddedSearchIndex, type SearchIndex } from '@listings/platform/search';
import { ferretDbMissing, startFerretDb } from '@listings/platform/testing/ferretdb-server';
import { LISTING_SEARCH_FIELDS, startCatalog } from '../services/catalog/src/main.ts';
import type { ListingDoc } from '../services/catalog/src/projections/catalog/documents.ts';
import { listingKeys } from '../services/catalog/src/projections/catalog/query-keys.ts';
import { CATALOG_INDEXES, openCatalogReadModel } from '../services/catalog/src/projections/catalog/read-model.ts';

const SIZES = (process.env.BENCH_LOAD_LISTINGS ?? '100000,300000').split(',').map(Number);
const STORES = (process.env.BENCH_LOAD_STORES ?? 'sqlite').split(',');
const BATCH = Number(process.env.BENCH_LOAD_BATCH ?? 2000);

/** the demo catalog's listing documents (60), the shapes to copy */
const demoListings = async (): Promise<ListingDoc[]> => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-load-demo-'));
  const bus = createInProcessBus({});
  const catalog = await startCatalog({
    bus,
    clock: manualClock('2026-11-18T12:00:00.000Z'),
    config: { dataDir: dir, publicUrl: 'http://directory.test', demoData: true },
    logger: silentLogger(),
    demo: { seed: 7, listings: 60, people: 50, blogPosts: 10 },
    safeFetch: async () => {
      throw new Error('the bench fetches nothing');
    },
  });
  const docs = await catalog.readModel.view.findListings({});
  await catalog.stop();
  await bus.close();
  rmSync(dir, { recursive: true, force: true });
  return docs;
};

/** a search index that is already at the store's position: the start loads documents only */
const searchAt = (position: number): SearchIndex => {
  const inner = openEmbeddedSearchIndex({ path: ':memory:', fields: LISTING_SEARCH_FIELDS });
  return { ...inner, position: async () => position };
};

const heapMb = () => {
  globalThis.gc?.();
  return Math.round(process.memoryUsage().heapUsed / 1e6);
};

const measure = async (label: string, store: ReadModelStore, shapes: ListingDoc[], count: number) => {
  // the indexes first, as a running catalog has them
  await store.declareIndexes?.('listings', CATALOG_INDEXES.listings);
  const writeStarted = performance.now();
  for (let first = 1; first <= count; first += BATCH) {
    const writes = [];
    for (let id = first; id < Math.min(first + BATCH, count + 1); id++) {
      const shape = shapes[id % shapes.length] as ListingDoc;
      const doc = { ...shape, id, slug: `${shape.slug}-${id}`, draft_id: `draft-${id}` };
      writes.push({ collection: 'listings', id: String(id), doc: { at: id, doc, keys: listingKeys(doc, () => null) } });
    }
    await store.write(writes, Math.min(first + BATCH - 1, count));
  }
  const writeS = (performance.now() - writeStarted) / 1000;
  const events = openSqliteEventStore({ path: ':memory:' });
  const search = searchAt(await store.position());
  const before = heapMb();
  const started = performance.now();
  const readModel = await openCatalogReadModel({ events, store, search, logger: silentLogger() });
  const loadS = (performance.now() - started) / 1000;
  const added = heapMb() - before;
  const loaded = await readModel.view.countListings();
  await readModel.close();
  await events.close();
  await search.close();
  const row = `| ${count} | ${label} | ${writeS.toFixed(1)} s | ${loadS.toFixed(1)} s | ${added} MB | ${loaded} |`;
  console.log(row);
  return row;
};

const main = async () => {
  const shapes = await demoListings();
  const bytes = shapes.reduce((sum, doc) => sum + JSON.stringify(doc).length, 0) / shapes.length;
  console.log(`listing document: ${Math.round(bytes)} bytes of JSON on average (demo catalog)`);
  console.log(`\nCatalog start with N listings in the store, ${os.cpus().length} cores, Node ${process.version}`);
  console.log('| listings | store | writing them | start (load) | heap added | loaded |');
  console.log('|---:|---|---:|---:|---:|---:|');
  const mongoMissing = ferretDbMissing();
  const ferret = STORES.includes('mongo') && !mongoMissing ? await startFerretDb() : null;
  if (STORES.includes('mongo') && mongoMissing) console.log(`(MongoDB skipped: ${mongoMissing})`);
  try {
    for (const count of SIZES) {
      if (STORES.includes('memory')) await measure('memory (no I/O)', openMemoryReadModelStore(), shapes, count);
      if (STORES.includes('sqlite')) {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
        const store = openSqliteReadModelStore({ path: path.join(dir, 'read-models.sqlite') });
        await measure('SQLite', store, shapes, count);
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      }
      if (ferret) {
        const store = openMongoReadModelStore({ url: ferret.url, database: `load_${count}`, prefix: 'catalog.' });
        await measure('MongoDB (FerretDB 1.24 on SQLite, loopback)', store, shapes, count);
        await store.close();
      }
    }
  } finally {
    await ferret?.stop();
  }
};

await main();
