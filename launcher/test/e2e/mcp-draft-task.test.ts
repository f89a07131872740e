// The must-show of issue #17: an MCP client starts a draft as a task (the tasks extension,
// 2026-07-28), polls it to completion and reads the draft, against the real all-in-one service:
// the real drafting service reads a product site on loopback. Polls wait on the task's own
// pollIntervalMs, as a client does; the test waits on the status, never on time.
import type { Scope } from '@listings/contracts';
import { type ProductSite, startProductSite } from '@listings/platform/testing/product-site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modernRpc } from '../../../services/mcp-gateway/test/support/modern-rpc.ts';
import { startAllInOneInProcess } from '../in-process.ts';

describe('a draft as an MCP task on the real all-in-one service', () => {
  let running: Awaited<ReturnType<typeof startAllInOneInProcess>>;
  let site: ProductSite;
  let key = '';

  beforeAll(async () => {
    site = await startProductSite();
    running = await startAllInOneInProcess({ FETCH_ALLOW_PRIVATE_NETWORKS: 'true' });
    const store = running.identity.store;
    const { account } = await store.ensureAccount('task-founder@example.com');
    key = (
      await store.createApiKey({
        accountId: account.id,
        name: 'mcp-tasks',
        scopes: ['account:read', 'listings:write'] as Scope[],
      })
    ).key;
  }, 60_000);
  afterAll(async () => {
    await running?.stop();
    await site?.close();
  });

  const rpc = async (method: string, params: Record<string, unknown>, name: string) => {
    const body = await modernRpc(`${running.base}/mcp`, method, params, name, { authorization: `Bearer ${key}` });
    expect(body.status).toBe(200);
    expect(body.error).toBeUndefined();
    return body.result as Record<string, unknown>;
  };

  it('when a client starts submit_listing as a task then it polls the task to completion and reads the draft', async () => {
    const task = await rpc('tools/call', { name: 'submit_listing', arguments: { url: site.url } }, 'submit_listing');
    expect(task).toMatchObject({ resultType: 'task', status: 'working' });
    const taskId = String(task.taskId);
    const messages: string[] = [];
    let polled = task;
    while (polled.status === 'working') {
      await new Promise((resolve) => setTimeout(resolve, Math.min(Number(polled.pollIntervalMs), 200)));
      polled = await rpc('tasks/get', { taskId }, taskId);
      messages.push(String(polled.statusMessage));
    }
    expect(polled.status).toBe('completed');
    const result = polled.result as { isError?: boolean; structuredContent: Record<string, unknown> };
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ id: taskId, url: site.url, status: 'ready' });
    // the draft is the one the service built: read from the site, with pages as its evidence base
    expect((result.structuredContent.pages as unknown[]).length).toBeGreaterThan(0);
    expect(messages.at(-1)).toMatch(/pages read/);
  }, 60_000);
});
