import { WEBHOOK_TEST_EVENT } from '@listings/contracts';
import type { CatalogHandler } from './operation-context.ts';
import { myListing } from './owned-listings.ts';
import { deliveryBody, newDeliveryId } from './webhook-store.ts';

/** send_test_webhook: a signed `webhook.test` delivery queued to the endpoint, after those waiting. */
export const sendTestWebhook: CatalogHandler<'send_test_webhook'> = async (call, { view, webhooks }) => {
  const doc = await myListing(view, call);
  const webhookId = call.params.webhook_id;
  return webhooks.store.queue({
    listing_id: doc.id,
    webhook_id: webhookId,
    delivery_id: newDeliveryId(),
    event_type: WEBHOOK_TEST_EVENT,
    body: deliveryBody(WEBHOOK_TEST_EVENT, webhooks.store.now(), { listing_id: doc.id, webhook_id: webhookId }),
    redeliver: false,
  });
};
