import type { CatalogHandler } from './operation-context.ts';
import { myListing } from './owned-listings.ts';

/** delete_webhook: the endpoint goes, with its secret's key; nothing more is delivered to it. */
export const deleteWebhook: CatalogHandler<'delete_webhook'> = async (call, { view, webhooks }) => {
  const doc = await myListing(view, call);
  const webhookId = call.params.webhook_id;
  await webhooks.store.run(doc.id, { type: 'DeleteWebhook', data: { listing_id: doc.id, webhook_id: webhookId } });
  await webhooks.store.forgetSecret(webhookId);
  await webhooks.store.wake(doc.id, webhookId);
  return { deleted: true, webhook_id: webhookId };
};
