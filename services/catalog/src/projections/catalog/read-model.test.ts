import { randomUUID } from 'node:crypto';
import { openMemoryEventStore } from '@listings/platform/event-store';
import { silentLogger } from '@listings/platform/logger';
import { openMemoryReadModelStore } from '@listings/platform/read-models';
import { openEmbeddedSearchIndex, type SearchIndex } from '@listings/platform/search';
import { describe, expect, it } from 'vitest';
import { LISTING_SEARCH_FIELDS } from '../../main.ts';
import { openCatalogReadModel } from './read-model.ts';

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
