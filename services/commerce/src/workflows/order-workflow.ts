/**
 * An order's payment lifecycle as a workflow, written once against the narrow workflow context: the
 * in-process runner and Temporal both run it. Orchestration only; the order aggregate stays the
 * source of truth. Imports are types only, so this file bundles for Temporal.
 */
import type { RetryPolicy, WorkflowDefinition } from '@listings/platform/workflows/context';
import type { CommerceActivities } from '../activities/commerce-activities.ts';

export interface OrderWorkflowInput {
  readonly number: string;
  /** how long the order can still be paid when the workflow starts */
  readonly payWithinMs: number;
}

/** the checkout signals it once the order is paid */
export const PAID_SIGNAL = 'paid';
export const orderWorkflowId = (number: string) => `order-${number}`;

/** a paid order waits for the catalog's events for about half an hour before the run gives up (a restart resumes it) */
export const ORDER_RETRY: RetryPolicy = { maxAttempts: 40, initialIntervalMs: 1_000, maxIntervalMs: 60_000 };

/**
 * Waits for the payment while the order can be paid. Unpaid in time: the order expires (its launch
 * week slots are released) and that is the end; refused at payment, it ends too. Paid: it waits,
 * retried, until the catalog's integration events have recorded every line (the catalog learns of
 * the payment from commerce's `events.commerce.order_paid`; nothing here calls it), or a line the
 * catalog refused ends it (the order needs a refund). When the wait ends without the signal, the order's own events decide (it may have been paid
 * while no one listened, e.g. across a restart).
 */
export const orderWorkflow: WorkflowDefinition<OrderWorkflowInput, CommerceActivities> = async (ctx, input) => {
  let waitMs = input.payWithinMs;
  for (;;) {
    if ((await ctx.waitForSignal(PAID_SIGNAL, waitMs)) !== undefined) break;
    const order = await ctx.activity('expireIfDue', { number: input.number });
    if (order.status === 'expired' || order.status === 'refused' || order.status === 'none') return;
    if (order.status !== 'pending') break;
    waitMs = order.remainingMs;
  }
  await ctx.activity('fulfilOrder', { number: input.number });
};

export const commerceWorkflows = { order: orderWorkflow };
