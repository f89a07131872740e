/**
 * One webhook endpoint's deliveries as a workflow (`webhook-<listingId>-<webhookId>`), written once
 * against the narrow workflow context: the in-process runner and Temporal both run it. It sends the
 * endpoint's queued deliveries one at a time, in order: the head is retried with the backoff the
 * activity names until it is answered 2xx, or disabled after a day. The queue itself is in the
 * listing's `webhooks-<id>` stream, so a restart loses nothing: the endpoint's workflow is started
 * again and carries on from there. Imports are types only, so this file bundles for Temporal.
 */
import type { RetryPolicy, WorkflowDefinition } from '@listings/platform/workflows/context';

export interface WebhookDeliveryInput {
  readonly listingId: number;
  readonly webhookId: string;
}

/** what one step did: sent the head (more may wait), must wait before retrying it, found nothing, or stops */
export type DeliveryStep =
  | { readonly next: 'more' }
  | { readonly next: 'wait'; readonly ms: number }
  | { readonly next: 'idle' }
  | { readonly next: 'stop' };

export type WebhookDeliveryActivities = {
  /**
   * sends the head delivery of the endpoint once and records the attempt (a failure is an outcome,
   * not an error); `afterWait`: the backoff before it was waited out, so it is due
   */
  deliverNext(input: WebhookDeliveryInput & { afterWait: boolean }): Promise<DeliveryStep>;
};

export const webhookWorkflowId = (listingId: number, webhookId: string) => `webhook-${listingId}-${webhookId}`;
/** the signal a newly queued delivery sends to its endpoint's workflow */
export const DELIVERY_QUEUED = 'queued';
/** an idle endpoint looks at its queue again after this even without a signal */
export const IDLE_WAIT_MS = 15 * 60_000;
/** steps per run before it continues as new: keeps a Temporal history short */
export const STEPS_PER_RUN = 200;
/** one step's activity (the send is bounded by the fetch timeout) is tried again a few times */
export const DELIVERY_ACTIVITY_RETRY: RetryPolicy = { maxAttempts: 5, initialIntervalMs: 1_000, maxIntervalMs: 30_000 };

export const webhookDeliveryWorkflow: WorkflowDefinition<WebhookDeliveryInput, WebhookDeliveryActivities> = async (
  ctx,
  input,
) => {
  let afterWait = false;
  for (let step = 0; step < STEPS_PER_RUN; step++) {
    const result = await ctx.activity('deliverNext', { ...input, afterWait });
    afterWait = false;
    if (result.next === 'stop') return;
    if (result.next === 'idle') await ctx.waitForSignal(DELIVERY_QUEUED, IDLE_WAIT_MS);
    if (result.next === 'wait') {
      await ctx.sleep(result.ms);
      afterWait = true;
    }
  }
  await ctx.continueAsNew(input satisfies WebhookDeliveryInput);
};
