/**
 * A Temporal worker killed (SIGKILL) in the middle of the crawl: the crawl heartbeats while it runs
 * (`withHeartbeat`), so once the worker is gone the server notices within the drafting workflows'
 * heartbeat timeout (20 s), not the crawl's 2-minute start-to-close timeout, and retries the crawl on
 * a second worker polling the same task queue, which finishes the draft. Runs on a Temporal dev
 * server (real time: about 20 s).
 */
import { randomUUID } from 'node:crypto';
import { temporalAvailable } from '@listings/platform/testing/temporal-server';
import { startDoomedWorker } from '@listings/platform/testing/temporal-worker-kill';
import { startTestWorker, stopTemporalServers, temporalServer } from '@listings/platform/testing/workflow-runners';
import { afterAll, describe, expect, it } from 'vitest';
import type { DraftingActivities } from '../src/activities/create-activities.ts';
import { draftingWorkflows } from '../src/workflows/draft-workflows.ts';
import { DRAFTING_HEARTBEAT_TIMEOUT_MS } from '../src/workflows/temporal-workflows.ts';

const ENTRY = new URL('../src/workflows/temporal-workflows.ts', import.meta.url);
const available = temporalAvailable('dev', 'the crawl worker-kill test');
/** the crawl's start-to-close timeout: without heartbeats the retry would wait this long */
const START_TO_CLOSE_MS = 120_000;

afterAll(stopTemporalServers);

describe.skipIf(!available)('a Temporal worker killed mid-crawl', () => {
  it('when the worker dies in the middle of the crawl then the crawl is retried on a second worker after the heartbeat timeout, not the start-to-close timeout', async () => {
    const env = await temporalServer('dev');
    const draftId = randomUUID();
    const calls: string[] = [];
    const step = (name: string) => async (input: { draftId: string }) => void calls.push(`${name} ${input.draftId}`);
    const activities: DraftingActivities = {
      crawlSite: step('crawlSite'),
      // no client model to ask: the workflow goes straight on to draftProfile
      askClientModel: async (input) => {
        calls.push(`askClientModel ${input.draftId}`);
        return null;
      },
      draftProfile: step('draftProfile'),
      regenerateFields: step('regenerateFields'),
      failDraft: step('failDraft'),
      abandonRegeneration: step('abandonRegeneration'),
    };
    const taskQueue = `test-${randomUUID()}`;
    const doomed = await startDoomedWorker(env, { temporalEntry: ENTRY, taskQueue, activityNames: ['crawlSite'] });
    let survivor: { stop(): Promise<void> } | undefined;
    try {
      const handle = await env.client.workflow.start('draft', {
        taskQueue,
        workflowId: `draft-${draftId}`,
        args: [{ draftId }],
      });
      await doomed.activityStarted('crawlSite');
      const killedAt = Date.now();
      await doomed.kill();
      survivor = await startTestWorker(
        env,
        { workflows: draftingWorkflows, temporalEntry: ENTRY, activities },
        taskQueue,
      );
      await handle.result();
      const took = Date.now() - killedAt;
      expect(calls).toEqual([`crawlSite ${draftId}`, `askClientModel ${draftId}`, `draftProfile ${draftId}`]);
      expect(took).toBeLessThan(START_TO_CLOSE_MS / 2);
      // the crawl's first attempt died with the first worker, timed out by its heartbeats
      const history = await handle.fetchHistory();
      const events = history.events ?? [];
      const attempts = events.flatMap((event) =>
        event.activityTaskStartedEventAttributes ? [event.activityTaskStartedEventAttributes.attempt] : [],
      );
      // (then askClientModel and draftProfile, once each)
      expect(attempts).toEqual([2, 1, 1]);
      const scheduled = events.find(
        (event) => event.activityTaskScheduledEventAttributes,
      )?.activityTaskScheduledEventAttributes;
      expect(Number(scheduled?.heartbeatTimeout?.seconds)).toBe(DRAFTING_HEARTBEAT_TIMEOUT_MS / 1000);
    } finally {
      await doomed.kill();
      await survivor?.stop();
    }
  }, 150_000);
});
