import {
  type DescribeListingForOrderReply,
  describeListingForOrder,
  type OperationReply,
  publishListing,
  recordBillboardContribution,
} from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import { DomainError, ServiceUnavailableError } from '@listings/platform/errors';

/** What commerce asks the catalog, over the bus. */
export interface CatalogClient {
  /** undefined when the listing is unknown or not the account's */
  describeListing(listingId: number, accountId: string): Promise<DescribeListingForOrderReply | undefined>;
  publishPaid(listingId: number, launchWeek: string | null): Promise<void>;
  contributeToBillboard(listingId: number, orderNumber: string, amountCents: number): Promise<void>;
}

const ask = async (bus: Bus, subject: string, request: unknown, what: string): Promise<OperationReply> => {
  try {
    return (await bus.request(subject, request)) as OperationReply;
  } catch (error) {
    throw new ServiceUnavailableError(`${what}: the catalog cannot be reached (${(error as Error).message})`);
  }
};
const bodyOf = (reply: OperationReply, what: string): unknown => {
  if ('body' in reply && reply.status < 300) return reply.body;
  if ('problem' in reply)
    throw new DomainError(
      reply.problem.status,
      'catalog',
      reply.problem.title,
      `${what}: ${reply.problem.detail ?? ''}`,
    );
  throw new ServiceUnavailableError(`${what}: the catalog gave no usable answer`);
};

export const createCatalogClient = (bus: Bus): CatalogClient => ({
  async describeListing(listingId, accountId) {
    const what = `listing ${listingId}`;
    const reply = await ask(
      bus,
      describeListingForOrder.subject,
      { listing_id: listingId, account_id: accountId },
      what,
    );
    if (reply.status === 404) return undefined;
    return bodyOf(reply, what) as DescribeListingForOrderReply;
  },
  async publishPaid(listingId, launchWeek) {
    const what = `publishing listing ${listingId}`;
    bodyOf(
      await ask(bus, publishListing.subject, { listing_id: listingId, launch_week: launchWeek, plan: 'paid' }, what),
      what,
    );
  },
  async contributeToBillboard(listingId, orderNumber, amountCents) {
    const what = `billboard contribution to listing ${listingId}`;
    const request = { listing_id: listingId, order_number: orderNumber, amount_cents: amountCents };
    bodyOf(await ask(bus, recordBillboardContribution.subject, request, what), what);
  },
});
