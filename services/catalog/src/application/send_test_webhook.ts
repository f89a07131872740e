import { WEBHOOK_TEST_EVENT } from '@listings/contracts';
import type { CatalogHandler } from './operation-context.ts';
import { myListing } from './owned-listings.ts';
import { deliveryBody, newDeliveryId } from './webhook-store.ts';

/** send_test_webhook: a signed `webhook.test` delivery queued to the endpoint, after those waiting. */
export const sendTestWebhook: CatalogHandler<'send_test_webhook'> = async (call, { view, webhooks }) => {
  const doc = await myListing(view, call);
  const webhookId = call.params.webhook_id;
  const deliveryId = newDeliveryId();
  await webhooks.store.run(doc.id, {
    type: 'QueueDelivery',
    data: {
      listing_id: doc.id,
      webhook_id: webhookId,
      delivery_id: deliveryId,
      event_type: WEBHOOK_TEST_EVENT,
      body: deliveryBody(WEBHOOK_TEST_EVENT, webhooks.store.now(), { listing_id: doc.id, webhook_id: webhookId }),
      redeliver: false,
    },
  });
  await webhooks.store.wake(doc.id, webhookId);
  return { webhook_id: webhookId, delivery_id: deliveryId, queued: true };
};
