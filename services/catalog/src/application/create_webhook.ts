import { randomUUID } from 'node:crypto';
import type { CatalogHandler } from './operation-context.ts';
import { accountOf, myListing } from './owned-listings.ts';
import { webhookOf } from './webhook-store.ts';
import { checkWebhookTarget } from './webhook-target.ts';

/** create_webhook: an endpoint for the owner's listing; the answer carries its secret, this once. */
export const createWebhook: CatalogHandler<'create_webhook'> = async (call, { view, webhooks }) => {
  const doc = await myListing(view, call);
  const url = checkWebhookTarget(call.body.url, webhooks.allowPrivateNetworks);
  const webhookId = randomUUID();
  const { secret, sealed } = await webhooks.store.newSecret(webhookId);
  await webhooks.store.index(doc.id);
  const result = await webhooks.store.run(doc.id, {
    type: 'CreateWebhook',
    data: {
      listing_id: doc.id,
      webhook_id: webhookId,
      url,
      events: [...new Set(call.body.events)],
      secret: sealed,
      account_id: accountOf(call),
    },
  });
  const endpoint = result.state.endpoints.get(webhookId);
  if (!endpoint) throw new Error(`webhook ${webhookId} was not created`);
  return { ...webhookOf(doc.id, endpoint), secret };
};
