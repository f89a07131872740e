import {
  answerClientModel,
  cancelDraftWork,
  clientModelRequest,
  DRAFT_CANCELLED_REASON,
  type OperationRequest,
  operationById,
} from '@listings/contracts';
import { sampleOf } from '@listings/platform/testing/contract-samples';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '@listings/platform/testing/nats-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectNatsTaskCancellations, TASKS_EXTENSION } from '../src/tools/draft-tasks.ts';
import { type Harness, startHarness } from './support/harness.ts';
import { modernRpc } from './support/modern-rpc.ts';

const DRAFT_ID = '7b0c1c5e-8a0e-4d43-9c8c-2f1f0f7f2b10';
const sample = sampleOf(operationById('get_draft')?.response as never) as Record<string, unknown>;

/** One 2026-07-28 JSON-RPC request as a client that declared the tasks extension sends it (or `capabilities`). */
const rpc = (
  url: string,
  method: string,
  params: Record<string, unknown>,
  name: string | undefined,
  capabilities?: Record<string, unknown>,
) => modernRpc(url, method, params, name, capabilities ? { capabilities } : {});

describe('draft work as MCP tasks (2026-07-28, tasks extension)', () => {
  let harness: Harness;
  // the stand-in drafting service's draft: the test moves it along, the gateway only reads it
  let draft: Record<string, unknown>;
  const polled: OperationRequest[] = [];
  const cancelled: unknown[] = [];
  let ask: Record<string, unknown> | null = null;
  const answers: Record<string, unknown>[] = [];
  beforeAll(async () => {
    harness = await startHarness();
    // the stand-in drafting service stops the work: the draft ends failed, cancelled by the client
    await harness.bus.serve(cancelDraftWork.subject, async (payload) => {
      cancelled.push(payload);
      draft = { ...draft, status: 'failed', failure_reason: DRAFT_CANCELLED_REASON };
      return { status: 200, body: { draft_id: DRAFT_ID, cancelled: true } };
    });
    await harness.bus.serve('drafting.get_draft', async (payload) => {
      const request = payload as OperationRequest;
      polled.push(request);
      if (request.params.id !== DRAFT_ID)
        return { status: 404, problem: { type: '/api/v1/problems/not-found', title: 'Not found', status: 404 } };
      return { status: 200, body: draft };
    });
    // the stand-in draft waits for the client's model while `ask` is set
    await harness.bus.serve(clientModelRequest.subject, async () => ({
      status: 200,
      body: { draft_id: DRAFT_ID, ask },
    }));
    await harness.bus.serve(answerClientModel.subject, async (payload) => {
      answers.push(payload as Record<string, unknown>);
      return { status: 200, body: { draft_id: DRAFT_ID, recorded: true } };
    });
    await harness.bus.serve('drafting.update_draft', async () => {
      draft = { ...draft, regenerating: ['tagline'] };
      return { status: 200, body: draft };
    });
  });
  afterAll(() => harness.stop());

  const crawling = () => ({
    ...sample,
    id: DRAFT_ID,
    url: 'https://acme.example',
    status: 'crawling',
    progress: { step: 'reading the site', pages_read: 3, pages_planned: 10 },
    regenerating: [],
  });

  it('when a client starts submit_listing as a task then it polls to completion and reads the draft', async () => {
    draft = crawling();
    const created = await rpc(
      harness.url,
      'tools/call',
      { name: 'submit_listing', arguments: { url: 'https://acme.example' } },
      'submit_listing',
    );
    expect(created.result).toMatchObject({ resultType: 'task', taskId: DRAFT_ID, status: 'working' });
    expect(typeof created.result?.createdAt).toBe('string');
    expect(typeof created.result?.ttlMs).toBe('number');

    const running = await rpc(harness.url, 'tasks/get', { taskId: DRAFT_ID }, DRAFT_ID);
    expect(running.result).toMatchObject({
      taskId: DRAFT_ID,
      status: 'working',
      statusMessage: 'reading the site (3 of 10 pages read)',
    });
    expect(running.result).not.toHaveProperty('result');
    // the poll is the caller's get_draft: whichever replica answers reads the same draft
    expect(polled.at(-1)).toMatchObject({ operation_id: 'get_draft', principal: { account_id: 'acc-writer' } });

    draft = { ...draft, status: 'ready', progress: { step: 'done', pages_read: 10, pages_planned: 10 } };
    const done = await rpc(harness.url, 'tasks/get', { taskId: DRAFT_ID }, DRAFT_ID);
    expect(done.result).toMatchObject({ taskId: DRAFT_ID, status: 'completed' });
    const result = done.result?.result as { structuredContent: Record<string, unknown>; isError?: boolean };
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ id: DRAFT_ID, status: 'ready', url: 'https://acme.example' });
  });

  it('when the client cancels a running task then the next poll says cancelled', async () => {
    draft = crawling();
    await rpc(
      harness.url,
      'tools/call',
      { name: 'submit_listing', arguments: { url: 'https://acme.example' } },
      'submit_listing',
    );
    const ack = await rpc(harness.url, 'tasks/cancel', { taskId: DRAFT_ID }, DRAFT_ID);
    expect(ack.result).toMatchObject({ resultType: 'complete' });
    expect(ack.result).not.toHaveProperty('taskId');
    // the work is stopped in drafting, as the caller
    expect(cancelled).toEqual([
      { draft_id: DRAFT_ID, principal: expect.objectContaining({ account_id: 'acc-writer' }) },
    ]);
    const after = await rpc(harness.url, 'tasks/get', { taskId: DRAFT_ID }, DRAFT_ID);
    expect(after.result).toMatchObject({ status: 'cancelled' });
    // cancelling the finished task again is an ack, and asks drafting nothing more
    expect((await rpc(harness.url, 'tasks/cancel', { taskId: DRAFT_ID }, DRAFT_ID)).result).toMatchObject({
      resultType: 'complete',
    });
    expect(cancelled).toHaveLength(1);
  });

  // #27 item 9a: stopping the work or answering for the draft's model changes the draft
  it('when a credential with only account:read cancels or answers the account’s own draft task then it is refused and drafting is asked nothing', async () => {
    draft = crawling();
    ask = null;
    const before = { cancelled: cancelled.length, answers: answers.length };
    const reader = { authorization: 'Bearer lk_reader' };
    const stop = await modernRpc(harness.url, 'tasks/cancel', { taskId: DRAFT_ID }, DRAFT_ID, reader);
    expect(stop.error).toMatchObject({ code: -32600 });
    expect(stop.error?.message).toContain('listings:write');
    const answer = await modernRpc(
      harness.url,
      'tasks/update',
      {
        taskId: DRAFT_ID,
        inputResponses: {
          'draft-model-0b3c5d1e-2f4a-4b6c-8d9e-0a1b2c3d4e5f': {
            role: 'assistant',
            content: { type: 'text', text: 'a profile the reader wrote' },
            model: 'm',
          },
        },
      },
      DRAFT_ID,
      reader,
    );
    expect(answer.error).toMatchObject({ code: -32600 });
    expect({ cancelled: cancelled.length, answers: answers.length }).toEqual(before);
    // reading the task is what account:read is for
    expect((await modernRpc(harness.url, 'tasks/get', { taskId: DRAFT_ID }, DRAFT_ID, reader)).result).toMatchObject({
      taskId: DRAFT_ID,
    });
  });

  it('when a draft is regenerated as a task then it works until the redraft is done', async () => {
    draft = { ...crawling(), status: 'ready' };
    const created = await rpc(
      harness.url,
      'tools/call',
      { name: 'update_draft', arguments: { id: DRAFT_ID, regenerate: ['tagline'] } },
      'update_draft',
    );
    expect(created.result).toMatchObject({ resultType: 'task', taskId: DRAFT_ID, status: 'working' });
    // a new task on the draft is not the cancelled one
    expect((await rpc(harness.url, 'tasks/get', { taskId: DRAFT_ID }, DRAFT_ID)).result).toMatchObject({
      status: 'working',
      statusMessage: expect.stringContaining('redrafting tagline'),
    });
    draft = { ...draft, regenerating: [] };
    expect((await rpc(harness.url, 'tasks/get', { taskId: DRAFT_ID }, DRAFT_ID)).result).toMatchObject({
      status: 'completed',
    });
  });

  it("when the draft waits for the client's model then the task asks for it, and tasks/update passes the answer on, a refusal as declined, other keys not at all", async () => {
    const askId = '9f1c2b3a-4d5e-4f60-8a7b-1c2d3e4f5a6b';
    draft = { ...crawling(), status: 'drafting' };
    ask = {
      ask_id: askId,
      request: {
        messages: [{ role: 'user', content: { type: 'text', text: 'the pages' } }],
        system_prompt: 'draft the profile',
        max_tokens: 4096,
        model_preferences: { intelligence_priority: 0.8, speed_priority: 0.3, cost_priority: 0.3 },
      },
    };
    const waiting = await rpc(harness.url, 'tasks/get', { taskId: DRAFT_ID }, DRAFT_ID);
    expect(waiting.result).toMatchObject({
      status: 'input_required',
      inputRequests: {
        [`draft-model-${askId}`]: {
          method: 'sampling/createMessage',
          params: {
            messages: [{ role: 'user', content: { type: 'text', text: 'the pages' } }],
            systemPrompt: 'draft the profile',
            maxTokens: 4096,
            modelPreferences: { intelligencePriority: 0.8, speedPriority: 0.3, costPriority: 0.3 },
          },
        },
      },
    });
    const update = (inputResponses: Record<string, unknown>) =>
      rpc(harness.url, 'tasks/update', { taskId: DRAFT_ID, inputResponses }, DRAFT_ID);
    const sampled = { role: 'assistant', model: 'm', content: { type: 'text', text: '{"fields": []}' } };
    expect((await update({ 'draft-model-not-an-id': sampled, other: sampled })).error).toBeUndefined();
    expect(answers).toEqual([]);
    await update({ [`draft-model-${askId}`]: sampled });
    await update({ [`draft-model-${askId}`]: { ...sampled, stopReason: 'refusal' } });
    await update({ [`draft-model-${askId}`]: { role: 'assistant', model: 'm', content: { type: 'image', data: '' } } });
    expect(answers.map(({ principal: _, ...rest }) => rest)).toEqual([
      { draft_id: DRAFT_ID, ask_id: askId, outcome: 'answered', text: '{"fields": []}', model: 'm' },
      { draft_id: DRAFT_ID, ask_id: askId, outcome: 'declined' },
      { draft_id: DRAFT_ID, ask_id: askId, outcome: 'failed' },
    ]);
    // as the caller
    expect(answers[0]?.principal).toMatchObject({ account_id: 'acc-writer' });
    ask = null;
    expect((await rpc(harness.url, 'tasks/get', { taskId: DRAFT_ID }, DRAFT_ID)).result?.status).toBe('working');
  });

  it('when a draft fails then the task completes with a tool error, not a protocol error', async () => {
    draft = { ...crawling(), status: 'failed', failure_reason: 'the site answered 500 on every page' };
    const failed = await rpc(harness.url, 'tasks/get', { taskId: DRAFT_ID }, DRAFT_ID);
    expect(failed.result).toMatchObject({ status: 'completed', result: { isError: true } });
    expect(JSON.stringify(failed.result)).toContain('the site answered 500 on every page');
  });

  it('when a task id is unknown then tasks/get answers -32602', async () => {
    const unknown = '11111111-2222-4333-8444-555555555555';
    const answer = await rpc(harness.url, 'tasks/get', { taskId: unknown }, unknown);
    expect(answer.error?.code).toBe(-32602);
  });

  it('when the client did not declare the extension then submit_listing answers the draft as before', async () => {
    draft = crawling();
    const plain = await rpc(
      harness.url,
      'tools/call',
      { name: 'submit_listing', arguments: { url: 'https://acme.example' } },
      'submit_listing',
      {},
    );
    expect(plain.result).toMatchObject({ resultType: 'complete', structuredContent: { id: DRAFT_ID } });
    expect(plain.result).not.toHaveProperty('taskId');
  });

  it('when a server is discovered then it declares the tasks extension', async () => {
    const discovered = await rpc(harness.url, 'server/discover', {}, undefined);
    expect(discovered.result?.capabilities).toMatchObject({ extensions: { [TASKS_EXTENSION]: {} } });
  });
});

