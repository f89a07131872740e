import Type from 'typebox';
import { HttpUrl, IsoDateTime, Page, PageQuery, PositiveId, Uuid } from './common.ts';
import { defineOperation } from './operation.ts';

/**
 * Signed webhooks for owners (issue #32): an owner registers endpoints for a listing and chooses
 * the events they hear of; each delivery is signed per the Standard Webhooks specification
 * (docs/webhooks.md). The event names are the `type` of the delivered body.
 */
export const WEBHOOK_EVENTS = [
  'vote.counted',
  'rank.changed',
  'review.posted',
  'follower.added',
  'claim.verified',
  'order.paid',
  'listing.published',
  'launch_week.started',
  'launch_week.ended',
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];
/** the body type of a send_test_webhook delivery (not one an owner chooses) */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** endpoints one listing may have (deleted ones do not count) */
export const WEBHOOKS_PER_LISTING_MAX = 10;
export const WEBHOOK_URL_MAX = 500;
/** how long the secret before a rotation still signs deliveries, beside the new one */
export const WEBHOOK_ROTATION_OVERLAP_MS = 24 * 3_600_000;
/** the newest delivery attempts list_webhooks shows per endpoint (the delivery log) */
export const WEBHOOK_LOG_SHOWN = 20;

const WebhookId = Uuid;
/** `msg_` and 32 hex digits: the `webhook-id` header, the same on every attempt and redelivery */
export const DeliveryId = Type.String({ pattern: '^msg_[0-9a-f]{32}$', description: 'the delivery (`webhook-id`)' });

export const WebhookDeliveryAttempt = Type.Object({
  delivery_id: DeliveryId,
  event: Type.String({ description: 'the event type delivered' }),
  at: IsoDateTime,
  attempt: Type.Integer({ minimum: 1 }),
  status_code: Type.Union([Type.Integer(), Type.Null()], {
    description: "the receiver's HTTP status, or null when no answer came (refused, timed out)",
  }),
  latency_ms: Type.Integer({ minimum: 0 }),
  ok: Type.Boolean({ description: 'a 2xx answer' }),
});

export const Webhook = Type.Object({
  webhook_id: WebhookId,
  listing_id: PositiveId,
  url: Type.String(),
  events: Type.Array(Type.Enum([...WEBHOOK_EVENTS])),
  status: Type.Enum(['active', 'disabled'], {
    description: 'disabled: a delivery failed for a day of retries; the owner was told',
  }),
  disabled_reason: Type.Union([Type.String(), Type.Null()]),
  created_at: IsoDateTime,
  pending: Type.Integer({ minimum: 0, description: 'deliveries waiting to be sent or retried' }),
  deliveries: Type.Array(WebhookDeliveryAttempt, {
    description: `the delivery log: the newest ${WEBHOOK_LOG_SHOWN} attempts, newest first`,
  }),
});

const WebhookSecret = Type.String({
  pattern: '^whsec_[A-Za-z0-9+/]+=*$',
  description: 'the signing secret (`whsec_` + base64), shown this once: keep it',
});

const listingParams = Type.Object({ listing_id: PositiveId }, { additionalProperties: false });
const webhookParams = Type.Object({ listing_id: PositiveId, webhook_id: WebhookId }, { additionalProperties: false });

