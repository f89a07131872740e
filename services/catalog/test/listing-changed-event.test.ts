import { randomUUID } from 'node:crypto';
import { listingChanged } from '@listings/contracts';
import { type EventStore, openMemoryEventStore, type RecordedEvent } from '@listings/platform/event-store';
import { checkValue } from '@listings/platform/validation';
import { describe, expect, it } from 'vitest';
import { catalogIntegrationEvent, slugsFromListingStreams } from '../src/entrypoints/integration-events.ts';

const slugOf = async (id: number) => (id === 7 ? 'acme' : null);

const recorded = (type: string, data: unknown): RecordedEvent => ({
  id: 'e1',
  stream: 'listing-7',
  revision: 3,
  position: 42,
  type,
  data,
  metadata: {},
  recordedAt: '2026-11-27T05:00:00.000Z',
});

describe('events.catalog.listing_changed', () => {
  it.each([
    ['ListingEdited', { listing_id: 7, account_id: 'a', version: 2, before: {}, after: {}, at: 'T' }, 'edited'],
    ['ListingUpdatePosted', { listing_id: 7, title: 'v2', body: 'out now', at: 'T' }, 'update_posted'],
    ['MilestoneAdded', { listing_id: 7, milestone: { id: 1 }, at: 'T' }, 'milestone_added'],
    ['MilestoneDeleted', { listing_id: 7, milestone_id: 1, at: 'T' }, 'milestone_deleted'],
  ])(
    'when a listing records %s then the catalog publishes that it changed, as the contract says',
    async (type, data, change) => {
      const at = '2026-11-27T05:00:00.000Z';
      const published = await catalogIntegrationEvent(recorded(type, { ...data, at }), slugOf);
      expect(published).toEqual({
        subject: 'events.catalog.listing_changed',
        data: { listing_id: 7, slug: 'acme', change, at },
      });
      expect(checkValue(listingChanged.data, published?.data)).toEqual([]);
    },
  );

  it('when a listing records something readers do not see (a badge found) then nothing is published', async () => {
    expect(await catalogIntegrationEvent(recorded('BadgeFound', { listing_id: 7, at: 'T' }), slugOf)).toBeNull();
  });

  it('when the slug comes from the store then it is the one the listing was created with, read once', async () => {
    const store = openMemoryEventStore();
    await store.append(
      'listing-7',
      [
        {
          id: randomUUID(),
          type: 'ListingCreated',
          data: { listing_id: 7, slug: 'acme', draft_id: 'd', owners: [], status: 'draft', at: 'T' },
        },
      ],
      'no_stream',
    );
    let reads = 0;
    const counted: EventStore = {
      ...store,
      readStream: (stream) => {
        reads++;
        return store.readStream(stream);
      },
    };
    const fromStore = slugsFromListingStreams(counted);
    expect(await fromStore(7)).toBe('acme');
    expect(await fromStore(7)).toBe('acme');
    expect(reads).toBe(1);
    // no listing 8 was ever created: nothing to name, nothing published
    expect(await fromStore(8)).toBeNull();
    const orphan = recorded('ListingUpdatePosted', { listing_id: 8, title: 't', body: 'b', at: 'T' });
    expect(await catalogIntegrationEvent(orphan, fromStore)).toBeNull();
  });
});
