/**
 * The drafting service on a real Temporal: a dev server this file starts (from the stand-in
 * binaries; see scripts/stand-ins/temporal.sh), the service started with TEMPORAL_ADDRESS naming it,
 * so its Temporal worker runs the crawl-and-draft workflow against the fixture site.
 */
import { randomUUID } from 'node:crypto';
import { startProductSite } from '@listings/platform/testing/product-site';
import { startTemporalDevServer, temporalAvailable } from '@listings/platform/testing/temporal-server';
import { recordingHistories, saveHistory } from '@listings/platform/testing/workflow-histories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAsk, modelAnswer, submitWithClientModel, WORKSHOP_PAGE, waitForAsk } from './support/client-model.ts';
import { serveFakeCatalog } from './support/fake-catalog.ts';
import { FACTS, startFixtureSite } from './support/fixture-site.ts';
import { ALICE, callOperation, pollDraft, settledStatus, startTestDrafting } from './support/harness.ts';

const available = temporalAvailable('dev', 'the drafting service on Temporal');

describe.skipIf(!available)('the drafting workflow on Temporal', () => {
  let temporal: Awaited<ReturnType<typeof startTemporalDevServer>>;
  beforeAll(async () => {
    temporal = await startTemporalDevServer();
  });
  afterAll(async () => {
    await temporal?.teardown();
  });

  it('when a URL is submitted to a service on Temporal then its Temporal worker crawls and drafts it to ready', async () => {
    const site = await startFixtureSite();
    const taskQueue = `drafting-test-${randomUUID()}`;
    const env = await startTestDrafting({
      env: { TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: taskQueue },
    });
    try {
      await serveFakeCatalog(env.bus);
      const created = await callOperation(env.bus, 'submit_listing', ALICE, { body: { url: site.url } });
      const draft = await pollDraft(env.bus, ALICE, created.body.id, settledStatus, 60_000);
      expect(draft.status).toBe('ready');
      expect(draft.fields.name.value).toBe(FACTS.name);
      // it ran on Temporal: the server holds the draft workflow on the service's task queue, and it completes
      const runs = [];
      for await (const run of temporal.client.workflow.list({ query: `TaskQueue = '${taskQueue}'` })) runs.push(run);
      const drafted = runs.find((run) => run.type === 'draft');
      expect(drafted).toBeDefined();
      const handle = temporal.client.workflow.getHandle(drafted?.workflowId ?? '');
      await handle.result();
      expect((await handle.describe()).status.name).toBe('COMPLETED');
      if (recordingHistories())
        await saveHistory(
          new URL('../src/workflows/histories/', import.meta.url),
          'draft-to-ready',
          await handle.fetchHistory(),
        );
    } finally {
      await env.stop();
      await site.close();
    }
  }, 90_000);

  it('when a failed draft is regenerated on Temporal then the draft workflow runs again under the same id and ends ready', async () => {
    const options: { robots: 'normal' | '500' } = { robots: '500' };
    const site = await startFixtureSite(options);
    const taskQueue = `drafting-test-${randomUUID()}`;
    const env = await startTestDrafting({
      env: { TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: taskQueue },
    });
    try {
      await serveFakeCatalog(env.bus);
      const created = await callOperation(env.bus, 'submit_listing', ALICE, { body: { url: site.url } });
      const id = created.body.id as string;
      expect((await pollDraft(env.bus, ALICE, id, settledStatus, 60_000)).status).toBe('failed');
      const first = temporal.client.workflow.getHandle(`draft-${id}`);
      await first.result();
      const firstRun = (await first.describe()).runId;

      options.robots = 'normal';
      const regenerated = await callOperation(env.bus, 'update_draft', ALICE, {
        params: { id },
        body: { regenerate: ['name'] },
      });
      expect(regenerated.body.status).toBe('crawling');
      const ready = await pollDraft(env.bus, ALICE, id, settledStatus, 60_000);
      expect(ready.status).toBe('ready');
      expect(ready.fields.name.value).toBe(FACTS.name);
      // a second run of the same business id, not a second workflow id
      const again = await temporal.client.workflow.getHandle(`draft-${id}`).describe();
      expect(again.runId).not.toBe(firstRun);
      expect(again.type).toBe('draft');
    } finally {
      await env.stop();
      await site.close();
    }
  }, 120_000);

  it("when a draft asks its client's model on Temporal then the workflow waits for the signalled answer and the draft keeps its verified value", async () => {
    const site = await startProductSite(() => WORKSHOP_PAGE);
    const taskQueue = `drafting-test-${randomUUID()}`;
    const env = await startTestDrafting({
      env: { TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: taskQueue },
      overrides: { clientModelWaitMs: 60_000 },
    });
    try {
      await serveFakeCatalog(env.bus);
      const id = await submitWithClientModel(env.bus, site.url);
      const ask = await waitForAsk(env.bus, id, 60_000);
      const answered = await answerAsk(env.bus, {
        draftId: id,
        askId: ask.ask_id,
        outcome: 'answered',
        text: modelAnswer(site.url),
      });
      expect(answered.status).toBe(200);
      const draft = await pollDraft(env.bus, ALICE, id, settledStatus, 60_000);
      expect(draft.status).toBe('ready');
      expect(draft.fields.city).toMatchObject({ value: 'Lisbon', state: 'ai' });
      expect(draft.fields.founded_year.state).toBe('not_found');
      const handle = temporal.client.workflow.getHandle(`draft-${id}`);
      await handle.result();
      // the workflow took the signal (not its timeout)
      const history = await handle.fetchHistory();
      expect(
        history.events?.some((e) => e.workflowExecutionSignaledEventAttributes?.signalName === 'client-model-answered'),
      ).toBe(true);
      if (recordingHistories())
        await saveHistory(new URL('../src/workflows/histories/', import.meta.url), 'draft-with-client-model', history);
    } finally {
      await env.stop();
      await site.close();
    }
  }, 120_000);
});
