import { describe, expect, it } from 'vitest';
import type { CatalogEvent } from '../catalog/catalog-event.ts';
import { evolveListingAnalytics, type ListingAnalyticsDoc } from './listing-analytics.ts';

const fold = (events: readonly object[]) =>
  events.reduce<ListingAnalyticsDoc | undefined>((doc, e) => evolveListingAnalytics(doc, e as CatalogEvent), undefined);
const cast = (account_id: string, at: string, weight?: number) => ({
  type: 'VoteCast',
  data: { listing_id: 3, account_id, launch_week: '2026-11-16', at, ...(weight === undefined ? {} : { weight }) },
});

describe('listing analytics evolve', () => {
  it('when votes carry a weight (the ranking rules) then they count in full in votes and at their weight in votes_counted', () => {
    const doc = fold([cast('a', '2026-11-17T10:05:00.000Z', 0.5), cast('b', '2026-11-17T10:40:00.000Z')]);
    expect(doc?.days['2026-11-17']).toMatchObject({ votes: 2, votes_counted: 1.5 });
    expect(doc?.vote_hours).toEqual({ '2026-11-17T10': 1.5 });
    expect(doc?.weights).toEqual({ a: 0.5 });
  });

  it('when a discounted vote is withdrawn, or a standing one discounted later, then votes_counted moves by its weight', () => {
    const doc = fold([
      cast('a', '2026-11-17T10:05:00.000Z', 0.5),
      cast('b', '2026-11-17T10:40:00.000Z'),
      { type: 'VoteWithdrawn', data: { listing_id: 3, account_id: 'a', at: '2026-11-18T09:00:00.000Z' } },
      {
        type: 'VoteDiscounted',
        data: {
          listing_id: 3,
          account_id: 'b',
          weight: 0.25,
          reason: 'burst',
          rules_version: 2,
          at: '2026-11-18T11:00:00.000Z',
        },
      },
    ]);
    expect(doc?.days['2026-11-18']).toMatchObject({ votes: -1, votes_counted: -0.5 - 0.75 });
    expect(doc?.vote_hours).toEqual({ '2026-11-17T10': 1.5, '2026-11-18T09': -0.5, '2026-11-18T11': -0.75 });
    expect(doc?.weights).toEqual({ b: 0.25 });
  });

  it('when views are bulk counts (the demo: no visitor) then they are not in the analytics, having no day', () => {
    expect(
      fold([
        {
          type: 'ListingViewed',
          data: { listing_id: 3, count: 500, at: '2026-11-17T10:00:00.000Z', visitor: null, referrer: null },
        },
      ]),
    ).toBeUndefined();
  });
});
