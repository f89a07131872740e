/**
 * A Temporal worker killed (SIGKILL) in the middle of the order workflow's activity: the server
 * knows nothing until the attempt's start-to-close timeout (a minute for commerce's activities)
 * passes, then retries the activity on a second worker polling the same task queue, which replays
 * the history and finishes the workflow. Runs on a Temporal dev server (real time: about a minute).
 */
import { randomUUID } from 'node:crypto';
import { temporalAvailable } from '@listings/platform/testing/temporal-server';
import { startDoomedWorker } from '@listings/platform/testing/temporal-worker-kill';
import { startTestWorker, stopTemporalServers, temporalServer } from '@listings/platform/testing/workflow-runners';
import { afterAll, describe, expect, it } from 'vitest';
import type { CommerceActivities } from '../activities/commerce-activities.ts';
import { commerceWorkflows, orderWorkflowId } from './order-workflow.ts';

const ENTRY = new URL('./temporal-workflows.ts', import.meta.url);
const available = temporalAvailable('dev', 'the worker-kill test');

afterAll(stopTemporalServers);

describe.skipIf(!available)('a Temporal worker killed mid-workflow', () => {
  it('when the worker dies in the middle of an activity then a second worker on the same task queue retries it and finishes the workflow', async () => {
    const env = await temporalServer('dev');
    const number = `ORD-${randomUUID().slice(0, 8)}`;
    const calls: string[] = [];
    // the order was paid while no one listened: the expiry check finds it paid, then it is fulfilled
    const activities: CommerceActivities = {
      expireIfDue: async (input) => {
        calls.push(`expireIfDue ${input.number}`);
        return { status: 'paid', remainingMs: 0 };
      },
      fulfilOrder: async (input) => void calls.push(`fulfilOrder ${input.number}`),
    };
    const taskQueue = `test-${randomUUID()}`;
    const doomed = await startDoomedWorker(env, {
      temporalEntry: ENTRY,
      taskQueue,
      activityNames: ['expireIfDue', 'fulfilOrder'],
    });
    let survivor: { stop(): Promise<void> } | undefined;
    try {
      const handle = await env.client.workflow.start('order', {
        taskQueue,
        workflowId: orderWorkflowId(number),
        args: [{ number, payWithinMs: 0 }],
      });
      await doomed.activityStarted('expireIfDue');
      await doomed.kill();
      survivor = await startTestWorker(
        env,
        { workflows: commerceWorkflows, temporalEntry: ENTRY, activities },
        taskQueue,
      );
      await handle.result();
      expect(calls).toEqual([`expireIfDue ${number}`, `fulfilOrder ${number}`]);
      // the expiry check's first attempt died with the first worker; the second worker ran attempt 2
      const history = await handle.fetchHistory();
      const attempts = (history.events ?? []).flatMap((event) =>
        event.activityTaskStartedEventAttributes ? [event.activityTaskStartedEventAttributes.attempt] : [],
      );
      expect(attempts).toEqual([2, 1]);
    } finally {
      await doomed.kill();
      await survivor?.stop();
    }
  }, 150_000);
});
