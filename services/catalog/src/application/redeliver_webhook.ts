import type { CatalogHandler } from './operation-context.ts';
import { myListing } from './owned-listings.ts';

/** redeliver_webhook: a delivery of the log queued again with its id and body, after those waiting. */
export const redeliverWebhook: CatalogHandler<'redeliver_webhook'> = async (call, { view, webhooks }) => {
  const doc = await myListing(view, call);
  const { webhook_id: webhookId, delivery_id: deliveryId } = call.params;
  const endpoint = (await webhooks.store.load(doc.id)).endpoints.get(webhookId);
  const known = endpoint?.known.find((k) => k.delivery_id === deliveryId);
  return webhooks.store.queue({
    listing_id: doc.id,
    webhook_id: webhookId,
    delivery_id: deliveryId,
    event_type: known?.event_type ?? '',
    body: known?.body ?? '',
    redeliver: true,
  });
};
