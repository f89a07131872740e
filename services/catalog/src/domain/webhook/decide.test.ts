import { WEBHOOKS_PER_LISTING_MAX } from '@listings/contracts';
import { deciderSpec } from '@listings/platform/decider/specification';
import { ConflictError, NotFoundError, ValidationError } from '@listings/platform/errors';
import { describe, expect, it } from 'vitest';
import { webhooksDecider } from './decide.ts';
import { retrySchedule } from './retry-schedule.ts';
import type { WebhookEvent } from './webhook.ts';

const spec = deciderSpec(webhooksDecider);
const NOW = '2026-11-18T12:00:00.000Z';
const ids = { listing_id: 7, webhook_id: 'w1' };
const created = (webhookId = 'w1'): WebhookEvent => ({
  type: 'WebhookCreated',
  data: {
    listing_id: 7,
    webhook_id: webhookId,
    url: 'https://hooks.example.com/in',
    events: ['vote.counted'],
    secret: 'sealed',
    account_id: 'owner',
    at: NOW,
  },
});
const queued = (deliveryId: string): WebhookEvent => ({
  type: 'WebhookDeliveryQueued',
  data: { ...ids, delivery_id: deliveryId, event_type: 'vote.counted', body: '{}', at: NOW },
});
const attempted = (deliveryId: string, ok: boolean): WebhookEvent => ({
  type: 'WebhookDeliveryAttempted',
  data: { ...ids, delivery_id: deliveryId, status_code: ok ? 200 : 503, latency_ms: 3, ok, at: NOW },
});
const queue = (deliveryId: string, redeliver = false) => ({
  type: 'QueueDelivery' as const,
  data: { ...ids, delivery_id: deliveryId, event_type: 'vote.counted', body: '{}', redeliver, now: NOW },
});

describe('webhooks decider', () => {
  it('given nothing when an endpoint is created then created', () =>
    spec
      .given([])
      .when({
        type: 'CreateWebhook',
        data: {
          ...ids,
          url: 'https://hooks.example.com/in',
          events: ['vote.counted'],
          secret: 'sealed',
          account_id: 'owner',
          now: NOW,
        },
      })
      .then([created()]));

  it(`given ${WEBHOOKS_PER_LISTING_MAX} endpoints when another is created then 409`, () =>
    spec
      .given(Array.from({ length: WEBHOOKS_PER_LISTING_MAX }, (_, i) => created(`w${i + 10}`)))
      .when({
        type: 'CreateWebhook',
        data: {
          ...ids,
          url: 'https://x.example.com/',
          events: ['vote.counted'],
          secret: 's',
          account_id: 'o',
          now: NOW,
        },
      })
      .thenThrows(ConflictError));

  it('given an endpoint when another is created for the same URL (a retried create) then 409, and no second endpoint', () =>
    spec
      .given([created('w1')])
      .when({
        type: 'CreateWebhook',
        data: {
          ...ids,
          webhook_id: 'w2',
          url: 'https://hooks.example.com/in',
          events: ['follower.added'],
          secret: 'sealed-2',
          account_id: 'owner',
          now: NOW,
        },
      })
      .thenThrows(ConflictError));

  it('given a delivery queued when the same event is queued again then nothing (the consumer saw it twice)', () =>
    spec
      .given([created(), queued('msg_a')])
      .when(queue('msg_a'))
      .then([]));

  it('given a delivery done when it is redelivered then queued again with its id', () =>
    spec
      .given([created(), queued('msg_a'), attempted('msg_a', true)])
      .when(queue('msg_a', true))
      .then([queued('msg_a')]));

  it('given no such delivery when it is redelivered then 400 names the delivery', () =>
    spec.given([created()]).when(queue('msg_b', true)).thenThrows(ValidationError));

  it('given two deliveries queued when an attempt is recorded for the second then nothing: the head goes first', () =>
    spec
      .given([created(), queued('msg_a'), queued('msg_b')])
      .when({
        type: 'RecordAttempt',
        data: { ...ids, delivery_id: 'msg_b', status_code: 200, latency_ms: 1, ok: true, now: NOW },
      })
      .then([]));

  it('given a deleted endpoint when it is rotated then 404', () =>
    spec
      .given([created(), { type: 'WebhookDeleted', data: { ...ids, at: NOW } }])
      .when({ type: 'RotateSecret', data: { ...ids, secret: 'new', now: NOW } })
      .thenThrows(NotFoundError));

  it('given an endpoint when the secret is rotated then the one before stays valid for a day', () =>
    spec
      .given([created()])
      .when({ type: 'RotateSecret', data: { ...ids, secret: 'new', now: NOW } })
      .then([
        {
          type: 'WebhookSecretRotated',
          data: { ...ids, secret: 'new', previous_valid_until: '2026-11-19T12:00:00.000Z', at: NOW },
        },
      ]));

  it('given a disabled endpoint when an event is queued then nothing, and a redelivery is 409', () => {
    const disabled: WebhookEvent = { type: 'WebhookDisabled', data: { ...ids, reason: 'r', at: NOW } };
    spec
      .given([created(), queued('msg_a'), disabled])
      .when(queue('msg_c'))
      .then([]);
    spec
      .given([created(), queued('msg_a'), disabled])
      .when(queue('msg_a', true))
      .thenThrows(ConflictError);
  });
});

describe('the retry schedule', () => {
  it('when it starts at 5 s for a day then the waits double and add up to the day exactly', () => {
    const waits = retrySchedule({ firstMs: 5_000, forMs: 86_400_000 });
    expect(waits.slice(0, 3)).toEqual([5_000, 10_000, 20_000]);
    expect(waits.reduce((a, b) => a + b, 0)).toBe(86_400_000);
    expect(waits).toHaveLength(15);
  });
});
