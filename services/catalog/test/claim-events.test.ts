import { randomUUID } from 'node:crypto';
import { type ClaimVerifiedEventData, claimVerifiedEvent } from '@listings/contracts';
import type { AllSubscription } from '@listings/platform/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimVerifiedHandler } from '../src/entrypoints/claims-events.ts';
import { draftId, profile, startTestCatalog, type TestCatalog } from './support.ts';

describe('the catalog consuming events.claims.claim_verified', () => {
  let t: TestCatalog;
  const subscriptions: AllSubscription[] = [];
  beforeAll(async () => {
    t = await startTestCatalog();
  });
  afterAll(async () => {
    for (const subscription of subscriptions) await subscription.close();
    await t?.stop();
  });

  const newListing = async (name: string): Promise<number> => {
    const saved = await t.internal('save_listing_from_draft', {
      listing_id: null,
      draft_id: draftId(),
      owner_account_ids: ['founder'],
      profile: profile(name),
    });
    expect(saved.status).toBe(200);
    return saved.body.listing_id as number;
  };
  const claimVerified = (listing_id: number, account_id: string, claim_id: number): ClaimVerifiedEventData => ({
    claim_id,
    listing_id,
    account_id,
    verified_at: '2026-11-18T12:00:00.000Z',
  });
  /** resolves once the catalog's log holds a ListingVerified for the listing */
  const listingVerified = (listingId: number) =>
    new Promise<void>((resolve) => {
      subscriptions.push(
        t.catalog.events.subscribeAll({
          after: 0,
          handler: (event) => {
            if (event.type === 'ListingVerified' && (event.data as { listing_id: number }).listing_id === listingId)
              resolve();
          },
        }),
      );
    });
  const verifications = async (listingId: number) =>
    (await t.catalog.events.readStream(`listing-${listingId}`))
      .filter((e) => e.type === 'ListingVerified')
      .map((e) => (e.data as { account_id: string }).account_id);

  it('when the same claim_verified event is delivered twice then the claimant becomes the owner once', async () => {
    const listingId = await newListing('Twice Delivered');
    const event = {
      subject: claimVerifiedEvent.subject,
      id: randomUUID(),
      data: claimVerified(listingId, 'claimant', 1),
    };
    await t.bus.publish(event);
    // published again under another id (as after the de-duplication window): delivered again
    await t.bus.publish({ ...event, id: randomUUID() });
    // a stranger's claim on the verified listing (claims never sends one; the listing refuses it)
    await t.bus.publish({ ...event, id: randomUUID(), data: claimVerified(listingId, 'stranger', 2) });
    // events come in order: once the next listing is verified, the three above were handled
    const marker = await newListing('Marker');
    const markerSeen = listingVerified(marker);
    await t.bus.publish({ subject: claimVerifiedEvent.subject, id: randomUUID(), data: claimVerified(marker, 'm', 3) });
    await markerSeen;

    expect(await verifications(listingId)).toEqual(['claimant']);
    const doc = await t.catalog.readModel.view.listing(listingId);
    expect(doc?.verified).toBe(true);
    // ownership followed the verification: the founder who submitted it is an owner no more, once
    expect(doc?.owners).toEqual(['claimant']);
    const replaced = (await t.catalog.events.readStream(`listing-${listingId}`)).filter(
      (e) => e.type === 'ListingOwnersReplaced',
    );
    expect(replaced.map((e) => e.data)).toEqual([
      { listing_id: listingId, owners: ['claimant'], removed: ['founder'], at: expect.any(String) },
    ]);
  });

  it('when the handler is given one event twice, or bad data, then it changes the listing once and never throws', async () => {
    const listingId = await newListing('Handler Twice');
    const warnings: unknown[] = [];
    const handle = claimVerifiedHandler({
      commands: t.catalog.commands,
      logger: { warn: (o: unknown) => warnings.push(o), error: (o: unknown) => warnings.push(o) },
    });
    const event = { id: randomUUID(), data: claimVerified(listingId, 'claimant', 4) };
    await handle(event);
    await handle(event);
    await handle({ id: randomUUID(), data: { listing_id: listingId } });
    await handle({ id: randomUUID(), data: claimVerified(987_654, 'claimant', 5) });
    expect(await verifications(listingId)).toEqual(['claimant']);
    expect(warnings).toHaveLength(2);
  });
});
