import { randomUUID } from 'node:crypto';
import { mailAccount } from '@listings/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftId, profile, startTestCatalog, type TestCatalog } from './support.ts';

/**
 * Ownership follows verification (docs/claims.md): the owners a verified claim removed are mailed
 * once, and a listing verified before the rule (its log holds a ListingVerified alone, as the
 * catalog recorded it then) is handed over by the catalog-ownership-handover subscription.
 */
describe('the catalog handing a listing over to its verified owner', () => {
  let t: TestCatalog;
  const mails: Record<string, unknown>[] = [];
  let mailed: () => void = () => {};
  let served: { stop(): Promise<void> };
  beforeAll(async () => {
    t = await startTestCatalog();
    served = await t.bus.serve(mailAccount.subject, async (payload) => {
      mails.push(payload as Record<string, unknown>);
      mailed();
      return { status: 200, body: { sent: true } };
    });
  });
  afterAll(async () => {
    await served?.stop();
    await t?.stop();
  });

  const newListing = async (name: string, owners: string[]): Promise<{ id: number; slug: string }> => {
    const saved = await t.internal('save_listing_from_draft', {
      listing_id: null,
      draft_id: draftId(),
      owner_account_ids: owners,
      profile: profile(name),
    });
    expect(saved.status).toBe(200);
    return { id: saved.body.listing_id as number, slug: saved.body.slug as string };
  };
  const mailsFor = (accounts: readonly string[]) =>
    new Promise<void>((resolve) => {
      mailed = () => {
        if (accounts.every((account) => mails.some((m) => m.account_id === account))) resolve();
      };
      mailed();
    });
  const ownersReplaced = async (listingId: number) =>
    (await t.catalog.events.readStream(`listing-${listingId}`)).filter((e) => e.type === 'ListingOwnersReplaced');

  it('when a claimant who was not an owner is verified then every earlier owner is mailed once and owns it no more', async () => {
    const listing = await newListing('Handed Over', ['founder', 'cofounder']);
    const told = mailsFor(['founder', 'cofounder']);
    const verified = await t.internal('record_verified_claim', {
      listing_id: listing.id,
      account_id: 'site-owner',
      claim_id: 1,
    });
    expect(verified.status).toBe(200);
    await told;
    expect((await t.catalog.readModel.view.listing(listing.id))?.owners).toEqual(['site-owner']);
    expect(mails.filter((m) => m.account_id === 'founder')).toEqual([
      {
        account_id: 'founder',
        kind: 'listing-ownership-lost',
        subject: 'You are no longer an owner of Handed Over',
        text: expect.stringContaining(`http://directory.test/listings/${listing.slug}`),
        dedupe_key: expect.stringMatching(/^ownership-lost:.+:founder$/),
      },
    ]);
    expect(mails.some((m) => m.account_id === 'site-owner')).toBe(false);
    // the same verification again changes nothing and mails no one
    expect(
      (await t.internal('record_verified_claim', { listing_id: listing.id, account_id: 'site-owner', claim_id: 1 }))
        .status,
    ).toBe(200);
    expect(await ownersReplaced(listing.id)).toHaveLength(1);
  });

  it('when the log holds a verification from before ownership followed it then the listing is handed over', async () => {
    const listing = await newListing('Verified Long Ago', ['submitter']);
    const told = mailsFor(['submitter']);
    // what the catalog recorded for a verified claim before: ListingVerified alone
    await t.catalog.events.append(
      `listing-${listing.id}`,
      [
        {
          id: randomUUID(),
          type: 'ListingVerified',
          data: { listing_id: listing.id, account_id: 'real-owner', at: '2026-11-01T00:00:00.000Z' },
        },
      ],
      'any',
    );
    await told;
    const replaced = await ownersReplaced(listing.id);
    expect(replaced.map((e) => e.data)).toEqual([
      { listing_id: listing.id, owners: ['real-owner'], removed: ['submitter'], at: expect.any(String) },
    ]);
    await t.catalog.readModel.waitFor((replaced[0] as { position: number }).position);
    expect((await t.catalog.readModel.view.listing(listing.id))?.owners).toEqual(['real-owner']);
  });
});
