import Type from 'typebox';
import { event } from './event-schema.ts';
import { AccountId, At, data, ListingId } from './fields.ts';

const WebhookId = Type.String({ description: 'the endpoint (a uuid)' });
const DeliveryId = Type.String({ description: 'the delivery: `msg_` + 32 hex digits, the `webhook-id` header' });
const SealedSecret = Type.String({
  description:
    "the signing secret, sealed (AES-256-GCM) with the catalog's key of subject `webhook-<webhook_id>`; erased with that key when the endpoint is deleted",
});

/** The stream category of a listing's webhook endpoints and their deliveries. */
export const WEBHOOKS_STREAM = {
  category: 'webhooks',
  pattern: 'webhooks-<listing_id>',
  description:
    "one listing's webhook endpoints: their secrets (sealed), the deliveries queued to each, in order, and every attempt (the delivery log)",
} as const;

/** The stream of which listings have (had) webhooks: what a restart resumes deliveries from. */
export const WEBHOOK_INDEX_STREAM = {
  category: 'webhookindex',
  pattern: 'webhookindex-all',
  description:
    'the listings that ever had a webhook endpoint, one stream: at a start, their endpoints resume delivering what they are owed',
} as const;

/** Catalog's webhook events: endpoints an owner registers, and what is delivered to them. */
export const catalogWebhookEvents = [
  event('WebhookListingIndexed', {
    stream: 'webhookindex',
    description: 'A listing got its first webhook endpoint (appended before the WebhookCreated).',
    data: data({ listing_id: ListingId, at: At }),
  }),
  event('WebhookCreated', {
    stream: 'webhooks',
    description: 'An owner registered a webhook endpoint for the listing.',
    data: data({
      listing_id: ListingId,
      webhook_id: WebhookId,
      url: Type.String(),
      events: Type.Array(Type.String(), { description: 'the event types it hears of' }),
      secret: SealedSecret,
      account_id: AccountId,
      at: At,
    }),
  }),
  event('WebhookSecretRotated', {
    stream: 'webhooks',
    description: "An owner rotated the endpoint's secret; the one before signs too until `previous_valid_until`.",
    data: data({
      listing_id: ListingId,
      webhook_id: WebhookId,
      secret: SealedSecret,
      previous_valid_until: At,
      at: At,
    }),
  }),
  event('WebhookDeleted', {
    stream: 'webhooks',
    description: 'An owner deleted the endpoint; nothing more is delivered to it.',
    data: data({ listing_id: ListingId, webhook_id: WebhookId, at: At }),
  }),
  event('WebhookDeliveryQueued', {
    stream: 'webhooks',
    description:
      'A delivery was queued to the endpoint (an event it hears of, a test, or a redelivery of an earlier one, with its id). The body holds ids and counts only, never a person.',
    data: data({
      listing_id: ListingId,
      webhook_id: WebhookId,
      delivery_id: DeliveryId,
      event_type: Type.String(),
      body: Type.String({ description: 'the JSON body sent, as signed' }),
      at: At,
    }),
  }),
  event('WebhookDeliveryAttempted', {
    stream: 'webhooks',
    description: 'One attempt to deliver: the delivery log. A 2xx answer ends the delivery; another is retried.',
    data: data({
      listing_id: ListingId,
      webhook_id: WebhookId,
      delivery_id: DeliveryId,
      status_code: Type.Union([Type.Integer(), Type.Null()], { description: 'null: no answer' }),
      latency_ms: Type.Integer({ minimum: 0 }),
      ok: Type.Boolean(),
      at: At,
    }),
  }),
  event('WebhookDisabled', {
    stream: 'webhooks',
    description: 'A delivery failed through every retry (a day): the endpoint is disabled and its owners are mailed.',
    data: data({ listing_id: ListingId, webhook_id: WebhookId, reason: Type.String(), at: At }),
  }),
];
