import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger, silentLogger } from '@listings/platform/logger';
import { openMemoryReadModelStore, openSqliteReadModelStore } from '@listings/platform/read-models';
import { openEmbeddedSearchIndex } from '@listings/platform/search';
import { describe, expect, it } from 'vitest';
import { LISTING_SEARCH_FIELDS } from '../src/main.ts';
import { COLLECTIONS } from '../src/projections/catalog/documents.ts';
import { openCatalogReadModel } from '../src/projections/catalog/read-model.ts';
import { startTestCatalog } from './support.ts';

const snapshot = async (view: Awaited<ReturnType<typeof openCatalogReadModel>>['view']) => ({
  listings: (await view.findListings({})).sort((a, b) => a.id - b.id),
  categories: Object.fromEntries(view.categories),
  blog: Object.fromEntries(view.blog),
  awards: Object.fromEntries(view.awards),
  settings: view.settings(),
  analytics: Object.fromEntries(view.analytics),
  founders: await view.findFounders({}),
});

describe('read models rebuilt from the event store', () => {
  it('when every event is replayed from scratch then the documents and search equal the live ones', async () => {
    const t = await startTestCatalog({ demo: true });
    try {
      const live = t.catalog.readModel;
      expect((await live.view.findListings({})).length).toBe(60);
      const store = openMemoryReadModelStore();
      const search = openEmbeddedSearchIndex({ path: ':memory:', fields: LISTING_SEARCH_FIELDS });
      const rebuilt = await openCatalogReadModel({ events: t.catalog.events, store, search, logger: silentLogger() });
      expect(rebuilt.view.position).toBe(live.view.position);
      expect(await snapshot(rebuilt.view)).toEqual(await snapshot(live.view));
      for (const query of [
        { filters: { status: 'live' }, sort: { field: 'votes', direction: 'desc' as const }, offset: 0, limit: 100 },
        { text: 'cloud', filters: { status: 'live' }, offset: 0, limit: 20 },
        {
          filters: { status: 'upcoming' },
          sort: { field: 'newest', direction: 'asc' as const },
          offset: 0,
          limit: 100,
        },
      ])
        expect(await rebuilt.view.search.search(query)).toEqual(await live.view.search.search(query));
      // and what it wrote to its store is those same documents
      await rebuilt.flush();
      expect((await store.all('listings')).map((row) => (row.doc as { doc: unknown }).doc)).toEqual(
        (await snapshot(live.view)).listings.slice().sort((a, b) => String(a.id).localeCompare(String(b.id))),
      );
      expect(await store.position()).toBe(live.view.position);
      const sizes = {
        listings: 60,
        categories: live.view.categories.size,
        blog: live.view.blog.size,
        awards: live.view.awards.size,
        settings: 1,
        ledger: live.view.ledger.size,
        moderation: live.view.moderation.size,
        analytics: live.view.analytics.size,
      };
      for (const collection of COLLECTIONS)
        expect(await store.all(collection), collection).toHaveLength(sizes[collection]);
      await rebuilt.close();
      await search.close();
    } finally {
      await t.stop();
    }
  });

  it('when the catalog restarts on the same data dir then it answers the same without a replay or a second demo', async () => {
    const first = await startTestCatalog({ demo: true });
    const before = await first.call('search_listings', { query: { sort: 'votes', per_page: 50 } });
    const position = first.catalog.readModel.view.position;
    await first.stop(false);
    const again = await startTestCatalog({ demo: true, dir: first.dir });
    try {
      expect(again.catalog.readModel.view.position).toBe(position);
      expect(await again.call('search_listings', { query: { sort: 'votes', per_page: 50 } })).toEqual(before);
    } finally {
      await again.stop();
    }
  });

  it('when two read models share one SQLite read-model file then the one behind drops its stale writes and neither fails a flush', async () => {
    const t = await startTestCatalog({ demo: true });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-shared-file-'));
    const errors: string[] = [];
    const logger = createLogger({
      name: 'shared',
      level: 'error',
      destination: { write: (line: string) => void errors.push(line) },
    });
    const opened = [];
    try {
      for (let i = 0; i < 2; i++) {
        const store = openSqliteReadModelStore({ path: path.join(dir, 'read-models.sqlite') });
        const search = openEmbeddedSearchIndex({ path: ':memory:', fields: LISTING_SEARCH_FIELDS });
        const readModel = await openCatalogReadModel({ events: t.catalog.events, store, search, logger });
        opened.push({ store, search, readModel });
      }
      const live = (await t.catalog.readModel.view.findListings({})).filter((doc) => doc.status === 'live').slice(0, 4);
      for (const doc of live) await t.catalog.commands.recordViews(doc.slug, 7);
      const end = t.catalog.readModel.view.position;
      for (const { readModel } of opened) {
        await readModel.waitFor(end);
        await readModel.flush();
        expect(await snapshot(readModel.view)).toEqual(await snapshot(t.catalog.readModel.view));
      }
      expect(await opened[0]?.store.position()).toBe(end);
      expect(errors).toEqual([]);
    } finally {
      for (const { store, search, readModel } of opened) {
        await readModel.close();
        await search.close();
        await store.close();
      }
      rmSync(dir, { recursive: true, force: true });
      await t.stop();
    }
  });

  it('when a queryable store holds listings written before their query keys then the start rebuilds it from the events, once', async () => {
    const t = await startTestCatalog({ demo: true });
    const store = openMemoryReadModelStore();
    const search = openEmbeddedSearchIndex({ path: ':memory:', fields: LISTING_SEARCH_FIELDS });
    try {
      const first = await openCatalogReadModel({ events: t.catalog.events, store, search, logger: silentLogger() });
      await first.close();
      // what an earlier version stored: listings as { at, doc }, no keys, and no founders
      const position = await store.position();
      const old = (await store.all('listings')).map(({ id, doc }) => {
        const { keys: _, ...rest } = doc as { at: number; doc: unknown; keys: unknown };
        return { collection: 'listings', id, doc: rest };
      });
      const founders = (await store.all('founders')).map(({ id }) => ({ collection: 'founders', id, doc: null }));
      await store.clear();
      await store.write([...old, ...founders], position);
      const lines: string[] = [];
      const logger = createLogger({
        name: 'catalog',
        destination: { write: (line: string) => lines.push(line) },
      });
      const upgraded = await openCatalogReadModel({ events: t.catalog.events, store, search, logger });
      expect(lines.join('')).toContain('predates its query keys');
      expect(await snapshot(upgraded.view)).toEqual(await snapshot(t.catalog.readModel.view));
      await upgraded.close();
      // and the next start finds the keys: no second rebuild
      lines.length = 0;
      const again = await openCatalogReadModel({ events: t.catalog.events, store, search, logger });
      expect(lines.join('')).not.toContain('predates its query keys');
      expect(await snapshot(again.view)).toEqual(await snapshot(t.catalog.readModel.view));
      await again.close();
    } finally {
      await search.close();
      await t.stop();
    }
  });
});
