import { silentLogger } from '@listings/platform/logger';
import { Secret } from '@listings/platform/mail';
import { openMemoryReadModelStore } from '@listings/platform/read-models';
import { openEmbeddedSearchIndex } from '@listings/platform/search';
import {
  type RunningTypesenseServer,
  startTypesenseServer,
  TYPESENSE_INSTALL_HINT,
  typesenseServerAvailable,
} from '@listings/platform/testing/typesense-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogContext } from '../src/application/operation-context.ts';
import { searchListings } from '../src/application/search_listings.ts';
import { LISTING_SEARCH_FIELDS } from '../src/main.ts';
import { openCatalogReadModel } from '../src/projections/catalog/read-model.ts';
import { startTestCatalog, type TestCatalog } from './support.ts';

const available = typesenseServerAvailable();
if (!available) console.warn(`catalog search on Typesense: skipped. ${TYPESENSE_INSTALL_HINT}`);

const SORTS = ['relevance', 'newest', 'votes', 'trending', 'most_viewed', 'most_followed'];

describe.skipIf(!available)('catalog search on Typesense (TYPESENSE_URL + TYPESENSE_API_KEY)', () => {
  let server: RunningTypesenseServer;
  let t: TestCatalog;
  let embedded: (query: Record<string, unknown>) => Promise<{ items: { slug: string }[] }>;
  let closeEmbedded: () => Promise<void>;

  beforeAll(async () => {
    server = await startTypesenseServer();
    t = await startTestCatalog({ demo: true, typesense: { url: server.url, apiKey: new Secret(server.apiKey) } });
    // the same events into the embedded index: the answers to compare with
    const search = openEmbeddedSearchIndex({ path: ':memory:', fields: LISTING_SEARCH_FIELDS });
    const readModel = await openCatalogReadModel({
      events: t.catalog.events,
      store: openMemoryReadModelStore(),
      search,
      logger: silentLogger(),
    });
    // the handler alone, on the embedded read model's view (the only part of the context it reads)
    const context = { view: readModel.view } as CatalogContext;
    embedded = async (query) =>
      (await searchListings({ query } as Parameters<typeof searchListings>[0], context)) as {
        items: { slug: string }[];
      };
    closeEmbedded = async () => {
      await readModel.close();
      await search.close();
    };
  }, 120_000);
  afterAll(async () => {
    await closeEmbedded?.();
    await t?.stop();
    await server?.stop();
  });

  const both = async (query: Record<string, unknown>) => {
    const reply = await t.call('search_listings', { query });
    expect(reply.status).toBe(200);
    return { typesense: reply.body, embedded: await embedded(query) };
  };

  it('when listings are listed in each of the six sorts, with filters and paging, then Typesense answers as the embedded index', async () => {
    const listing = (await t.catalog.readModel.view.findListings({})).find((doc) => doc.status === 'live');
    const category = listing?.categories[0];
    expect(category).toBeDefined();
    let compared = 0;
    for (const sort of SORTS)
      for (const query of [
        { sort },
        { sort, status: 'upcoming' },
        { sort, category, per_page: 5, page: 2 },
        { sort, country: listing?.profile.country, per_page: 3 },
      ]) {
        const answers = await both(query);
        expect(answers.typesense, JSON.stringify(query)).toEqual(answers.embedded);
        compared += answers.typesense.items.length;
      }
    expect(compared).toBeGreaterThan(100);
  });

  it('when a name is searched misspelt then Typesense finds it first, as the embedded index does', async () => {
    const names = (await t.catalog.readModel.view.findListings({}))
      .filter((doc) => doc.status === 'live' && (doc.profile.name ?? '').length >= 6)
      .slice(0, 10);
    expect(names.length).toBeGreaterThan(3);
    for (const doc of names) {
      const name = (doc.profile.name as string).toLowerCase();
      const misspelt = `${name.slice(0, 2)}${name[3]}${name[2]}${name.slice(4)}`;
      const answers = await both({ q: misspelt });
      expect(answers.typesense.items[0]?.slug, misspelt).toBe(doc.slug);
      expect(answers.embedded.items[0]?.slug, misspelt).toBe(doc.slug);
    }
  });
});
