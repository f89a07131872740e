import type { ListingDraftProfile } from '@listings/contracts';
import { NotFoundError } from '@listings/platform/errors';
import type { InternalOperationHandler } from './internal-context.ts';

/** Internal operations on a listing itself: drafting's save, the verified mark, the stored logo. */
export const saveListingFromDraft: InternalOperationHandler<{
  listing_id: number | null;
  draft_id: string;
  owner_account_ids: string[];
  profile: ListingDraftProfile;
}> = async (r, { commands }) => {
  const doc = await commands.saveListingFromDraft(r);
  return { listing_id: doc.id, slug: doc.slug, status: doc.status };
};

export const markListingVerified: InternalOperationHandler<{ listing_id: number; account_id: string }> = async (
  r,
  { commands },
) => {
  await commands.listing(r.listing_id, { type: 'MarkVerified', data: { account_id: r.account_id } });
  return { listing_id: r.listing_id, verified: true };
};

export const getImage: InternalOperationHandler<{ digest: string; size?: number }> = async (r, { logos }) => {
  const served = logos ? await logos.get(r.digest, r.size) : null;
  if (!served) throw new NotFoundError(`no image ${r.digest}${r.size ? ` at ${r.size} px` : ''}`);
  return { png_base64: Buffer.from(served.bytes).toString('base64'), etag: served.etag };
};
