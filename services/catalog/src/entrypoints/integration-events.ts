import {
  billboardContributionRecorded,
  type IntegrationEventData,
  listingChanged,
  type OrderPaidEvent,
  orderPaid,
  paidLaunchPublished,
  paidLaunchRefused,
} from '@listings/contracts';
import type { Bus, Consumer, DeliveredEvent, IntegrationEvent } from '@listings/platform/bus';
import type { CheckpointStore } from '@listings/platform/checkpoints';
import { ConflictError, NotFoundError, ValidationError } from '@listings/platform/errors';
import type { AllSubscription, EventStore, RecordedEvent } from '@listings/platform/event-store';
import { publishFromLog } from '@listings/platform/integration-events';
import type { Logger } from '@listings/platform/logger';
import { checkValue } from '@listings/platform/validation';
import type { CatalogCommands } from '../application/commands.ts';
import { readListingOrigin } from '../application/save-listing-from-draft.ts';
import type { ListingEvent } from '../domain/listing/listing.ts';

/** the durable names: renaming one starts it again from the beginning */
export const CATALOG_PUBLISHER = 'catalog-integration-events';
export const CATALOG_ORDERS_CONSUMER = 'catalog-on-commerce-orders';

/** a listing's slug by id (slugs never change), for the events that name a listing by both */
export type SlugOf = (listingId: number) => Promise<string | null>;

/**
 * Slugs read from each listing's `ListingCreated`, remembered (at most `max`; a slug never changes,
 * so a remembered one is never stale).
 */
export const slugsFromListingStreams = (events: EventStore, max = 10_000): SlugOf => {
  const known = new Map<number, string>();
  return async (listingId) => {
    const remembered = known.get(listingId);
    if (remembered !== undefined) return remembered;
    const slug = (await readListingOrigin(events, listingId))?.slug ?? null;
    if (slug === null) return null;
    if (known.size >= max) known.delete(known.keys().next().value as number);
    known.set(listingId, slug);
    return slug;
  };
};

/** The catalog's public events, from its own stored events (null: not published). */
export const catalogIntegrationEvent = async (
  event: RecordedEvent,
  slugOf: SlugOf,
): Promise<Omit<IntegrationEvent, 'id'> | null> => {
  const stored = { type: event.type, data: event.data } as ListingEvent;
  switch (stored.type) {
    case 'PaidLaunchRecorded': {
      const { order_number, listing_id, launch_week, at } = stored.data;
      const data: IntegrationEventData<typeof paidLaunchPublished> = { order_number, listing_id, launch_week, at };
      return { subject: paidLaunchPublished.subject, data };
    }
    case 'PaidLaunchRefused': {
      const { order_number, listing_id, reason, at } = stored.data;
      const data: IntegrationEventData<typeof paidLaunchRefused> = {
        order_number,
        listing_id,
        reason: reason.slice(0, 500),
        at,
      };
      return { subject: paidLaunchRefused.subject, data };
    }
    case 'BillboardContributed': {
      const { order_number, listing_id, amount_cents, at } = stored.data;
      const data: IntegrationEventData<typeof billboardContributionRecorded> = {
        order_number,
        listing_id,
        amount_cents,
        at,
      };
      return { subject: billboardContributionRecorded.subject, data };
    }
    case 'ListingEdited':
    case 'ListingUpdatePosted':
    case 'MilestoneAdded':
    case 'MilestoneDeleted': {
      const change = LISTING_CHANGE_OF[stored.type];
      const slug = await slugOf(stored.data.listing_id);
      // a change recorded on a listing that was never created is not anyone's to hear about
      if (slug === null) return null;
      const data: IntegrationEventData<typeof listingChanged> = {
        listing_id: stored.data.listing_id,
        slug,
        change,
        at: stored.data.at,
      };
      return { subject: listingChanged.subject, data };
    }
    default:
      return null;
  }
};

const LISTING_CHANGE_OF = {
  ListingEdited: 'edited',
  ListingUpdatePosted: 'update_posted',
  MilestoneAdded: 'milestone_added',
  MilestoneDeleted: 'milestone_deleted',
} as const;

