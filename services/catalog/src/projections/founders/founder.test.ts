import { describe, expect, it } from 'vitest';
import type { ListingDoc } from '../listings/listing.ts';
import { founderEntriesChanged, foundersOfListings, withFounderListing } from './founder.ts';

const listing = (id: number, status: ListingDoc['status'], founders: string[], country = 'fr'): ListingDoc =>
  ({ id, status, profile: { country, founders: founders.map((name) => ({ name })) } }) as unknown as ListingDoc;

describe('founders, derived from the listings that name them', () => {
  it('when a listing goes public then its founders are named; when it is archived they are no longer', () => {
    const draft = listing(1, 'draft', ['Zoë Müller']);
    const live = listing(1, 'live', ['Zoë Müller']);
    expect(founderEntriesChanged(draft, live)).toEqual([
      { slug: 'zoe-muller', entry: { id: 1, name: 'Zoë Müller', country: 'FR' } },
    ]);
    expect(founderEntriesChanged(live, { ...live, status: 'archived' })).toEqual([
      { slug: 'zoe-muller', entry: undefined },
    ]);
    // a change that names the same founders changes none
    expect(founderEntriesChanged(live, { ...live, views: 3 })).toEqual([]);
  });

  it('when several listings name a founder then the lowest id gives the name, and the last one gone removes them', () => {
    const founders = foundersOfListings([
      { at: 9, doc: listing(7, 'live', ['Ann Lee'], 'de') },
      { at: 4, doc: listing(2, 'scheduled', ['ann lee']) },
    ]);
    expect(founders.get('ann-lee')).toEqual({
      at: 9,
      doc: {
        slug: 'ann-lee',
        name: 'ann lee',
        country: 'FR',
        listings: [
          { id: 2, name: 'ann lee', country: 'FR' },
          { id: 7, name: 'Ann Lee', country: 'DE' },
        ],
      },
    });
    const one = withFounderListing(founders.get('ann-lee')?.doc, 'ann-lee', 2, undefined);
    expect(one?.name).toBe('Ann Lee');
    expect(withFounderListing(one, 'ann-lee', 7, undefined)).toBeUndefined();
  });
});
