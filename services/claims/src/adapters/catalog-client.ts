import {
  type GetListingForClaimReply,
  getListingForClaim,
  type RecordVerifiedClaimReply,
  recordVerifiedClaim,
} from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import { type InternalRequestOptions, internalReplyBody, requestInternal } from '@listings/platform/internal-client';

/** What claims asks the catalog, over the bus (`catalog.internal.*`). */
export interface CatalogClient {
  /** null when no listing has the slug */
  listingBySlug(slug: string): Promise<GetListingForClaimReply | null>;
  /** throws a 409 DomainError when the listing is verified by other owners */
  recordVerifiedClaim(request: {
    listing_id: number;
    account_id: string;
    claim_id: number;
  }): Promise<RecordVerifiedClaimReply>;
}

/** The catalog answers within 10 s or the request is a 503. */
const askingCatalog = (what: string): InternalRequestOptions => ({
  service: 'catalog',
  what,
  timeoutMs: 10_000,
  unreachable: 'is not answering',
});

export const createCatalogClient = (bus: Bus): CatalogClient => ({
  async listingBySlug(slug) {
    const asking = askingCatalog('looking the listing up');
    const reply = await requestInternal(bus, getListingForClaim.subject, { slug }, asking);
    if (reply.status === 404) return null;
    return internalReplyBody(reply, asking) as GetListingForClaimReply;
  },
  async recordVerifiedClaim(request) {
    const asking = askingCatalog('recording the verified claim');
    const reply = await requestInternal(bus, recordVerifiedClaim.subject, request, asking);
    return internalReplyBody(reply, asking) as RecordVerifiedClaimReply;
  },
});
