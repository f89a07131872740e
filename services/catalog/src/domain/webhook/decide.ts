import { WEBHOOK_ROTATION_OVERLAP_MS, WEBHOOKS_PER_LISTING_MAX } from '@listings/contracts';
import type { Decider } from '@listings/platform/decider';
import { ConflictError, NotFoundError, ValidationError } from '@listings/platform/errors';
import { type Endpoint, evolveWebhooks, initialWebhooks, type WebhookEvent, type Webhooks } from './webhook.ts';

type Ids = { listing_id: number; webhook_id: string; now: string };
export type WebhookCommand =
  | {
      type: 'CreateWebhook';
      data: Ids & { url: string; events: readonly string[]; secret: string; account_id: string };
    }
  | { type: 'RotateSecret'; data: Ids & { secret: string } }
  | { type: 'DeleteWebhook'; data: Ids }
  /** an event, a test or a redelivery (`redeliver`: the id must be one this endpoint knows) */
  | {
      type: 'QueueDelivery';
      data: Ids & { delivery_id: string; event_type: string; body: string; redeliver?: boolean };
    }
  | {
      type: 'RecordAttempt';
      data: Ids & { delivery_id: string; status_code: number | null; latency_ms: number; ok: boolean };
    }
  | { type: 'DisableWebhook'; data: Ids & { reason: string } };

const endpointOf = (state: Webhooks, id: string): Endpoint => {
  const endpoint = state.endpoints.get(id);
  if (!endpoint) throw new NotFoundError(`no webhook ${id}`);
  return endpoint;
};

/**
 * Whether the listing may have a new endpoint for `url` (a ConflictError, 409, says why not): one
 * endpoint per URL, so a create retried after its answer was lost makes no second one, and at most
 * WEBHOOKS_PER_LISTING_MAX. `create_webhook` asks it before it makes the endpoint's secret.
 */
export const checkNewEndpoint = (state: Webhooks, url: string): void => {
  const same = [...state.endpoints.values()].find((e) => e.url === url);
  if (same)
    throw new ConflictError(
      `this listing has a webhook for that URL already (${same.webhook_id}); to get a new secret for it, rotate it`,
    );
  if (state.endpoints.size >= WEBHOOKS_PER_LISTING_MAX)
    throw new ConflictError(`a listing has at most ${WEBHOOKS_PER_LISTING_MAX} webhooks; delete one first`);
};

/**
 * The endpoints of one listing. A delivery id is queued once per endpoint unless redelivered (an
 * event seen twice by the consumer queues nothing new); an attempt is recorded only for the
 * delivery at the head of the queue, so two workers cannot both move it on.
 */
export const decideWebhooks = (command: WebhookCommand, state: Webhooks): WebhookEvent[] => {
  const d = command.data;
  const base = { listing_id: d.listing_id, webhook_id: d.webhook_id };
  switch (command.type) {
    case 'CreateWebhook': {
      if (state.endpoints.has(d.webhook_id)) return [];
      checkNewEndpoint(state, command.data.url);
      const c = command.data;
      return [
        {
          type: 'WebhookCreated',
          data: { ...base, url: c.url, events: [...c.events], secret: c.secret, account_id: c.account_id, at: d.now },
        },
      ];
    }
    case 'RotateSecret': {
      endpointOf(state, d.webhook_id);
      const until = new Date(Date.parse(d.now) + WEBHOOK_ROTATION_OVERLAP_MS).toISOString();
      return [
        {
          type: 'WebhookSecretRotated',
          data: { ...base, secret: command.data.secret, previous_valid_until: until, at: d.now },
        },
      ];
    }
    case 'DeleteWebhook':
      endpointOf(state, d.webhook_id);
      return [{ type: 'WebhookDeleted', data: { ...base, at: d.now } }];
    case 'QueueDelivery': {
      const c = command.data;
      const endpoint = state.endpoints.get(d.webhook_id);
      if (!endpoint) {
        if (c.redeliver) throw new NotFoundError(`no webhook ${d.webhook_id}`);
        return [];
      }
      const known = endpoint.known.some((k) => k.delivery_id === c.delivery_id);
      if (c.redeliver && !known)
        throw new ValidationError([{ field: 'params.delivery_id', message: `is not a delivery of this webhook` }]);
      if (!c.redeliver && known) return [];
      if (endpoint.status === 'disabled') {
        if (c.redeliver) throw new ConflictError('the webhook is disabled');
        return [];
      }
      if (endpoint.queue.some((q) => q.delivery_id === c.delivery_id)) return [];
      return [
        {
          type: 'WebhookDeliveryQueued',
          data: { ...base, delivery_id: c.delivery_id, event_type: c.event_type, body: c.body, at: d.now },
        },
      ];
    }
    case 'RecordAttempt': {
      const c = command.data;
      if (state.endpoints.get(d.webhook_id)?.queue[0]?.delivery_id !== c.delivery_id) return [];
      const outcome = { status_code: c.status_code, latency_ms: c.latency_ms, ok: c.ok };
      return [
        { type: 'WebhookDeliveryAttempted', data: { ...base, delivery_id: c.delivery_id, ...outcome, at: d.now } },
      ];
    }
    case 'DisableWebhook':
      if (state.endpoints.get(d.webhook_id)?.status !== 'active') return [];
      return [{ type: 'WebhookDisabled', data: { ...base, reason: command.data.reason, at: d.now } }];
    default: {
      const never: never = command;
      throw new Error(`unknown command ${JSON.stringify(never)}`);
    }
  }
};

export const webhooksDecider: Decider<WebhookCommand, Webhooks, WebhookEvent> = {
  initialState: initialWebhooks,
  evolve: evolveWebhooks,
  decide: decideWebhooks,
};
