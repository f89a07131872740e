import {
  type BillboardContributionRecordedEvent,
  billboardContributionRecorded,
  type OrderPaidEvent,
  orderPaid,
  type PaidLaunchPublishedEvent,
  type PaidLaunchRefusedEvent,
  paidLaunchPublished,
  paidLaunchRefused,
} from '@listings/contracts';
import type { Bus, Consumer, DeliveredEvent, IntegrationEvent } from '@listings/platform/bus';
import type { CheckpointStore } from '@listings/platform/checkpoints';
import { foldStream } from '@listings/platform/decider';
import type { AllSubscription, EventStore, RecordedEvent } from '@listings/platform/event-store';
import { publishFromLog } from '@listings/platform/integration-events';
import type { Logger } from '@listings/platform/logger';
import { checkValue } from '@listings/platform/validation';
import type { OrderLifecycle } from '../application/order-lifecycle.ts';
import { orderDecider } from '../domain/order/decide.ts';
import { orderStream } from '../domain/order/order.ts';

/** the durable names: renaming one starts it again from the beginning */
export const COMMERCE_PUBLISHER = 'commerce-integration-events';
export const COMMERCE_CATALOG_CONSUMER = 'commerce-on-catalog-fulfilment';

/**
 * Commerce's public events, from its own stored events (null: not published). `OrderPaid` says
 * only which order; the lines come from the order's stream (they never change once placed).
 */
export const commerceIntegrationEvent = async (
  store: EventStore,
  event: RecordedEvent,
): Promise<Omit<IntegrationEvent, 'id'> | null> => {
  if (event.type !== 'OrderPaid') return null;
  const { number, at } = event.data as { number: string; at: string };
  const { state } = await foldStream(store, orderStream(number), orderDecider);
  if (state.status === 'none') return null;
  const data: OrderPaidEvent = {
    number,
    account_id: state.accountId,
    lines: state.lines.map((line, i) =>
      line.kind === 'launch'
        ? {
            line: i,
            kind: 'launch' as const,
            listing_id: line.listing_id as number,
            launch_week: line.launch_week ?? null,
            ...(line.extra_categories !== undefined ? { extra_categories: [...line.extra_categories] } : {}),
          }
        : {
            line: i,
            kind: 'billboard' as const,
            listing_id: line.listing_id as number,
            amount_cents: line.amount_cents as number,
          },
    ),
    paid_at: at,
  };
  return { subject: orderPaid.subject, data };
};

export const startCommercePublisher = (deps: {
  readonly store: EventStore;
  readonly checkpoints: CheckpointStore;
  readonly bus: Bus;
  readonly logger: Logger;
}): Promise<AllSubscription> =>
  publishFromLog({
    store: deps.store,
    checkpoints: deps.checkpoints,
    bus: deps.bus,
    name: COMMERCE_PUBLISHER,
    map: (event) => commerceIntegrationEvent(deps.store, event),
    onPublishError: (err, event) =>
      deps.logger.warn({ err, event_id: event.id }, 'commerce integration event not published yet; trying again'),
    onError: (err) => deps.logger.error({ err }, 'commerce integration events publisher stopped'),
    onLeaseError: (err) =>
      deps.logger.warn({ err }, 'commerce integration events publisher: lease not taken or renewed; trying again'),
  });

/**
 * The catalog's word on what a paid order bought: each line it carried out is recorded fulfilled
 * here (the last one makes the order `fulfilled`), a launch it refused is recorded refused (the
 * order stays `paid` and says it needs a refund). Idempotent: a line recorded already is skipped.
 * An event for an order this service does not know as paid (e.g. demo data) is logged and skipped.
 */
export const handleCatalogEvent =
  (deps: { readonly lifecycle: OrderLifecycle; readonly logger: Logger }) =>
  async (subject: string, data: unknown): Promise<void> => {
    let outcome: { order: string; kind: 'launch' | 'billboard'; listingId: number } | undefined;
    if (subject === paidLaunchPublished.subject) {
      const e = data as PaidLaunchPublishedEvent;
      outcome = { order: e.order_number, kind: 'launch', listingId: e.listing_id };
    } else if (subject === billboardContributionRecorded.subject) {
      const e = data as BillboardContributionRecordedEvent;
      outcome = { order: e.order_number, kind: 'billboard', listingId: e.listing_id };
    }
    if (subject === paidLaunchRefused.subject) {
      const e = data as PaidLaunchRefusedEvent;
      const known = await deps.lifecycle.recordCatalogRefusal(e.order_number, e.listing_id, e.reason);
      if (known)
        deps.logger.error(
          { order_number: e.order_number, listing_id: e.listing_id, reason: e.reason },
          `the catalog could not carry out order ${e.order_number}'s launch of listing ${e.listing_id}: it needs a refund`,
        );
      return;
    }
    if (!outcome) return;
    const known = await deps.lifecycle.recordCatalogOutcome(outcome.order, outcome.kind, outcome.listingId);
    if (!known) deps.logger.debug({ subject, order_number: outcome.order }, 'catalog event for no paid order here');
  };

const CONSUMED = [paidLaunchPublished, paidLaunchRefused, billboardContributionRecorded];

/** commerce's durable consumer of the catalog's events */
export const consumeCatalogEvents = (deps: {
  readonly bus: Bus;
  readonly lifecycle: OrderLifecycle;
  readonly logger: Logger;
}): Promise<Consumer> => {
  const onEvent = handleCatalogEvent(deps);
  return deps.bus.consume({
    durable: COMMERCE_CATALOG_CONSUMER,
    filter: 'events.catalog.>',
    handler: async (event: DeliveredEvent) => {
      const contract = CONSUMED.find((c) => c.subject === event.subject);
      if (!contract) return; // another catalog event: not commerce's business
      const problems = checkValue(contract.data, event.data);
      if (problems.length > 0) {
        // a malformed event can never succeed: logged and skipped, never retried forever
        deps.logger.error({ event_id: event.id, problems }, `malformed ${event.subject} event skipped`);
        return;
      }
      await onEvent(event.subject, event.data);
    },
  });
};
