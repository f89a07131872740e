import type { Bus } from '@listings/platform/bus';
import type { Clock } from '@listings/platform/clock';
import type { EventStore } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import type { SafeFetch } from '@listings/platform/outbound';
import type { PersonalDataVault } from '@listings/platform/personal-data';
import { Webhook } from 'standardwebhooks';
import { createWebhookStore, type WebhookStore } from '../application/webhook-store.ts';
import { DEFAULT_WEBHOOK_RETRY, retrySchedule, type WebhookRetry } from '../domain/webhook/retry-schedule.ts';
import type { Delivery, Endpoint } from '../domain/webhook/webhook.ts';
import { tellOwnersWebhookDisabled } from '../entrypoints/webhook-events.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import type { DeliveryStep, WebhookDeliveryActivities } from '../workflows/webhook-delivery-workflow.ts';

/** what one attempt met: the receiver's status (null: no answer) and how long it took */
interface Outcome {
  readonly status_code: number | null;
  readonly latency_ms: number;
  readonly ok: boolean;
}

/**
 * The delivery activity: the head of an endpoint's queue is signed per the Standard Webhooks
 * specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`: `v1,` + HMAC-SHA256 of
 * `id.timestamp.body`, one signature per valid secret) and POSTed through the guarded fetcher (no
 * redirect followed); the attempt goes to the log. A failed head waits its turn in the retry
 * schedule; after the last retry the endpoint is disabled and its owners are told.
 */
export const createWebhookDeliveryActivities = (deps: {
  readonly store: WebhookStore;
  readonly fetch: SafeFetch;
  readonly clock: Clock;
  readonly retry: WebhookRetry;
  readonly logger: Logger;
  /** tells the listing's owners that the endpoint was disabled */
  readonly tellOwners: (listingId: number, endpoint: Endpoint, reason: string) => Promise<void>;
}): WebhookDeliveryActivities => {
  const schedule = retrySchedule(deps.retry);

  const send = async (endpoint: Endpoint, delivery: Delivery): Promise<Outcome> => {
    const at = deps.clock.now();
    const secrets = await deps.store.signingSecrets(endpoint, at);
    const signature = secrets.map((s) => new Webhook(s).sign(delivery.delivery_id, at, delivery.body)).join(' ');
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      const response = await deps.fetch(endpoint.url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/json',
          'webhook-id': delivery.delivery_id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body: delivery.body,
      });
      await response.body?.cancel();
      return {
        status_code: response.status,
        latency_ms: latency(),
        ok: response.status >= 200 && response.status < 300,
      };
    } catch (err) {
      // refused by the guard, timed out, no connection: logged without the body or the secret
      deps.logger.warn(
        { err, webhook_id: endpoint.webhook_id, delivery_id: delivery.delivery_id },
        'webhook not delivered',
      );
      return { status_code: null, latency_ms: latency(), ok: false };
    }
  };

  /** the endpoint gave up on: disabled, owners told */
  const disable = async (listingId: number, endpoint: Endpoint, outcome: Outcome): Promise<DeliveryStep> => {
    const reason = `no 2xx answer for a delivery through ${schedule.length} retries (last: ${outcome.status_code ?? 'no answer'})`;
    const result = await deps.store.run(listingId, {
      type: 'DisableWebhook',
      data: { listing_id: listingId, webhook_id: endpoint.webhook_id, reason },
    });
    if (result.events.length > 0) await deps.tellOwners(listingId, endpoint, reason);
    return { next: 'stop' };
  };

  return {
    async deliverNext({ listingId, webhookId, afterWait }) {
      const endpoint = (await deps.store.load(listingId)).endpoints.get(webhookId);
      if (endpoint?.status !== 'active') return { next: 'stop' };
      const head = endpoint.queue[0];
      if (!head) return { next: 'idle' };
      // after a restart: the head's backoff may still be running
      if (!afterWait && head.last_attempt_at !== null) {
        const due = Date.parse(head.last_attempt_at) + (schedule[head.attempts - 1] ?? 0);
        const wait = due - deps.clock.now().getTime();
        if (wait > 0) return { next: 'wait', ms: wait };
      }
      const outcome = await send(endpoint, head);
      await deps.store.run(listingId, {
        type: 'RecordAttempt',
        data: { listing_id: listingId, webhook_id: webhookId, delivery_id: head.delivery_id, ...outcome },
      });
      if (outcome.ok) return { next: 'more' };
      const wait = schedule[head.attempts];
      return wait === undefined ? disable(listingId, endpoint, outcome) : { next: 'wait', ms: wait };
    },
  };
};

/** webhook deliveries go through the guarded fetcher: no redirect followed, a short answer read */
export const webhookFetchOptions = (config: { fetchAllowPrivateNetworks?: boolean; publicUrl: string }) => ({
  allowPrivateNetworks: config.fetchAllowPrivateNetworks ?? false,
  userAgent: `ListingsDirectoryWebhooks/1.0 (+${config.publicUrl})`,
  maxBytes: 64 * 1024,
  maxRedirects: 0,
  timeoutMs: 15_000,
});

/** The webhooks' store (secrets sealed by `vault`) and their delivery activity, owners mailed on a disable. */
export const createWebhooks = (deps: {
  readonly events: EventStore;
  readonly clock: Clock;
  readonly vault: PersonalDataVault;
  readonly fetch: SafeFetch;
  readonly bus: Bus;
  readonly view: CatalogView;
  readonly config: { readonly publicUrl: string };
  readonly logger: Logger;
  readonly webhooks?: { readonly retry?: WebhookRetry };
}) => {
  const store = createWebhookStore(deps);
  const activities = createWebhookDeliveryActivities({
    ...deps,
    store,
    retry: deps.webhooks?.retry ?? DEFAULT_WEBHOOK_RETRY,
    tellOwners: tellOwnersWebhookDisabled({ ...deps, publicUrl: deps.config.publicUrl }),
  });
  return { store, activities };
};
