import { deciderSpec } from '@listings/platform/decider/specification';
import { describe, it } from 'vitest';
import { type SlugEvent, SlugTakenError, slugDecider } from './slug-reservation.ts';

const spec = deciderSpec(slugDecider);
const reserved = (listing_id: number): SlugEvent => ({
  type: 'ListingSlugReserved',
  data: { slug: 'notion', listing_id },
});
const released = (listing_id: number): SlugEvent => ({
  type: 'ListingSlugReleased',
  data: { slug: 'notion', listing_id },
});

describe('a listing slug', () => {
  it('when nobody holds the slug then a listing reserves it', () =>
    spec
      .given([])
      .when({ type: 'ReserveSlug', data: { slug: 'notion', listing_id: 1 } })
      .then([reserved(1)]));
  it('when another listing holds the slug then reserving it is refused', () =>
    spec
      .given([reserved(1)])
      .when({ type: 'ReserveSlug', data: { slug: 'notion', listing_id: 2 } })
      .thenThrows(SlugTakenError, /belongs to listing 1/));
  it('when the listing holds the slug already then reserving again changes nothing', () =>
    spec
      .given([reserved(1)])
      .when({ type: 'ReserveSlug', data: { slug: 'notion', listing_id: 1 } })
      .then([]));
  it('when the holder releases the slug then another listing may reserve it', () => {
    spec
      .given([reserved(1)])
      .when({ type: 'ReleaseSlug', data: { slug: 'notion', listing_id: 1 } })
      .then([released(1)]);
    spec
      .given([reserved(1), released(1)])
      .when({ type: 'ReserveSlug', data: { slug: 'notion', listing_id: 2 } })
      .then([reserved(2)]);
  });
  it('when a listing that does not hold the slug releases it then nothing changes', () =>
    spec
      .given([reserved(1)])
      .when({ type: 'ReleaseSlug', data: { slug: 'notion', listing_id: 2 } })
      .then([]));
});
