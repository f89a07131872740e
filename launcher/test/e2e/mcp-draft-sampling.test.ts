// Issue #17 item 5: without a model key, a draft started as an MCP task by a client that declared
// `sampling` asks that client's model. The drafting service (embedded runner) and two MCP gateway
// replicas run on a real nats-server; the client starts submit_listing on one replica, answers the
// task's sampling request through the other (any replica takes it: the answer travels over the bus
// to drafting) and polls the task to completion. The SDK v2 client (2.4) cannot drive this: it
// refuses a tools/call answered with `resultType: "task"` (UnsupportedResultType), so the client
// here speaks the JSON-RPC of the tasks extension, as the conformance suite's client does.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDrafting } from '@listings/drafting';
import { startMcpGateway } from '@listings/mcp-gateway';
import { type Bus, connectNatsBus } from '@listings/platform/bus';
import { silentLogger } from '@listings/platform/logger';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '@listings/platform/testing/nats-server';
import { type ProductSite, startProductSite } from '@listings/platform/testing/product-site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelAnswer, WORKSHOP_PAGE } from '../../../services/drafting/test/support/client-model.ts';
import { GENEROUS_RATE_LIMITS, serveStandInIdentity } from '../../../services/mcp-gateway/test/support/harness.ts';
import { modernRpc } from '../../../services/mcp-gateway/test/support/modern-rpc.ts';

const TASKS = 'io.modelcontextprotocol/tasks';

type Json = Record<string, unknown>;

