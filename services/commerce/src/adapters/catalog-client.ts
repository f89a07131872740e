import { type DescribeListingForOrderReply, describeListingForOrder } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import { internalReplyBody, requestInternal } from '@listings/platform/internal-client';

/**
 * What commerce asks the catalog over the bus, and must know at once (to quote and to take a
 * payment). What a paid order buys goes to the catalog as an integration event instead.
 */
export interface CatalogClient {
  /** undefined when the listing is unknown or not the account's; `categories`: slugs to check exist */
  describeListing(
    listingId: number,
    accountId: string,
    categories?: readonly string[],
  ): Promise<DescribeListingForOrderReply | undefined>;
}

export const createCatalogClient = (bus: Bus): CatalogClient => ({
  async describeListing(listingId, accountId, categories) {
    const asking = { service: 'catalog', what: `listing ${listingId}` };
    const request = {
      listing_id: listingId,
      account_id: accountId,
      ...(categories && categories.length > 0 ? { categories } : {}),
    };
    const reply = await requestInternal(bus, describeListingForOrder.subject, request, asking);
    if (reply.status === 404) return undefined;
    return internalReplyBody(reply, asking) as DescribeListingForOrderReply;
  },
});
