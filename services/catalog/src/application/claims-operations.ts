import type { GetListingForClaimReply, RecordVerifiedClaimReply } from '@listings/contracts';
import { ConflictError, NotFoundError } from '@listings/platform/errors';
import type { InternalOperationHandler } from './internal-context.ts';

/**
 * The claims service's two internal requests: look a listing up by slug, and record a verified
 * claim (the claimant becomes an owner through the `ListingVerified` event; the listing earns the
 * Verified badge). The first verified claim wins: a listing verified by its owners refuses a
 * stranger's claim with 409. Only claims started before claims held their owner in the listing's
 * claims stream still ask this; newer ones arrive as `events.claims.claim_verified` (claims-events.ts).
 */
export const getListingForClaim: InternalOperationHandler<{ slug: string }> = async (
  r,
  { view },
): Promise<GetListingForClaimReply> => {
  const doc = await view.listingBySlug(r.slug);
  if (!doc) throw new NotFoundError(`no listing ${r.slug}`);
  return {
    listing_id: doc.id,
    slug: doc.slug,
    status: doc.status,
    url: typeof doc.profile.url === 'string' ? doc.profile.url : null,
    owners: [...doc.owners],
    verified: doc.verified,
  };
};

export const recordVerifiedClaim: InternalOperationHandler<{
  listing_id: number;
  account_id: string;
  claim_id: number;
}> = async (r, { view, commands }): Promise<RecordVerifiedClaimReply> => {
  const before = await view.listing(r.listing_id);
  if (!before) throw new NotFoundError(`no listing ${r.listing_id}`);
  if (before.verified && !before.owners.includes(r.account_id))
    throw new ConflictError('the listing is already verified by its owners');
  await commands.listing(r.listing_id, { type: 'MarkVerified', data: { account_id: r.account_id } });
  const after = await view.listing(r.listing_id);
  return {
    listing_id: r.listing_id,
    verified: after?.verified ?? false,
    owner: after?.owners.includes(r.account_id) ?? false,
  };
};