describe.skipIf(!natsServerAvailable())('a draft task asks the client model (sampling) over a real nats-server', () => {
  let nats: RunningNatsServer;
  let site: ProductSite;
  const buses: Bus[] = [];
  const stops: (() => Promise<void>)[] = [];
  const replicas: string[] = [];
  let dataDir = '';

  beforeAll(async () => {
    if (!natsServerAvailable()) console.warn('skipped: no nats-server binary (see COMMON setup)');
    nats = await startNatsServer();
    site = await startProductSite(() => WORKSHOP_PAGE);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'mcp-sampling-'));
    const connect = async (name: string) => {
      const bus = await connectNatsBus({ servers: nats.url, name });
      buses.push(bus);
      return bus;
    };
    // drafting without a model key (no OPENAI_API_KEY in env), the embedded workflow runner
    const drafting = await startDrafting({
      bus: await connect('drafting'),
      logger: silentLogger(),
      config: { dataDir, publicUrl: 'http://localhost:3000', fetchAllowPrivateNetworks: true },
      env: {},
      overrides: { retry: { maxAttempts: 2, initialIntervalMs: 10 } },
    });
    stops.push(() => drafting.stop());
    for (const name of ['mcp-a', 'mcp-b']) {
      const bus = await connect(name);
      let origin = '';
      await serveStandInIdentity(bus, () => `${origin}/.well-known/oauth-protected-resource/mcp`);
      const gateway = await startMcpGateway({
        bus,
        logger: silentLogger(),
        // NATS for the replicas' shared stores (task cancellations, idempotency, rate limits)
        config: { publicUrl: 'http://127.0.0.1', natsUrl: nats.url, port: 0 },
        host: '127.0.0.1',
        rateLimits: GENEROUS_RATE_LIMITS,
      });
      stops.push(() => gateway.stop());
      origin = `http://127.0.0.1:${gateway.port}`;
      replicas.push(`${origin}/mcp`);
    }
  }, 60_000);
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    for (const bus of buses) await bus.close();
    await nats?.stop();
    await site?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** a 2026-07-28 client: declares the tasks extension, and `sampling` when it has a model */
  const clientOf = (options: { authorization: string; sampling: boolean }) => {
    const capabilities = { extensions: { [TASKS]: {} }, ...(options.sampling ? { sampling: {} } : {}) };
    return (replica: number, method: string, params: Json, name: string) =>
      modernRpc(replicas[replica] as string, method, params, name, {
        capabilities,
        authorization: options.authorization,
      });
  };
  type Client = ReturnType<typeof clientOf>;

  const startTask = async (client: Client) => {
    const started = await client(
      0,
      'tools/call',
      { name: 'submit_listing', arguments: { url: site.url } },
      'submit_listing',
    );
    expect(started.result).toMatchObject({ resultType: 'task', status: 'working' });
    return String(started.result?.taskId);
  };
  /** polls tasks/get (on either replica) while the task is working, as a client does */
  const pollWhileWorking = async (client: Client, taskId: string) => {
    for (let i = 0; ; i += 1) {
      const polled = await client(i % 2, 'tasks/get', { taskId }, taskId);
      expect(polled.error).toBeUndefined();
      if (polled.result?.status !== 'working') return polled.result as Json;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('when a client with sampling starts submit_listing as a task then it answers the sampling request and the draft keeps the verified value, not the invented one', async () => {
    const alice = clientOf({ authorization: 'Bearer lk_writer', sampling: true });
    const taskId = await startTask(alice);
    const waiting = await pollWhileWorking(alice, taskId);
    expect(waiting.status).toBe('input_required');
    const requests = waiting.inputRequests as Record<string, { method: string; params: Json }>;
    const [key, request] = Object.entries(requests)[0] ?? [];
    expect(Object.keys(requests)).toHaveLength(1);
    expect(request?.method).toBe('sampling/createMessage');
    expect(request?.params).toMatchObject({ maxTokens: expect.any(Number), modelPreferences: expect.any(Object) });
    expect(String(request?.params.systemPrompt)).toContain('Answer with one JSON object');
    const messages = (request?.params.messages ?? []) as { content: { text: string } }[];
    const prompt = messages[0]?.content.text ?? '';
    expect(prompt).toContain('Our workshop is in Lisbon');

    // another account cannot answer it: its task is unknown to them, and the request stays open
    const mallory = clientOf({ authorization: 'Bearer lk_buyer', sampling: true });
    const refused = await mallory(1, 'tasks/update', { taskId, inputResponses: { [key as string]: {} } }, taskId);
    expect(refused.error?.code).toBe(-32602);
    expect((await alice(1, 'tasks/get', { taskId }, taskId)).result?.status).toBe('input_required');

    // the client's model answers (one quote from the page, one invented), through the other replica
    const sampled = {
      role: 'assistant',
      model: 'test-model',
      content: { type: 'text', text: modelAnswer(site.url) },
    };
    const updated = await alice(1, 'tasks/update', { taskId, inputResponses: { [key as string]: sampled } }, taskId);
    expect(updated.error).toBeUndefined();
    const done = await pollWhileWorking(alice, taskId);
    expect(done.status).toBe('completed');
    const draft = (done.result as { structuredContent: { status: string; fields: Record<string, Json> } })
      .structuredContent;
    expect(draft.status).toBe('ready');
    expect(draft.fields.city).toMatchObject({ value: 'Lisbon', state: 'ai' });
    expect(draft.fields.founded_year).toMatchObject({ value: null, state: 'not_found' });
    expect(draft.fields.name).toMatchObject({ value: 'Acme Widgets' });
  });

  it('when a client without sampling starts the task then nothing is asked and the draft is the extractive one; a regenerate by a client with sampling asks its model', async () => {
    const alice = clientOf({ authorization: 'Bearer lk_writer', sampling: false });
    const taskId = await startTask(alice);
    const done = await pollWhileWorking(alice, taskId);
    expect(done.status).toBe('completed');
    const draft = (done.result as { structuredContent: { fields: Record<string, Json> } }).structuredContent;
    expect(draft.fields.name).toMatchObject({ value: 'Acme Widgets' });
    expect(draft.fields.city).toMatchObject({ value: null, state: 'not_found' });

    // a regenerate of the city, as a task of a client that can sample: its model is asked for it
    const sampling = clientOf({ authorization: 'Bearer lk_writer', sampling: true });
    const regenerate = await sampling(
      1,
      'tools/call',
      { name: 'update_draft', arguments: { id: taskId, regenerate: ['city'] } },
      'update_draft',
    );
    expect(regenerate.result).toMatchObject({ resultType: 'task', taskId });
    const waiting = await pollWhileWorking(sampling, taskId);
    expect(waiting.status).toBe('input_required');
    const key = Object.keys(waiting.inputRequests as Json)[0] as string;
    const sampled = { role: 'assistant', model: 'test-model', content: { type: 'text', text: modelAnswer(site.url) } };
    expect(
      (await sampling(0, 'tasks/update', { taskId, inputResponses: { [key]: sampled } }, taskId)).error,
    ).toBeUndefined();
    const redrafted = await pollWhileWorking(sampling, taskId);
    expect(redrafted.status).toBe('completed');
    const fields = (redrafted.result as { structuredContent: { fields: Record<string, Json> } }).structuredContent
      .fields;
    expect(fields.city).toMatchObject({ value: 'Lisbon', state: 'ai' });
  });

  it('when the client refuses the sampling request then the draft is the extractive one', async () => {
    const alice = clientOf({ authorization: 'Bearer lk_writer', sampling: true });
    const taskId = await startTask(alice);
    const waiting = await pollWhileWorking(alice, taskId);
    const key = Object.keys(waiting.inputRequests as Json)[0] as string;
    const refusal = {
      role: 'assistant',
      model: 'test-model',
      stopReason: 'refusal',
      content: { type: 'text', text: '' },
    };
    await alice(0, 'tasks/update', { taskId, inputResponses: { [key]: refusal } }, taskId);
    const done = await pollWhileWorking(alice, taskId);
    expect(done.status).toBe('completed');
    const draft = (done.result as { structuredContent: { fields: Record<string, Json> } }).structuredContent;
    expect(draft.fields.city).toMatchObject({ value: null, state: 'not_found' });
  });
});
