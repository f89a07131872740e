/**
 * One endpoint's deliveries run for real: the same spec on the in-process runner and on a Temporal
 * dev server. The activity stands in for the endpoint's queue (test/webhooks.test.ts runs the
 * catalog's own, with a receiver on loopback).
 */
import { randomUUID } from 'node:crypto';
import { stopTemporalServers, workflowRunnerKinds } from '@listings/platform/testing/workflow-runners';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  DELIVERY_QUEUED,
  type DeliveryStep,
  type WebhookDeliveryActivities,
  type WebhookDeliveryInput,
  webhookDeliveryWorkflow,
  webhookWorkflowId,
} from './webhook-delivery-workflow.ts';

const ENTRY = new URL('./temporal-workflows.ts', import.meta.url);
const HISTORIES = new URL('./histories/', import.meta.url);

/** an endpoint whose steps answer `steps` in turn (then stop); records each call's `afterWait` */
const anEndpoint = (steps: DeliveryStep[]) => {
  const input: WebhookDeliveryInput = { listingId: 7, webhookId: randomUUID() };
  const calls: boolean[] = [];
  const activities: WebhookDeliveryActivities = {
    deliverNext: async ({ afterWait }) => {
      calls.push(afterWait);
      return steps.shift() ?? { next: 'stop' };
    },
  };
  return {
    input,
    calls,
    id: webhookWorkflowId(input.listingId, input.webhookId),
    under: {
      workflows: { webhookDelivery: webhookDeliveryWorkflow },
      temporalEntry: ENTRY,
      activities,
      histories: HISTORIES,
    },
  };
};

afterAll(stopTemporalServers);

describe.each(workflowRunnerKinds('the webhook delivery workflow suite'))(
  'the webhook delivery workflow on $name',
  (kind) => {
    it('when the head fails then it waits the backoff and is sent again; idle, a queued signal wakes it; a gone endpoint ends it', async () => {
      const endpoint = anEndpoint([{ next: 'wait', ms: 50 }, { next: 'more' }, { next: 'idle' }, { next: 'more' }]);
      const runner = await kind.create(endpoint.under);
      try {
        await runner.start('webhookDelivery', endpoint.id, endpoint.input);
        await vi.waitFor(() => expect(endpoint.calls).toHaveLength(3), { timeout: 20_000, interval: 20 });
        await runner.signal(endpoint.id, DELIVERY_QUEUED, null);
        await runner.result(endpoint.id);
        // the retry after the backoff is due at once; the others look at the head's last attempt first
        expect(endpoint.calls).toEqual([false, true, false, false, false]);
      } finally {
        await runner.stop();
      }
    }, 60_000);
  },
);
