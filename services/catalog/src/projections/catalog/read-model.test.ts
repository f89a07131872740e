import { randomUUID } from 'node:crypto';
import { openMemoryEventStore } from '@listings/platform/event-store';
import { silentLogger } from '@listings/platform/logger';
import { openMemoryReadModelStore } from '@listings/platform/read-models';
import { openEmbeddedSearchIndex, type SearchIndex } from '@listings/platform/search';
import { describe, expect, it } from 'vitest';
import { COUNTED } from '../../../test/vote-fixtures.ts';
import { LISTING_SEARCH_FIELDS } from '../../main.ts';
import { CATALOG_READ_MODEL_GENERATION, openCatalogReadModel } from './read-model.ts';

const AT = '2026-11-18T10:00:00.000Z';

describe('the catalog read model on a store that answers queries', () => {
  it('when the search index refuses a write then the next flush keeps the listings the store holds', async () => {
    const events = openMemoryEventStore();
    const append = (stream: string, type: string, data: unknown) =>
      events.append(stream, [{ id: randomUUID(), type, data }], 'any');
    await append('listing-1', 'ListingCreated', {
      listing_id: 1,
      slug: 'notion',
      draft_id: 'd1',
      owners: ['o'],
      status: 'draft',
      at: AT,
    });
    await append('listing-1', 'ListingProfileSaved', {
      listing_id: 1,
      profile: { url: 'https://notion.so', name: 'Notion' },
      categories: ['notes'],
      at: AT,
    });
    const store = openMemoryReadModelStore();
    const inner = openEmbeddedSearchIndex({ path: ':memory:', fields: LISTING_SEARCH_FIELDS });
    let refuseNext = false;
    const search: SearchIndex = {
      ...inner,
      apply: async (changes, position) => {
        if (refuseNext) {
          refuseNext = false;
          throw new Error('search index away');
        }
        return inner.apply(changes, position);
      },
    };
    const readModel = await openCatalogReadModel({ events, store, search, logger: silentLogger(), documents: 'store' });
    try {
      refuseNext = true;
      const { position } = await append('views-1_2026-11-18', 'ListingViewed', {
        listing_id: 1,
        count: 1,
        at: AT,
        visitor: null,
      });
      await readModel.waitFor(position);
      // one of these flushes meets the refusal (this one, or the one the view scheduled); the other writes again
      await readModel.flush().catch(() => {});
      await readModel.flush();

      expect(await store.position()).toBe(position);
      expect(await store.get('listings', '1')).toMatchObject({ at: position, doc: { slug: 'notion', views: 1 } });
      expect((await readModel.view.listing(1))?.views).toBe(1);
    } finally {
      await readModel.close();
      await inner.close();
    }
  });
});

describe('a catalog read model stored by an older generation', () => {
  it.each(['memory', 'store'] as const)(
    'when a %s-mode store written before the vote ledger is opened then it is rebuilt and the ledger holds the earlier votes',
    async (documents) => {
      const events = openMemoryEventStore();
      const append = (stream: string, type: string, data: unknown) =>
        events.append(stream, [{ id: randomUUID(), type, data }], 'any');
      await append('listing-1', 'ListingCreated', {
        listing_id: 1,
        slug: 'notion',
        draft_id: 'd1',
        owners: ['o'],
        status: 'draft',
        at: AT,
      });
      await append('votes-1', 'VoteCast', {
        listing_id: 1,
        account_id: 'acc-ann',
        launch_week: null,
        at: AT,
        ...COUNTED,
      });
      const { position } = await append('votes-1', 'VoteCast', {
        listing_id: 1,
        account_id: 'acc-bob',
        launch_week: null,
        at: AT,
        ...COUNTED,
      });
      const store = openMemoryReadModelStore();
      const search = () => openEmbeddedSearchIndex({ path: ':memory:', fields: LISTING_SEARCH_FIELDS });
      const open = () => openCatalogReadModel({ events, store, search: search(), logger: silentLogger(), documents });

      const first = await open();
      await first.waitFor(position);
      await first.flush();
      await first.close();
      expect(await store.get('meta', 'generation')).toEqual({ generation: CATALOG_READ_MODEL_GENERATION });
      const ledger = await store.all('ledger');
      expect(ledger).toHaveLength(1);

      // as the code before the ledger left it: no ledger, no generation, the position at the log's end
      await store.write(
        [
          ...ledger.map(({ id }) => ({ collection: 'ledger', id, doc: null })),
          { collection: 'meta', id: 'generation', doc: null },
        ],
        position + 1,
      );
      expect(await store.all('ledger')).toEqual([]);

      const reopened = await open();
      try {
        await reopened.waitFor(position);
        await reopened.flush();
        expect(await store.all('ledger')).toEqual(ledger);
        expect(await store.get('meta', 'generation')).toEqual({ generation: CATALOG_READ_MODEL_GENERATION });
      } finally {
        await reopened.close();
      }
    },
  );
});
