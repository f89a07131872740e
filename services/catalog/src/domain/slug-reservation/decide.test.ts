import { deciderSpec } from '@listings/platform/decider/specification';
import { describe, it } from 'vitest';
import { SlugTakenError, slugDecider } from './decide.ts';
import type { SlugEvent } from './slug-reservation.ts';

const spec = deciderSpec(slugDecider);
const data = (listing_id: number, reservation_id: string) => ({ slug: 'notion', listing_id, reservation_id });
const reserved = (listing_id: number, reservation_id: string): SlugEvent => ({
  type: 'ListingSlugReserved',
  data: data(listing_id, reservation_id),
});
const released = (listing_id: number, reservation_id: string): SlugEvent => ({
  type: 'ListingSlugReleased',
  data: data(listing_id, reservation_id),
});

describe('a listing slug', () => {
  it('when nobody holds the slug then a listing reserves it', () =>
    spec
      .given([])
      .when({ type: 'ReserveSlug', data: data(1, 'r1') })
      .then([reserved(1, 'r1')]));
  it('when another reservation holds the slug then reserving it is refused, even for the same listing id', () => {
    spec
      .given([reserved(1, 'r1')])
      .when({ type: 'ReserveSlug', data: data(2, 'r2') })
      .thenThrows(SlugTakenError, /belongs to listing 1/);
    // two replicas trying listing id 1 at once: only the first gets the slug
    spec
      .given([reserved(1, 'r1')])
      .when({ type: 'ReserveSlug', data: data(1, 'r2') })
      .thenThrows(SlugTakenError);
  });
  it('when a reservation recorded before reservation ids holds the slug then it is taken', () =>
    spec
      .given([{ type: 'ListingSlugReserved', data: { slug: 'notion', listing_id: 1 } }])
      .when({ type: 'ReserveSlug', data: data(1, 'r2') })
      .thenThrows(SlugTakenError));
  it('when the same reservation is made again then nothing changes', () =>
    spec
      .given([reserved(1, 'r1')])
      .when({ type: 'ReserveSlug', data: data(1, 'r1') })
      .then([]));
  it('when the holder releases the slug then another listing may reserve it', () => {
    spec
      .given([reserved(1, 'r1')])
      .when({ type: 'ReleaseSlug', data: data(1, 'r1') })
      .then([released(1, 'r1')]);
    spec
      .given([reserved(1, 'r1'), released(1, 'r1')])
      .when({ type: 'ReserveSlug', data: data(2, 'r2') })
      .then([reserved(2, 'r2')]);
  });
  it('when another reservation releases the slug then nothing changes', () =>
    spec
      .given([reserved(1, 'r1')])
      .when({ type: 'ReleaseSlug', data: data(1, 'r2') })
      .then([]));
});
