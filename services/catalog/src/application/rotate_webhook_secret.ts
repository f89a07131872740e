import type { CatalogHandler } from './operation-context.ts';
import { myListing } from './owned-listings.ts';

/** rotate_webhook_secret: a new secret, answered once; the one before signs too for a day. */
export const rotateWebhookSecret: CatalogHandler<'rotate_webhook_secret'> = async (call, { view, webhooks }) => {
  const doc = await myListing(view, call);
  const webhookId = call.params.webhook_id;
  const { secret, sealed } = await webhooks.store.newSecret(webhookId);
  const result = await webhooks.store.run(doc.id, {
    type: 'RotateSecret',
    data: { listing_id: doc.id, webhook_id: webhookId, secret: sealed },
  });
  const rotated = result.events.find((e) => e.type === 'WebhookSecretRotated');
  const until = rotated?.type === 'WebhookSecretRotated' ? rotated.data.previous_valid_until : webhooks.store.now();
  return { webhook_id: webhookId, secret, previous_valid_until: until };
};
