import { silentLogger } from '@listings/platform/logger';
import { createKeyVault, memorySubjectKeys } from '@listings/platform/personal-data';
import { openMemoryReadModelStore, type ReadModelStore } from '@listings/platform/read-models';
import { openEmbeddedSearchIndex } from '@listings/platform/search';
import type { OperationCall } from '@listings/platform/service-host';
import { describe, expect, it } from 'vitest';
import { voterPseudonyms } from '../src/application/voter-pseudonyms.ts';
import { createWebhookStore } from '../src/application/webhook-store.ts';
import { publicHandlers } from '../src/entrypoints/handlers.ts';
import { LISTING_SEARCH_FIELDS } from '../src/main.ts';
import { openCatalogReadModel } from '../src/projections/catalog/read-model.ts';
import { startTestCatalog } from './support.ts';

/**
 * The catalog's two query paths give the same answers: documents held in memory (the embedded
 * store, which cannot query) and documents read by id or by query from a store that answers
 * queries (MongoDB in production; here the in-memory store, whose evaluator is the reference the
 * MongoDB adapter matches in the port's contract suite). The store-backed one never reads a whole
 * listings or founders collection: its store refuses to.
 */
describe('catalog queries on a store that answers them', () => {
  it('when every public query runs on both paths then the answers are equal, and no query loaded a whole collection', async () => {
    const t = await startTestCatalog({ demo: true });
    const inner = openMemoryReadModelStore();
    const wholeReads: string[] = [];
    const store: ReadModelStore = {
      ...inner,
      all: async (collection) => {
        if (collection === 'listings' || collection === 'founders') wholeReads.push(collection);
        return inner.all(collection);
      },
    };
    const search = openEmbeddedSearchIndex({ path: ':memory:', fields: LISTING_SEARCH_FIELDS });
    const stored = await openCatalogReadModel({ events: t.catalog.events, store, search, logger: silentLogger() });
    try {
      const common = {
        clock: t.clock,
        publicUrl: 'http://directory.test',
        commands: t.catalog.commands,
        voterPseudonym: voterPseudonyms(memorySubjectKeys()),
        webhooks: {
          store: createWebhookStore({
            events: t.catalog.events,
            clock: t.clock,
            vault: createKeyVault(memorySubjectKeys()),
          }),
          allowPrivateNetworks: false,
        },
      };
      const inMemory = publicHandlers({ ...common, view: t.catalog.readModel.view });
      const byQuery = publicHandlers({ ...common, view: stored.view });
      const view = t.catalog.readModel.view;
      const all = await view.findListings({});
      const live = all.filter((doc) => doc.status === 'live').sort((a, b) => a.id - b.id);
      const [a, b] = live;
      const owner = a?.owners[0] as string;
      const [founder] = await view.findFounders({ limit: 1 });
      const category = [...view.categories.values()].find((c) => c.parent !== null);
      expect(a && b && founder && category).toBeTruthy();
      const anonymous = { account_id: null, scopes: [], via: 'anonymous' };
      const calls: [string, Record<string, unknown>, Record<string, unknown>?, object?][] = [
        ['get_site_info', {}],
        ['search_listings', {}, { sort: 'votes', per_page: 50 }],
        ['get_listing', { slug: a?.slug }],
        ['get_alternatives', { slug: a?.slug }],
        ['compare_listings', {}, { a: a?.slug, b: b?.slug }],
        ['list_categories', {}, {}],
        ['list_categories', {}, { include_empty: false }],
        ['get_category', { slug: category?.slug }, {}],
        ['get_category', { slug: category?.parent }, {}],
        ['get_launch_week', { week: 'this' }],
        ['get_launch_week', { week: 'last' }],
        ['get_launch_week', { week: 'next' }],
        ...['this-week', 'upcoming', 'today', 'trending', 'most-voted', 'recent', 'most-viewed', 'most-followed'].map(
          (section) =>
            ['list_launches', {}, { section, per_page: 100 }] as [
              string,
              Record<string, unknown>,
              Record<string, unknown>,
            ],
        ),
        ['list_launches', {}, { section: 'upcoming', page: 2, per_page: 3 }],
        ...['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue'].map(
          (board) =>
            ['get_leaderboard', { board }, { per_page: 100 }] as [
              string,
              Record<string, unknown>,
              Record<string, unknown>,
            ],
        ),
        ['get_leaderboard', { board: 'community-all-time' }, { page: 2, per_page: 7 }],
        ['get_leaderboard', { board: 'community-weekly' }, { week: 'last' }],
        ['list_founders', {}, { per_page: 100 }],
        ['list_founders', {}, { q: founder?.name.slice(1, 4), per_page: 100 }],
        ['list_founders', {}, { country: founder?.country ?? 'DE', page: 2, per_page: 2 }],
        ['get_founder', { slug: founder?.slug }],
        ['list_awards', {}, {}],
        ['list_awards', {}, { listing: a?.slug }],
        ['get_badges', { slug: a?.slug }, {}],
        ['list_my_listings', {}, {}, { account_id: owner, scopes: ['listings:write'], via: 'api_key' }],
      ];
      for (const [operation, params, query, principal] of calls) {
        const call = {
          params,
          query: query ?? {},
          body: undefined,
          principal: principal ?? anonymous,
          idempotencyKey: undefined,
        } as unknown as OperationCall;
        const expected = await (inMemory[operation] as (c: OperationCall) => Promise<unknown>)(call);
        const answered = await (byQuery[operation] as (c: OperationCall) => Promise<unknown>)(call);
        expect(answered, `${operation} ${JSON.stringify({ params, query })}`).toEqual(expected);
      }
      expect(wholeReads).toEqual([]);
    } finally {
      await stored.close();
      await search.close();
      await t.stop();
    }
  });
});
