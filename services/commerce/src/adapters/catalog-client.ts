import {
  type DescribeListingForOrderReply,
  describeListingForOrder,
  publishListing,
  recordBillboardContribution,
} from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import { internalReplyBody, requestInternal } from '@listings/platform/internal-client';

/** What commerce asks the catalog, over the bus. */
export interface CatalogClient {
  /** undefined when the listing is unknown or not the account's; `categories`: slugs to check exist */
  describeListing(
    listingId: number,
    accountId: string,
    categories?: readonly string[],
  ): Promise<DescribeListingForOrderReply | undefined>;
  publishPaid(listingId: number, launchWeek: string | null, extraCategories?: readonly string[]): Promise<void>;
  contributeToBillboard(listingId: number, orderNumber: string, amountCents: number): Promise<void>;
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
  async publishPaid(listingId, launchWeek, extraCategories) {
    const asking = { service: 'catalog', what: `publishing listing ${listingId}` };
    const request = {
      listing_id: listingId,
      launch_week: launchWeek,
      plan: 'paid',
      ...(extraCategories ? { extra_categories: extraCategories } : {}),
    };
    internalReplyBody(await requestInternal(bus, publishListing.subject, request, asking), asking);
  },
  async contributeToBillboard(listingId, orderNumber, amountCents) {
    const asking = { service: 'catalog', what: `billboard contribution to listing ${listingId}` };
    const request = { listing_id: listingId, order_number: orderNumber, amount_cents: amountCents };
    internalReplyBody(await requestInternal(bus, recordBillboardContribution.subject, request, asking), asking);
  },
});
