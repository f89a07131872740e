import type { CatalogEventOf } from '../catalog-events.ts';

/**
 * A listing's webhook endpoints (stream `webhooks-<listing_id>`): each with its sealed secrets, the
 * deliveries queued to it in order, and its delivery log. One stream per listing, so the endpoint
 * limit holds with several replicas, and a restart finds every delivery still owed.
 */
export type WebhookEvent = CatalogEventOf<
  | 'WebhookCreated'
  | 'WebhookSecretRotated'
  | 'WebhookDeleted'
  | 'WebhookDeliveryQueued'
  | 'WebhookDeliveryAttempted'
  | 'WebhookDisabled'
>;

export interface Delivery {
  readonly delivery_id: string;
  readonly event_type: string;
  readonly body: string;
  readonly queued_at: string;
  /** attempts since it was (re)queued */
  readonly attempts: number;
  readonly last_attempt_at: string | null;
}

export interface LoggedAttempt {
  readonly delivery_id: string;
  readonly event: string;
  readonly at: string;
  readonly attempt: number;
  readonly status_code: number | null;
  readonly latency_ms: number;
  readonly ok: boolean;
}

export interface Endpoint {
  readonly webhook_id: string;
  readonly url: string;
  readonly events: readonly string[];
  readonly created_at: string;
  /** sealed secrets, the newest first; an older one signs until its `valid_until` */
  readonly secrets: readonly { readonly sealed: string; readonly valid_until: string | null }[];
  readonly status: 'active' | 'disabled';
  readonly disabled_reason: string | null;
  /** deliveries owed, oldest first: the head is sent (and retried) before the next */
  readonly queue: readonly Delivery[];
  /** deliveries done or queued, by id (bodies for a redelivery), the newest LOG_KEPT */
  readonly known: readonly Pick<Delivery, 'delivery_id' | 'event_type' | 'body'>[];
  /** the newest attempts first */
  readonly log: readonly LoggedAttempt[];
  /** the place on its week's board the endpoint was last sent (`rank.changed`) */
  readonly last_rank: number | null;
}

export interface Webhooks {
  readonly endpoints: ReadonlyMap<string, Endpoint>;
}

/** attempts and delivered bodies kept per endpoint in the state (the log shows the newest of them) */
export const LOG_KEPT = 100;

export const initialWebhooks: Webhooks = { endpoints: new Map() };

const withEndpoint = (state: Webhooks, id: string, change: (e: Endpoint) => Endpoint | null): Webhooks => {
  const current = state.endpoints.get(id);
  if (!current) return state;
  const endpoints = new Map(state.endpoints);
  const next = change(current);
  if (next) endpoints.set(id, next);
  else endpoints.delete(id);
  return { endpoints };
};

export const evolveWebhooks = (state: Webhooks, event: WebhookEvent): Webhooks => {
  switch (event.type) {
    case 'WebhookCreated': {
      const d = event.data;
      const endpoints = new Map(state.endpoints);
      endpoints.set(d.webhook_id, {
        webhook_id: d.webhook_id,
        url: d.url,
        events: d.events,
        created_at: d.at,
        secrets: [{ sealed: d.secret, valid_until: null }],
        status: 'active',
        disabled_reason: null,
        queue: [],
        known: [],
        log: [],
        last_rank: null,
      });
      return { endpoints };
    }
    case 'WebhookSecretRotated': {
      const d = event.data;
      return withEndpoint(state, d.webhook_id, (e) => ({
        ...e,
        secrets: [
          { sealed: d.secret, valid_until: null },
          ...e.secrets.slice(0, 1).map((s) => ({ ...s, valid_until: d.previous_valid_until })),
        ],
      }));
    }
    case 'WebhookDeleted':
      return withEndpoint(state, event.data.webhook_id, () => null);
    case 'WebhookDeliveryQueued': {
      const d = event.data;
      const delivery = { delivery_id: d.delivery_id, event_type: d.event_type, body: d.body };
      return withEndpoint(state, d.webhook_id, (e) => ({
        ...e,
        queue: [...e.queue, { ...delivery, queued_at: d.at, attempts: 0, last_attempt_at: null }],
        known: [delivery, ...e.known.filter((k) => k.delivery_id !== d.delivery_id)].slice(0, LOG_KEPT),
        last_rank: d.event_type === 'rank.changed' ? rankIn(d.body) : e.last_rank,
      }));
    }
    case 'WebhookDeliveryAttempted': {
      const d = event.data;
      return withEndpoint(state, d.webhook_id, (e) => {
        const head = e.queue[0];
        if (head?.delivery_id !== d.delivery_id) return e;
        const attempt = head.attempts + 1;
        const logged = { delivery_id: d.delivery_id, event: head.event_type, at: d.at, attempt, ...pick(d) };
        return {
          ...e,
          queue: d.ok ? e.queue.slice(1) : [{ ...head, attempts: attempt, last_attempt_at: d.at }, ...e.queue.slice(1)],
          log: [logged, ...e.log].slice(0, LOG_KEPT),
        };
      });
    }
    case 'WebhookDisabled':
      return withEndpoint(state, event.data.webhook_id, (e) => ({
        ...e,
        status: 'disabled',
        disabled_reason: event.data.reason,
      }));
    default: {
      const never: never = event;
      return never;
    }
  }
};

const pick = (d: { status_code: number | null; latency_ms: number; ok: boolean }) => ({
  status_code: d.status_code,
  latency_ms: d.latency_ms,
  ok: d.ok,
});

const rankIn = (body: string): number | null => {
  const rank = (JSON.parse(body) as { data?: { rank?: unknown } }).data?.rank;
  return typeof rank === 'number' ? rank : null;
};

export const webhooksStream = (listingId: number) => `webhooks-${listingId}`;
