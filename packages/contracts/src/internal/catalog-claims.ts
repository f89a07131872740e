import Type, { type Static } from 'typebox';
import { ListingStatus } from '../catalog.ts';
import { PositiveId, Slug } from '../common.ts';
import type { InternalOperation } from './catalog.ts';

/**
 * Catalog's internal operations for the claims service, on `catalog.internal.<name>` like the
 * others in `catalog.ts` (request: the JSON object; reply: `{ status, body }` or `{ status, problem }`).
 */
const AccountId = Type.String({ minLength: 1, maxLength: 200 });

const getListingForClaimRequest = Type.Object({ slug: Slug }, { additionalProperties: false });
const getListingForClaimReply = Type.Object({
  listing_id: PositiveId,
  slug: Slug,
  status: ListingStatus,
  /** the product's website (the homepage the meta and file checks read); null when it has none */
  url: Type.Union([Type.String(), Type.Null()]),
  owners: Type.Array(AccountId),
  verified: Type.Boolean(),
});

export const getListingForClaim: InternalOperation<typeof getListingForClaimRequest, typeof getListingForClaimReply> = {
  name: 'get_listing_for_claim',
  subject: 'catalog.internal.get_listing_for_claim',
  description:
    'What the claims service needs about a listing named by slug: its id, status, website, owners and whether it is verified. 404 when no listing has the slug.',
  request: getListingForClaimRequest,
  reply: getListingForClaimReply,
};
export type GetListingForClaimReply = Static<typeof getListingForClaimReply>;

const recordVerifiedClaimRequest = Type.Object(
  { listing_id: PositiveId, account_id: AccountId, claim_id: PositiveId },
  { additionalProperties: false },
);
const recordVerifiedClaimReply = Type.Object({
  listing_id: PositiveId,
  verified: Type.Boolean(),
  owner: Type.Boolean(),
});

export const recordVerifiedClaim: InternalOperation<
  typeof recordVerifiedClaimRequest,
  typeof recordVerifiedClaimReply
> = {
  name: 'record_verified_claim',
  subject: 'catalog.internal.record_verified_claim',
  description:
    'A claim passed its check: the claimant becomes an owner and the listing earns the Verified badge. Again = no-op. 404 for an unknown listing; 409 when the listing is already verified and the claimant is not one of its owners (the first verified claim wins).',
  request: recordVerifiedClaimRequest,
  reply: recordVerifiedClaimReply,
};
export type RecordVerifiedClaimReply = Static<typeof recordVerifiedClaimReply>;