export const startCatalogPublisher = (deps: {
  readonly events: EventStore;
  readonly checkpoints: CheckpointStore;
  readonly bus: Bus;
  readonly logger: Logger;
}): Promise<AllSubscription> => {
  const slugOf = slugsFromListingStreams(deps.events);
  return publishFromLog({
    store: deps.events,
    checkpoints: deps.checkpoints,
    bus: deps.bus,
    name: CATALOG_PUBLISHER,
    map: (event) => catalogIntegrationEvent(event, slugOf),
    onPublishError: (err, event) =>
      deps.logger.warn({ err, event_id: event.id }, 'catalog integration event not published yet; trying again'),
    onError: (err) => deps.logger.error({ err }, 'catalog integration events publisher stopped'),
    onLeaseError: (err) =>
      deps.logger.warn({ err }, 'catalog integration events publisher: lease not taken or renewed; trying again'),
  });
};

/** a refusal of the catalog's own rules: telling it again changes nothing, so it is not retried */
const isRefusal = (error: unknown) =>
  error instanceof ConflictError || error instanceof NotFoundError || error instanceof ValidationError;

const refuseLaunch = async (
  deps: { readonly commands: CatalogCommands; readonly logger: Logger },
  orderNumber: string,
  listingId: number,
  reason: string,
) => {
  try {
    await deps.commands.listing(listingId, {
      type: 'RefusePaidLaunch',
      data: { order_number: orderNumber, reason: reason || 'the catalog refused it' },
    });
  } catch (error) {
    // no such listing: there is nowhere to record it; the log line above is all there is
    if (!(error instanceof NotFoundError)) throw error;
  }
};

/**
 * What the catalog does when an order is paid: each launch line publishes its listing on the paid
 * plan for that order, each billboard line records the contribution. Both commands are idempotent
 * per order (the listing remembers the order of its paid launch and the orders that contributed),
 * so the same event twice changes nothing. A line the catalog's rules refuse (the listing was
 * archived, went live on the free plan, its launch is another order's, a verified claim took it
 * from the buyer before the order was paid) is logged for a refund and,
 * for a launch, recorded on the listing (`PaidLaunchRefused`, published as
 * `events.catalog.paid_launch_refused`); anything else (e.g. the store failing) rejects, and the
 * event comes again.
 */
export const handleOrderPaid =
  (deps: { readonly commands: CatalogCommands; readonly logger: Logger }) =>
  async (order: OrderPaidEvent): Promise<void> => {
    for (const line of order.lines) {
      try {
        if (line.kind === 'launch')
          await deps.commands.publishListing(
            line.listing_id,
            line.launch_week,
            'paid',
            line.extra_categories,
            order.number,
            order.account_id,
          );
        else
          await deps.commands.listing(line.listing_id, {
            type: 'ContributeToBillboard',
            data: { order_number: order.number, amount_cents: line.amount_cents },
          });
      } catch (error) {
        if (!isRefusal(error)) throw error;
        deps.logger.error(
          { err: error, order_number: order.number, line: line.line, listing_id: line.listing_id },
          `paid order ${order.number} line ${line.line} cannot be carried out by the catalog: it needs a refund`,
        );
        // the launch's refusal is recorded on the listing and published, so commerce learns it
        if (line.kind === 'launch') await refuseLaunch(deps, order.number, line.listing_id, (error as Error).message);
      }
    }
  };

/** the catalog's durable consumer of commerce's paid orders */
export const consumeCommerceEvents = (deps: {
  readonly bus: Bus;
  readonly commands: CatalogCommands;
  readonly logger: Logger;
}): Promise<Consumer> => {
  const onOrderPaid = handleOrderPaid(deps);
  return deps.bus.consume({
    durable: CATALOG_ORDERS_CONSUMER,
    filter: orderPaid.subject,
    handler: async (event: DeliveredEvent) => {
      const problems = checkValue(orderPaid.data, event.data);
      if (problems.length > 0) {
        // a malformed event can never succeed: logged and skipped, never retried forever
        deps.logger.error({ event_id: event.id, problems }, `malformed ${event.subject} event skipped`);
        return;
      }
      await onOrderPaid(event.data as OrderPaidEvent);
    },
  });
};
