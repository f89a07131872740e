/**
 * The order's payment lifecycle run for real: the same spec on the in-process runner and on a
 * Temporal dev server, and the real payment hold (a day) on the time-skipping server. The
 * activities stand in for the order aggregate.
 */

import { randomUUID } from 'node:crypto';
import {
  startTestWorker,
  stopTemporalServers,
  temporalServer,
  timeSkippingRunnerKind,
  workflowRunnerKinds,
} from '@listings/platform/testing/workflow-runners';
import { afterAll, describe, expect, it } from 'vitest';
import type { CommerceActivities } from '../activities/commerce-activities.ts';
import { commerceWorkflows, orderWorkflowId, PAID_SIGNAL } from './order-workflow.ts';

type Status = Awaited<ReturnType<CommerceActivities['expireIfDue']>>['status'];

/** one order whose status the test sets; records the activities the workflow ran */
const anOrder = (status: Status = 'pending') => {
  const number = `ORD-${randomUUID().slice(0, 8)}`;
  const order = { number, status, calls: [] as string[] };
  const activities: CommerceActivities = {
    expireIfDue: async (input) => {
      order.calls.push(`expireIfDue ${input.number}`);
      if (order.status === 'pending') order.status = 'expired';
      return { status: order.status, remainingMs: 0 };
    },
    fulfilOrder: async (input) => {
      order.calls.push(`fulfilOrder ${input.number}`);
      order.status = 'fulfilled';
    },
  };
  return { order, under: { workflows: commerceWorkflows, temporalEntry: ENTRY, activities, histories: HISTORIES } };
};

const ENTRY = new URL('./temporal-workflows.ts', import.meta.url);
const HISTORIES = new URL('./histories/', import.meta.url);
const DAY_MS = 86_400_000;

afterAll(stopTemporalServers);

describe.each(workflowRunnerKinds('the order workflow suite'))('the order workflow on $name', (kind) => {
  it('when the order is paid in time then its lines are fulfilled, and it is not expired', async () => {
    const { order, under } = anOrder();
    const runner = await kind.create(under);
    try {
      await runner.start('order', orderWorkflowId(order.number), { number: order.number, payWithinMs: DAY_MS });
      order.status = 'paid';
      await runner.signal(orderWorkflowId(order.number), PAID_SIGNAL, {});
      await runner.result(orderWorkflowId(order.number));
      expect(order.calls).toEqual([`fulfilOrder ${order.number}`]);
      expect(order.status).toBe('fulfilled');
    } finally {
      await runner.stop();
    }
  });

  it('when the time to pay runs out unpaid then the order expires and nothing is fulfilled', async () => {
    const { order, under } = anOrder();
    const runner = await kind.create(under);
    try {
      await runner.start('order', orderWorkflowId(order.number), { number: order.number, payWithinMs: 200 });
      await runner.result(orderWorkflowId(order.number));
      expect(order.calls).toEqual([`expireIfDue ${order.number}`]);
      expect(order.status).toBe('expired');
    } finally {
      await runner.stop();
    }
  });

  it('when the order was paid while no one listened (the signal lost) then its events decide: fulfilled', async () => {
    const { order, under } = anOrder('paid');
    const runner = await kind.create(under);
    try {
      await runner.start('order', orderWorkflowId(order.number), { number: order.number, payWithinMs: 0 });
      await runner.result(orderWorkflowId(order.number));
      expect(order.calls).toEqual([`expireIfDue ${order.number}`, `fulfilOrder ${order.number}`]);
    } finally {
      await runner.stop();
    }
  });

  it('when the workflow is started again under the same order id then one run does the work', async () => {
    const { order, under } = anOrder();
    const runner = await kind.create(under);
    try {
      const input = { number: order.number, payWithinMs: DAY_MS };
      await runner.start('order', orderWorkflowId(order.number), input);
      await expect(runner.start('order', orderWorkflowId(order.number), input)).resolves.toBeUndefined();
      order.status = 'paid';
      await runner.signal(orderWorkflowId(order.number), PAID_SIGNAL, {});
      await runner.result(orderWorkflowId(order.number));
      expect(order.calls).toEqual([`fulfilOrder ${order.number}`]);
    } finally {
      await runner.stop();
    }
  });
});

const timeSkipping = timeSkippingRunnerKind.skipReason === null;
if (!timeSkipping) console.log(`skipped the day-long order holds: ${timeSkippingRunnerKind.skipReason}`);

describe.skipIf(!timeSkipping)('the order workflow over a real day-long hold (Temporal time-skipping server)', () => {
  it('when a day-long hold passes unpaid then the order expires at the end of it, not before', async () => {
    const env = await temporalServer('time-skipping');
    const { order, under } = anOrder();
    const taskQueue = `test-${randomUUID()}`;
    const worker = await startTestWorker(env, under, taskQueue);
    try {
      const before = await env.currentTimeMs();
      const handle = await env.client.workflow.start('order', {
        taskQueue,
        workflowId: orderWorkflowId(order.number),
        args: [{ number: order.number, payWithinMs: DAY_MS }],
      });
      await handle.result();
      expect(order.calls).toEqual([`expireIfDue ${order.number}`]);
      expect((await env.currentTimeMs()) - before).toBeGreaterThanOrEqual(DAY_MS);
    } finally {
      await worker.stop();
    }
  });

  it('when the payment comes 23 hours into the hold then the order is fulfilled, never expired', async () => {
    const env = await temporalServer('time-skipping');
    const { order, under } = anOrder();
    const taskQueue = `test-${randomUUID()}`;
    const worker = await startTestWorker(env, under, taskQueue);
    try {
      const handle = await env.client.workflow.start('order', {
        taskQueue,
        workflowId: orderWorkflowId(order.number),
        args: [{ number: order.number, payWithinMs: DAY_MS }],
      });
      await env.sleep(23 * 3_600_000);
      order.status = 'paid';
      await handle.signal(PAID_SIGNAL, {});
      await handle.result();
      expect(order.calls).toEqual([`fulfilOrder ${order.number}`]);
    } finally {
      await worker.stop();
    }
  });
});
