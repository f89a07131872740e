import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftId, profile, startTestCatalog, type TestCatalog } from './support.ts';

/**
 * A draft makes one listing, held by `draftlisting-<draft_id>` (docs/catalog.md): the crash cases,
 * written into the store as a process that died midway would have left them.
 */
describe('the listing a draft made', () => {
  let t: TestCatalog;
  beforeAll(async () => {
    t = await startTestCatalog();
  });
  afterAll(() => t.stop());

  const create = (draft: string, name: string, tagline = `${name} tagline`) =>
    t.internal('save_listing_from_draft', {
      listing_id: null,
      draft_id: draft,
      owner_account_ids: ['owner'],
      profile: profile(name, { tagline }),
    });
  const append = (stream: string, type: string, data: object) =>
    t.catalog.events.append(stream, [{ id: randomUUID(), type, data }], 'any');
  const stream = async (name: string) =>
    (await t.catalog.events.readStream(name)).map((e) => ({ type: e.type, data: e.data }));
  const listingsOf = async (draft: string) =>
    (await t.catalog.readModel.view.findListings({})).filter((l) => l.draft_id === draft).map((l) => l.id);

  it('when a create claimed a listing and died before creating it then the next create makes that listing', async () => {
    const draft = draftId();
    // the dead process: the claim, and the slug reserved under it; no listing-500
    await append(`draftlisting-${draft}`, 'DraftListingClaimed', {
      draft_id: draft,
      listing_id: 500,
      reservation_id: 'r-dead',
    });
    await append('listingslug-crashed-co', 'ListingSlugReserved', {
      slug: 'crashed-co',
      listing_id: 500,
      reservation_id: 'r-dead',
    });

    const made = await create(draft, 'Crashed Co');
    expect(made.status).toBe(200);
    // the claim's listing, with the slug its reservation holds (not crashed-co-2)
    expect(made.body).toMatchObject({ listing_id: 500, slug: 'crashed-co', status: 'draft' });
    expect(await stream('listing-500')).toMatchObject([
      { type: 'ListingCreated', data: { listing_id: 500, draft_id: draft, slug: 'crashed-co' } },
      { type: 'ListingProfileSaved' },
    ]);

    // a retry updates it: still one listing, one claim
    const again = await create(draft, 'Crashed Co', 'retried');
    expect(again.body).toEqual(made.body);
    expect(await listingsOf(draft)).toEqual([500]);
    expect((await t.catalog.readModel.view.listing(500))?.profile.tagline).toBe('retried');
    expect(await stream(`draftlisting-${draft}`)).toHaveLength(1);
  });

  it("when the claimed id went to another draft's listing then the claim moves to a new id, and the other listing is untouched", async () => {
    const other = draftId();
    const taken = (await create(other, 'Other Co')).body.listing_id as number;
    const draft = draftId();
    // two replicas gave one id to two drafts; the other draft's create won listing-<taken>
    await append(`draftlisting-${draft}`, 'DraftListingClaimed', {
      draft_id: draft,
      listing_id: taken,
      reservation_id: 'r-lost',
    });

    const made = await create(draft, 'Moved Co');
    expect(made.status).toBe(200);
    expect(made.body.listing_id).not.toBe(taken);
    expect(made.body.slug).toBe('moved-co');
    expect(await stream(`draftlisting-${draft}`)).toMatchObject([
      { data: { listing_id: taken } },
      { type: 'DraftListingClaimed', data: { listing_id: made.body.listing_id, replaces_listing_id: taken } },
    ]);
    expect(await listingsOf(draft)).toEqual([made.body.listing_id]);
    expect(await listingsOf(other)).toEqual([taken]);
    expect((await t.catalog.readModel.view.listing(taken))?.profile.name).toBe('Other Co');
    expect((await create(draft, 'Moved Co')).body).toEqual(made.body);
  });

  it('when a listing was made before drafts held their listing then a create claims and updates it', async () => {
    const draft = draftId();
    const { position } = await append('listing-700', 'ListingCreated', {
      listing_id: 700,
      slug: 'old-co',
      draft_id: draft,
      owners: ['owner'],
      status: 'draft',
      at: '2026-11-01T00:00:00.000Z',
    });
    await t.catalog.readModel.waitFor(position);

    const made = await create(draft, 'Old Co', 'saved again');
    expect(made.body).toMatchObject({ listing_id: 700, slug: 'old-co' });
    expect(await listingsOf(draft)).toEqual([700]);
    expect((await t.catalog.readModel.view.listing(700))?.profile.tagline).toBe('saved again');
    expect(await stream(`draftlisting-${draft}`)).toMatchObject([
      { type: 'DraftListingClaimed', data: { draft_id: draft, listing_id: 700 } },
    ]);
  });
});
