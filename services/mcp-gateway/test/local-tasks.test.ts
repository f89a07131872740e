import type { Principal } from '@listings/contracts';
import { ProtocolError, ProtocolErrorCode, type ServerContext } from '@modelcontextprotocol/server';
import { describe, expect, it, vi } from 'vitest';
import { createLocalTasks } from '../src/tools/tasks.ts';

/** a request context carrying only what the local tasks read: the caller */
const as = (account: string) => ({ principal: { account_id: account, scopes: [], via: 'api_key' } }) as never;
const principalOf = (ctx: ServerContext) => (ctx as unknown as { principal: Principal }).principal;
const alice: ServerContext = as('alice');
const bob: ServerContext = as('bob');

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const question = (message: string) =>
  ({
    method: 'elicitation/create',
    params: { mode: 'form', message, requestedSchema: { type: 'object', properties: {} } },
  }) as never;

describe('tasks run in this process (createLocalTasks)', () => {
  it('when the work ends then the task is completed with its result, or failed with the thrown protocol error', async () => {
    const tasks = createLocalTasks(principalOf);
    const done = deferred<void>();
    const ok = tasks.start(alice, async () => {
      await done.promise;
      return text('the answer');
    });
    expect(ok).toMatchObject({ status: 'working', taskId: expect.stringMatching(/^local-/) });
    expect((await tasks.get(ok.taskId, alice)).status).toBe('working');
    done.resolve();
    await vi.waitFor(async () => expect((await tasks.get(ok.taskId, alice)).status).toBe('completed'));
    expect((await tasks.get(ok.taskId, alice)).result).toEqual(text('the answer'));

    const broken = tasks.start(alice, async () => {
      throw new ProtocolError(ProtocolErrorCode.InternalError, 'it broke');
    });
    await vi.waitFor(async () => expect((await tasks.get(broken.taskId, alice)).status).toBe('failed'));
    const failed = await tasks.get(broken.taskId, alice);
    expect(failed.error).toEqual({ code: ProtocolErrorCode.InternalError, message: 'it broke' });
    expect(failed.result).toBeUndefined();
  });

  it('when the task is cancelled then its work is aborted, it stays cancelled, and a second cancel changes nothing', async () => {
    const tasks = createLocalTasks(principalOf);
    const aborted = deferred<unknown>();
    const task = tasks.start(alice, async (io) => {
      io.signal.addEventListener('abort', () => aborted.resolve(io.signal.reason));
      await aborted.promise;
      return text('finished anyway');
    });
    await tasks.cancel(task.taskId, alice);
    expect(String(await aborted.promise)).toContain('cancelled by the client');
    const cancelled = await tasks.get(task.taskId, alice);
    expect(cancelled).toMatchObject({ status: 'cancelled', statusMessage: 'cancelled by the client' });
    // the work returned after its abort: the task still ends as cancelled, with no result
    await Promise.resolve();
    await tasks.cancel(task.taskId, alice);
    expect(await tasks.get(task.taskId, alice)).toEqual(cancelled);
  });

  it('when the work asks two questions then the task waits until both are answered, one update at a time', async () => {
    const tasks = createLocalTasks(principalOf);
    const task = tasks.start(alice, async (io) => {
      const answers = await io.ask({ first: question('one?'), second: question('two?') });
      return text(JSON.stringify(answers));
    });
    await vi.waitFor(async () => expect((await tasks.get(task.taskId, alice)).status).toBe('input_required'));
    expect(Object.keys((await tasks.get(task.taskId, alice)).inputRequests ?? {})).toEqual(['first', 'second']);

    await tasks.update(task.taskId, { first: { action: 'accept', content: { a: 1 } }, unasked: { x: 1 } }, alice);
    const partly = await tasks.get(task.taskId, alice);
    expect(partly.status).toBe('input_required');
    expect(Object.keys(partly.inputRequests ?? {})).toEqual(['second']);

    await tasks.update(task.taskId, { second: { action: 'decline' } }, alice);
    await vi.waitFor(async () => expect((await tasks.get(task.taskId, alice)).status).toBe('completed'));
    expect((await tasks.get(task.taskId, alice)).result).toEqual(
      text(JSON.stringify({ first: { action: 'accept', content: { a: 1 } }, second: { action: 'decline' } })),
    );
  });

  it("when another caller or an unknown id is used then the task is unknown (-32602) and the owner's task is untouched", async () => {
    const tasks = createLocalTasks(principalOf);
    const task = tasks.start(alice, () => new Promise(() => {}));
    for (const attempt of [
      () => tasks.get(task.taskId, bob),
      () => tasks.cancel(task.taskId, bob),
      () => tasks.update(task.taskId, {}, bob),
      () => tasks.get('local-00000000-0000-4000-8000-000000000000', alice),
    ])
      await expect(attempt()).rejects.toMatchObject({ code: ProtocolErrorCode.InvalidParams });
    expect((await tasks.get(task.taskId, alice)).status).toBe('working');
  });
});
