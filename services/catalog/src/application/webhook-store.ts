import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { WEBHOOK_LOG_SHOWN } from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import { foldStream, handleCommand } from '@listings/platform/decider';
import type { EventStore } from '@listings/platform/event-store';
import type { PersonalDataVault } from '@listings/platform/personal-data';
import { type WebhookCommand, webhooksDecider } from '../domain/webhook/decide.ts';
import { type Endpoint, webhooksStream } from '../domain/webhook/webhook.ts';
import { WEBHOOK_INDEX_STREAM, webhookIndexDecider } from '../domain/webhook/webhook-index.ts';
import type { Distribute } from './command-context.ts';

type QueueDelivery = Extract<WebhookCommand, { type: 'QueueDelivery' }>;

/** appends to one listing's webhooks stream race with deliveries and events: a conflict is decided again */
const CONFLICT_RETRIES = 20;

/**
 * A listing's webhooks as the operations, the event consumer and the delivery activities use them:
 * load (fold the stream), run a command, and the secrets: made here, sealed with the catalog's
 * personal-data keys (subject `webhook-<id>`, forgotten when the endpoint is deleted), opened only
 * to sign. `wake` starts or nudges an endpoint's delivery workflow after something was queued.
 */
export const createWebhookStore = (deps: {
  readonly events: EventStore;
  readonly clock: Clock;
  readonly vault: PersonalDataVault;
}) => {
  const { events, clock, vault } = deps;
  const now = () => clock.now().toISOString();
  let wake: (listingId: number, webhookId: string) => Promise<void> = async () => {};
  const subject = (webhookId: string) => `webhook-${webhookId}`;

  const run = (listingId: number, command: Distribute<WebhookCommand>) =>
    handleCommand({
      store: events,
      stream: webhooksStream(listingId),
      decider: webhooksDecider,
      command: { ...command, data: { ...command.data, now: now() } } as WebhookCommand,
      retries: CONFLICT_RETRIES,
    });

  return {
    now,
    run,
    /** queues a delivery (an event's, a test, or a redelivery) and wakes the endpoint's workflow */
    queue: async (delivery: Omit<QueueDelivery['data'], 'now'>) => {
      await run(delivery.listing_id, { type: 'QueueDelivery', data: delivery });
      await wake(delivery.listing_id, delivery.webhook_id);
      return { webhook_id: delivery.webhook_id, delivery_id: delivery.delivery_id, queued: true };
    },
    load: async (listingId: number) => (await foldStream(events, webhooksStream(listingId), webhooksDecider)).state,
    /** records that the listing has webhooks (once), before its first is created */
    index: (listingId: number) =>
      handleCommand({
        store: events,
        stream: WEBHOOK_INDEX_STREAM,
        decider: webhookIndexDecider,
        command: { type: 'IndexListing', data: { listing_id: listingId, now: now() } },
        retries: CONFLICT_RETRIES,
      }),
    indexedListings: async () => (await foldStream(events, WEBHOOK_INDEX_STREAM, webhookIndexDecider)).state,
    /** a new secret, `whsec_` + 24 random bytes in base64, and its sealed form */
    newSecret: async (webhookId: string) => {
      const secret = `whsec_${randomBytes(24).toString('base64')}`;
      return { secret, sealed: await vault.seal(subject(webhookId), secret) };
    },
    /** the secrets that sign a delivery at `at`: the newest, and the one before while still valid */
    signingSecrets: async (endpoint: Endpoint, at: Date) => {
      const valid = endpoint.secrets.filter((s) => s.valid_until === null || Date.parse(s.valid_until) > at.getTime());
      const opened = await Promise.all(valid.map((s) => vault.open(s.sealed)));
      return opened.filter((s): s is string => s !== null);
    },
    forgetSecret: (webhookId: string) => vault.forget(subject(webhookId)),
    wake: (listingId: number, webhookId: string) => wake(listingId, webhookId),
    /** set once the delivery workflows run (main.ts) */
    onQueued: (wakeUp: (listingId: number, webhookId: string) => Promise<void>) => {
      wake = wakeUp;
    },
  };
};
export type WebhookStore = ReturnType<typeof createWebhookStore>;

/** the delivery id (`webhook-id`) of one event for one endpoint: the same however often the event is seen */
export const deliveryIdOf = (eventId: string, webhookId: string) =>
  `msg_${createHash('sha256').update(`${eventId}:${webhookId}`).digest('hex').slice(0, 32)}`;
/** a fresh delivery id (a test delivery) */
export const newDeliveryId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/** The body of a delivery: Standard Webhooks' `{ type, timestamp, data }`. */
export const deliveryBody = (type: string, at: string, data: Record<string, unknown>) =>
  JSON.stringify({ type, timestamp: at, data });

/** An endpoint as its owner sees it: never a secret, the newest attempts first. */
export const webhookOf = (listingId: number, e: Endpoint) => ({
  webhook_id: e.webhook_id,
  listing_id: listingId,
  url: e.url,
  events: e.events,
  status: e.status,
  disabled_reason: e.disabled_reason,
  created_at: e.created_at,
  pending: e.queue.length,
  deliveries: e.log.slice(0, WEBHOOK_LOG_SHOWN),
});
