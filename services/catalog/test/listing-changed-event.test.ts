import { listingChanged } from '@listings/contracts';
import type { RecordedEvent } from '@listings/platform/event-store';
import { checkValue } from '@listings/platform/validation';
import { describe, expect, it } from 'vitest';
import { catalogIntegrationEvent } from '../src/entrypoints/integration-events.ts';

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
    (type, data, change) => {
      const at = '2026-11-27T05:00:00.000Z';
      const published = catalogIntegrationEvent(recorded(type, { ...data, at }));
      expect(published).toEqual({ subject: 'events.catalog.listing_changed', data: { listing_id: 7, change, at } });
      expect(checkValue(listingChanged.data, published?.data)).toEqual([]);
    },
  );

  it('when a listing records something readers do not see (a badge found) then nothing is published', () => {
    expect(catalogIntegrationEvent(recorded('BadgeFound', { listing_id: 7, at: 'T' }))).toBeNull();
  });
});