describe('a draft call that asks for progress (2025-11-25 session)', () => {
  let harness: Harness;
  let reads = 0;
  beforeAll(async () => {
    harness = await startHarness();
    // the stand-in drafting service reads one more page on each get_draft, then the draft is ready
    await harness.bus.serve('drafting.get_draft', async () => {
      reads++;
      const pages = Math.min(reads, 3);
      return {
        status: 200,
        body: {
          ...sample,
          id: DRAFT_ID,
          url: 'https://acme.example',
          status: reads > 3 ? 'ready' : 'crawling',
          progress: { step: reads > 3 ? 'done' : 'reading the site', pages_read: pages, pages_planned: 3 },
          regenerating: [],
        },
      };
    });
  });
  afterAll(() => harness.stop());

  it('when submit_listing is called with a progress token then progress and log messages follow the crawl to the ready draft', async () => {
    const client = await harness.connect({ era: 'legacy', authorization: 'Bearer lk_writer' });
    const logs: string[] = [];
    client.setNotificationHandler('notifications/message', (notification) => {
      logs.push(String(notification.params.data));
    });
    await client.setLoggingLevel('info');
    const progress: { progress: number; total?: number; message?: string }[] = [];
    const result = await client.callTool(
      { name: 'submit_listing', arguments: { url: 'https://acme.example' } },
      { onprogress: (p) => progress.push(p) },
    );
    expect(result.structuredContent).toMatchObject({ id: DRAFT_ID, status: 'ready' });
    expect(progress.map((p) => p.message)).toContain('reading the site (2 of 3 pages read)');
    expect(progress.at(-1)).toMatchObject({ progress: 3, total: 3, message: 'done (3 of 3 pages read)' });
    expect(logs).toContain(`draft ${DRAFT_ID}: reading the site (1 of 3 pages read)`);
    expect(logs.at(-1)).toBe(`draft ${DRAFT_ID}: done (3 of 3 pages read)`);
  });

  it('when the client set the log level to warning then the info steps are not sent', async () => {
    reads = 0;
    const client = await harness.connect({ era: 'legacy', authorization: 'Bearer lk_writer' });
    const logs: string[] = [];
    client.setNotificationHandler('notifications/message', (notification) => {
      logs.push(String(notification.params.data));
    });
    await client.setLoggingLevel('warning');
    const result = await client.callTool(
      { name: 'submit_listing', arguments: { url: 'https://acme.example' } },
      { onprogress: () => {} },
    );
    expect(result.structuredContent).toMatchObject({ status: 'ready' });
    expect(logs).toEqual([]);
  });
});

const available = natsServerAvailable();
if (!available) console.warn('skipping the NATS KV task cancellations test: nats-server is not on PATH');

describe.skipIf(!available)('task cancellations in NATS KV (cluster mode)', () => {
  let server: RunningNatsServer;
  beforeAll(async () => {
    server = await startNatsServer({ jetstream: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('when one replica cancels a task then another replica sees it cancelled, until a new task clears it', async () => {
    const one = await connectNatsTaskCancellations(server.url);
    const other = await connectNatsTaskCancellations(server.url);
    try {
      expect(await other.isCancelled(DRAFT_ID)).toBe(false);
      await one.cancel(DRAFT_ID);
      expect(await other.isCancelled(DRAFT_ID)).toBe(true);
      await other.clear(DRAFT_ID);
      expect(await one.isCancelled(DRAFT_ID)).toBe(false);
    } finally {
      await one.close();
      await other.close();
    }
  });
});
