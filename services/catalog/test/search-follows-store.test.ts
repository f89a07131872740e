import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { silentLogger } from '@listings/platform/logger';
import { openSqliteReadModelStore, type ReadModelStore } from '@listings/platform/read-models';
import { openEmbeddedSearchIndex, openTypesenseSearchIndex, type SearchIndex } from '@listings/platform/search';
import {
  type RunningTypesenseServer,
  startTypesenseServer,
  TYPESENSE_INSTALL_HINT,
  typesenseServerAvailable,
} from '@listings/platform/testing/typesense-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_SEARCH_FIELDS } from '../src/main.ts';
import { openCatalogReadModel } from '../src/projections/catalog/read-model.ts';
import { addListing, seedCategories, startTestCatalog, type TestCatalog } from './support.ts';

/**
 * The search index follows the read-model store (docs/catalog.md, "Read model positions"): a
 * search write that fails after the store took the documents, or a process that dies between the
 * two, must not lose a listing from search. Store mode on the embedded SQLite store, with each
 * search adapter (Typesense when its stand-in is installed).
 */

const typesense = typesenseServerAvailable();
if (!typesense) console.warn(`search follows the store on Typesense: skipped. ${TYPESENSE_INSTALL_HINT}`);

/** a search index whose next write carrying documents fails once, when armed (`dies`: every later write fails too) */
const failingOnce = (search: SearchIndex) => {
  let armed: 'once' | 'dies' | undefined;
  let failures = 0;
  const index: SearchIndex = {
    ...search,
    apply: async (changes, at) => {
      if (armed && (changes.upsert.length > 0 || armed === 'dies')) {
        if (armed === 'once') armed = undefined;
        failures++;
        throw new Error('search index write failed');
      }
      return search.apply(changes, at);
    },
  };
  return {
    index,
    arm: (how: 'once' | 'dies') => {
      armed = how;
    },
    failures: () => failures,
  };
};

const NAMES = ['Quokka Notes', 'Pelican Ledger', 'Marmot Metrics'];
const CRASH_NAMES = ['Wombat Planner', 'Heron Invoices'];

/** the ids search finds for each name (the listing's own name is searched) */
const foundIds = async (search: SearchIndex, names: string[]) =>
  Promise.all(names.map(async (name) => (await search.search({ text: name, offset: 0, limit: 5 })).ids));

const adapters: { name: string; open: (n: number) => Promise<SearchIndex>; skip: boolean }[] = [];
let server: RunningTypesenseServer | undefined;
adapters.push({
  name: 'embedded',
  skip: false,
  open: async () => openEmbeddedSearchIndex({ path: ':memory:', fields: LISTING_SEARCH_FIELDS }),
});
adapters.push({
  name: 'Typesense',
  skip: !typesense,
  open: async (n) =>
    openTypesenseSearchIndex({
      url: server?.url as string,
      apiKey: server?.apiKey as string,
      collection: `follows_${n}`,
      fields: LISTING_SEARCH_FIELDS,
    }),
});

describe.each(adapters)('search following the store ($name index, store mode on SQLite)', ({ name, open, skip }) => {
  let t: TestCatalog;
  let dir: string;
  let opened = 0;
  beforeAll(async () => {
    if (skip) return;
    if (name === 'Typesense') server = await startTypesenseServer();
    t = await startTestCatalog();
    await seedCategories(t);
    await addListing(t, 'Already There', { categories: ['Design'] });
    dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-search-follows-'));
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (name === 'Typesense') await server?.stop();
  });

  const openReadModel = (store: ReadModelStore, search: SearchIndex) =>
    openCatalogReadModel({ events: t.catalog.events, store, search, logger: silentLogger(), documents: 'store' });

  /** listings added after the read model opened, while search fails as `how` says */
  const addListingsWhileFailing = async (
    failing: ReturnType<typeof failingOnce>,
    how: 'once' | 'dies',
    names: string[],
  ) => {
    failing.arm(how);
    const ids: number[] = [];
    for (const listing of names) ids.push((await addListing(t, listing, { categories: ['Design'] })).listing_id);
    return ids;
  };

  it.skipIf(skip)(
    'when a search write fails once after the store took the listings then the retry sends them and search finds every one',
    async () => {
      const store = openSqliteReadModelStore({ path: path.join(dir, `retry-${++opened}.db`) });
      const search = await open(opened);
      const failing = failingOnce(search);
      const readModel = await openReadModel(store, failing.index);
      let ids: number[] = [];
      let reference = 0;
      try {
        ids = await addListingsWhileFailing(failing, 'once', NAMES);
        reference = t.catalog.readModel.view.position;
        await readModel.waitFor(reference);
        // the flush (this one or the scheduled one) meets the failure; the store took the listings
        await readModel.flush().catch(() => {});
        expect(failing.failures()).toBe(1);
        expect(await store.position()).toBe(reference);
        // the retry
        await readModel.flush();
        expect(await search.position()).toBe(reference);
        expect(await foundIds(search, NAMES)).toEqual(ids.map((id) => [String(id)]));
      } finally {
        await readModel.close();
      }
      // and a restart has nothing left to bring up: search already holds them
      const restarted = await openReadModel(store, search);
      try {
        expect(await search.position()).toBe(reference);
        expect(await foundIds(search, NAMES)).toEqual(ids.map((id) => [String(id)]));
      } finally {
        await restarted.close();
        await search.close();
        await store.close();
      }
    },
    120_000,
  );

  it.skipIf(skip)(
    'when the process dies between the store write and the search write then a restart sends search what it missed',
    async () => {
      const store = openSqliteReadModelStore({ path: path.join(dir, `crash-${++opened}.db`) });
      const search = await open(opened);
      const failing = failingOnce(search);
      const first = await openReadModel(store, failing.index);
      const searchedAt = await search.position();
      const ids = await addListingsWhileFailing(failing, 'dies', CRASH_NAMES);
      const reference = t.catalog.readModel.view.position;
      await first.waitFor(reference);
      await expect(first.flush()).rejects.toThrow('search index write failed');
      // the process "dies" here: the store holds the listings, search does not
      await first.close().catch(() => {});
      expect(await store.position()).toBe(reference);
      expect(await search.position()).toBe(searchedAt);
      expect((await foundIds(search, CRASH_NAMES)).flat()).toEqual([]);

      const restarted = await openReadModel(store, search);
      try {
        expect(await search.position()).toBe(reference);
        expect(await foundIds(search, CRASH_NAMES)).toEqual(ids.map((id) => [String(id)]));
      } finally {
        await restarted.close();
        await search.close();
        await store.close();
      }
    },
    120_000,
  );
});
