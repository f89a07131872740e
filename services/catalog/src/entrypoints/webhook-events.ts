import type { Bus } from '@listings/platform/bus';
import type { CheckpointStore } from '@listings/platform/checkpoints';
import { startCheckpointedSubscription } from '@listings/platform/checkpoints';
import type { AllSubscription, EventStore, RecordedEvent } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import { WEBHOOK_SOURCE_EVENTS, type WebhookNews, webhookNewsOf } from '../application/webhook-bodies.ts';
import { rankNewsOf } from '../application/webhook-ranks.ts';
import { deliveryBody, deliveryIdOf, type WebhookStore } from '../application/webhook-store.ts';
import type { Endpoint } from '../domain/webhook/webhook.ts';
import type { ListingDoc } from '../projections/catalog/documents.ts';
import { listingQueries } from '../projections/catalog/query-keys.ts';
import type { CatalogReadModel, CatalogView } from '../projections/catalog/read-model.ts';
import { sendAccountMail } from './account-mail.ts';

/** the durable name: renaming it starts it again from the beginning */
export const WEBHOOK_EVENTS_SUBSCRIBER = 'catalog-webhook-events';

/**
 * The catalog's log to webhook deliveries: each event an endpoint hears of (a vote, a follow, a
 * review, a verified claim, a paid order, a listing live, its week begun) is queued to every active
 * endpoint of its listing that chose it and existed when it happened, with a delivery id made from
 * the event's id, so an event seen twice queues nothing twice. The queue is in the listing's
 * `webhooks-<id>` stream; the endpoint's workflow is woken to send it.
 */
export const startWebhookEvents = (deps: {
  readonly events: EventStore;
  readonly checkpoints: CheckpointStore;
  readonly readModel: Pick<CatalogReadModel, 'view' | 'waitFor'>;
  readonly store: WebhookStore;
  readonly logger: Logger;
}): Promise<AllSubscription> =>
  startCheckpointedSubscription({
    store: deps.events,
    checkpoints: deps.checkpoints,
    name: WEBHOOK_EVENTS_SUBSCRIBER,
    handles: (event) => WEBHOOK_SOURCE_EVENTS.has(event.type),
    handler: async (event: RecordedEvent) => {
      // only the listings that have webhooks are looked at (none: the event passes at once)
      const indexed = await deps.store.indexedListings();
      if (indexed.size === 0) return;
      // the counts in the body are the listings' once the read model has folded this event
      await deps.readModel.waitFor(event.position);
      const view = deps.readModel.view;
      const docs = (await listingsOf(event, view)).filter((doc) => indexed.has(doc.id));
      const news = [...docs.flatMap((doc) => webhookNewsOf(event, doc)), ...(await rankNewsOf(event, view, indexed))];
      for (const item of news) {
        const endpoints = [...(await deps.store.load(item.listing_id)).endpoints.values()];
        if (endpoints.length > 0) await queueNews(deps.store, event, item, endpoints);
      }
    },
    onError: (err) => deps.logger.error({ err }, 'webhook events subscription stopped'),
    onLeaseError: (err) =>
      deps.logger.warn({ err }, 'webhook events subscription: lease not taken or renewed; trying again'),
  });

/** the listings an event is news for: its own, or for a week's end every listing of that week */
const listingsOf = async (event: RecordedEvent, view: CatalogView): Promise<ListingDoc[]> => {
  if (event.type === 'WeekAwardsDecided')
    return view.findListings({ where: listingQueries.liveInWeek((event.data as { week_start: string }).week_start) });
  const doc = await view.listing((event.data as { listing_id: number }).listing_id);
  return doc ? [doc] : [];
};

const queueNews = async (
  store: WebhookStore,
  event: RecordedEvent,
  news: WebhookNews,
  endpoints: readonly Endpoint[],
) => {
  const at = (event.data as { at?: string }).at ?? store.now();
  for (const endpoint of endpoints) {
    if (endpoint.status !== 'active' || !endpoint.events.includes(news.type)) continue;
    if (Date.parse(at) < Date.parse(endpoint.created_at)) continue;
    if (news.type === 'rank.changed' && endpoint.last_rank === news.data.rank) continue;
    await store.queue({
      listing_id: news.listing_id,
      webhook_id: endpoint.webhook_id,
      delivery_id: deliveryIdOf(`${event.id}:${news.type}`, endpoint.webhook_id),
      event_type: news.type,
      body: deliveryBody(news.type, at, news.data),
    });
  }
};

/** The owners of a listing hear by mail that one of its endpoints was disabled (kept on its webhooks page too). */
export const tellOwnersWebhookDisabled =
  (deps: { readonly bus: Bus; readonly view: CatalogView; readonly publicUrl: string; readonly logger: Logger }) =>
  async (listingId: number, endpoint: Endpoint, reason: string): Promise<void> => {
    const doc = await deps.view.listing(listingId);
    for (const accountId of doc?.owners ?? [])
      await sendAccountMail(
        deps,
        {
          account_id: accountId,
          kind: 'webhook-disabled',
          subject: `A webhook of ${doc?.slug ?? listingId} was disabled`,
          text: [
            `The webhook to ${endpoint.url} was disabled: ${reason}.`,
            '',
            `Its delivery log, and a new endpoint: ${deps.publicUrl}/me/listings/${listingId}/webhooks`,
          ].join('\n'),
          dedupe_key: `webhook-disabled:${endpoint.webhook_id}`,
        },
        { what: 'webhook disabled mail', eventId: endpoint.webhook_id },
      );
  };
