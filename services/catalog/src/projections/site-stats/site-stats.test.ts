import { describe, expect, it } from 'vitest';
import { evolveSiteStats, initialSiteStats, type SiteStats } from './evolve.ts';

const fold = (events: { type: string; data: unknown }[]): SiteStats =>
  events.reduce((state, event, i) => evolveSiteStats(state, { ...event, position: i + 1 }), initialSiteStats);

describe('site stats projection', () => {
  it('when categories are created and one removed then it counts the rest', () => {
    const stats = fold([
      { type: 'CategoryCreated', data: { slug: 'ai' } },
      { type: 'CategoryCreated', data: { slug: 'dev-tools' } },
      { type: 'CategoryCreated', data: { slug: 'design' } },
      { type: 'CategoryRemoved', data: { slug: 'design' } },
    ]);
    expect([...stats.categories].sort()).toEqual(['ai', 'dev-tools']);
  });

  it('when listings go live and one leaves live then only live ones count', () => {
    const stats = fold([
      { type: 'ListingStatusChanged', data: { listing_id: 1, status: 'scheduled' } },
      { type: 'ListingStatusChanged', data: { listing_id: 1, status: 'live' } },
      { type: 'ListingStatusChanged', data: { listing_id: 2, status: 'live' } },
      { type: 'ListingStatusChanged', data: { listing_id: 3, status: 'live' } },
      { type: 'ListingStatusChanged', data: { listing_id: 3, status: 'archived' } },
    ]);
    expect(stats.liveListings.size).toBe(2);
  });

  it('when an event is delivered again then nothing changes', () => {
    const once = evolveSiteStats(initialSiteStats, { type: 'CategoryCreated', data: { slug: 'ai' }, position: 1 });
    const again = evolveSiteStats(once, { type: 'CategoryRemoved', data: { slug: 'ai' }, position: 1 });
    expect(again).toBe(once);
    expect(again.categories.has('ai')).toBe(true);
  });
});