export const createWebhook = defineOperation({
  operationId: 'create_webhook',
  method: 'POST',
  path: '/me/listings/{listing_id}/webhooks',
  service: 'catalog',
  scope: 'listings:write',
  // no Idempotency-Key: the edges would keep the answer, secret and all, to replay it
  idempotent: false,
  successStatus: 201,
  summary: 'Register a webhook',
  description: `Registers an endpoint that hears of the chosen events of your listing, signed per the Standard Webhooks specification. \`url\` is https (a private or loopback address is refused). The answer carries the signing \`secret\` this once. At most ${WEBHOOKS_PER_LISTING_MAX} endpoints per listing, one per URL: a second for the same URL (a retried create) is 409, and \`rotate_webhook_secret\` gives the first a new secret.`,
  params: listingParams,
  body: Type.Object(
    {
      url: HttpUrl(WEBHOOK_URL_MAX),
      events: Type.Array(Type.Enum([...WEBHOOK_EVENTS]), {
        minItems: 1,
        maxItems: WEBHOOK_EVENTS.length,
      }),
    },
    { additionalProperties: false },
  ),
  response: Type.Object({ ...Webhook.properties, secret: WebhookSecret }),
  links: [
    {
      operationId: 'delete_webhook',
      parameters: { listing_id: '$request.path.listing_id', webhook_id: '$response.body#/webhook_id' },
      description: 'Delete the webhook just registered',
    },
  ],
});

export const listWebhooks = defineOperation({
  operationId: 'list_webhooks',
  method: 'GET',
  path: '/me/listings/{listing_id}/webhooks',
  service: 'catalog',
  scope: 'account:read',
  summary: 'My webhooks',
  description: "Your listing's webhook endpoints with their delivery logs (never the secret).",
  params: listingParams,
  query: Type.Object({ ...PageQuery }, { additionalProperties: false }),
  response: Page(Webhook),
});

export const deleteWebhook = defineOperation({
  operationId: 'delete_webhook',
  method: 'DELETE',
  path: '/me/listings/{listing_id}/webhooks/{webhook_id}',
  service: 'catalog',
  scope: 'listings:write',
  idempotent: true,
  summary: 'Delete a webhook',
  description: 'Removes the endpoint; nothing more is sent to it and its secret is erased.',
  params: webhookParams,
  response: Type.Object({ deleted: Type.Boolean(), webhook_id: WebhookId }),
});

const Queued = Type.Object({ webhook_id: WebhookId, delivery_id: DeliveryId, queued: Type.Boolean() });

export const sendTestWebhook = defineOperation({
  operationId: 'send_test_webhook',
  method: 'POST',
  path: '/me/listings/{listing_id}/webhooks/{webhook_id}/test',
  service: 'catalog',
  scope: 'listings:write',
  idempotent: true,
  summary: 'Send a test delivery',
  description: `Queues a signed \`${WEBHOOK_TEST_EVENT}\` delivery to the endpoint; its outcome shows in the delivery log (list_webhooks).`,
  params: webhookParams,
  response: Queued,
});

export const rotateWebhookSecret = defineOperation({
  operationId: 'rotate_webhook_secret',
  method: 'POST',
  path: '/me/listings/{listing_id}/webhooks/{webhook_id}/rotate',
  service: 'catalog',
  scope: 'listings:write',
  // no Idempotency-Key: the edges would keep the answer, secret and all, to replay it
  idempotent: false,
  summary: 'Rotate the signing secret',
  description:
    'Makes a new signing secret, answered this once. For a day deliveries carry two signatures, one by each secret, so a receiver can switch without missing one.',
  params: webhookParams,
  response: Type.Object({ webhook_id: WebhookId, secret: WebhookSecret, previous_valid_until: IsoDateTime }),
});

export const redeliverWebhook = defineOperation({
  operationId: 'redeliver_webhook',
  method: 'POST',
  path: '/me/listings/{listing_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver',
  service: 'catalog',
  scope: 'listings:write',
  idempotent: true,
  summary: 'Redeliver a delivery',
  description:
    'Sends a delivery of the log again, with the same `webhook-id` (receivers that saw it may skip it), after the ones waiting.',
  params: Type.Object(
    { listing_id: PositiveId, webhook_id: WebhookId, delivery_id: DeliveryId },
    { additionalProperties: false },
  ),
  response: Queued,
});

export const webhookOperations = [
  createWebhook,
  listWebhooks,
  deleteWebhook,
  sendTestWebhook,
  rotateWebhookSecret,
  redeliverWebhook,
];
