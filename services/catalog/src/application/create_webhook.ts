import { randomUUID } from 'node:crypto';
import { ConflictError } from '@listings/platform/errors';
import { checkNewEndpoint } from '../domain/webhook/decide.ts';
import type { CatalogHandler } from './operation-context.ts';
import { accountOf, myListing } from './owned-listings.ts';
import { type WebhookStore, webhookOf } from './webhook-store.ts';
import { checkWebhookTarget } from './webhook-target.ts';

/**
 * create_webhook: an endpoint for the owner's listing; the answer carries its secret, this once.
 * A refused create (409) makes no secret and indexes nothing: the listing's endpoints are checked
 * first, and a create that loses a race to another after that has its new key erased.
 */
export const createWebhook: CatalogHandler<'create_webhook'> = async (call, { view, webhooks }) => {
  const doc = await myListing(view, call);
  const url = checkWebhookTarget(call.body.url, webhooks.allowPrivateNetworks);
  checkNewEndpoint(await webhooks.store.load(doc.id), url);
  const webhookId = randomUUID();
  const { secret, sealed } = await webhooks.store.newSecret(webhookId);
  await webhooks.store.index(doc.id);
  const result = await webhooks.store
    .run(doc.id, {
      type: 'CreateWebhook',
      data: {
        listing_id: doc.id,
        webhook_id: webhookId,
        url,
        events: [...new Set(call.body.events)],
        secret: sealed,
        account_id: accountOf(call),
      },
    })
    .catch(eraseKeyIfRefused(webhooks.store, webhookId));
  const endpoint = result.state.endpoints.get(webhookId);
  if (!endpoint) throw new Error(`webhook ${webhookId} was not created`);
  return { ...webhookOf(doc.id, endpoint), secret };
};

/** the decider refused the create after all (nothing was appended): the key made for it is erased */
const eraseKeyIfRefused =
  (store: WebhookStore, webhookId: string) =>
  async (error: unknown): Promise<never> => {
    if (error instanceof ConflictError) await store.forgetSecret(webhookId);
    throw error;
  };
