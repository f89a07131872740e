import { randomUUID } from 'node:crypto';
import type { Principal } from '@listings/contracts';
import {
  type CallToolResult,
  fromJsonSchema,
  type InputRequests,
  type McpServer,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { declaresExtension } from './client-capabilities.ts';

/**
 * The task surface of the `io.modelcontextprotocol/tasks` extension (SEP-2663, 2026-07-28 era):
 * a task-supporting `tools/call` answers a task at once (`CreateTaskResult`), and the client
 * follows it with `tasks/get` (the result or error inlined once terminal), answers its input
 * requests with `tasks/update` and stops it with `tasks/cancel`.
 *
 * Every task comes from a `TaskSource`: the drafts (draft-tasks.ts: the task is a draft, read over
 * the bus, so any replica answers) and work run in this process (`createLocalTasks`: the
 * conformance suite's fixture tools). One set of handlers serves both; a source owns a task id.
 */

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** how long a finished task stays readable */
export const TASK_TTL_MS = 24 * 60 * 60_000;
export const POLL_INTERVAL_MS = 2_000;

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A task as `tasks/get` answers it (SEP-2663's DetailedTask, without the SDK's `resultType`). */
export interface TaskSnapshot {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  /** a completed task's tool result (a tool error is a completed task with `isError`) */
  result?: CallToolResult;
  /** a failed task's protocol error */
  error?: { code: number; message: string; data?: unknown };
  /** what an `input_required` task waits for, by key */
  inputRequests?: InputRequests;
}

export interface TaskSource {
  owns(taskId: string): boolean;
  /** the task as the caller may see it; an unknown task (or another caller's) throws -32602 */
  get(taskId: string, ctx: ServerContext): Promise<TaskSnapshot>;
  /** stops a running task; a terminal task stays as it ended (idempotent) */
  cancel(taskId: string, ctx: ServerContext): Promise<void>;
  /** delivers answers to the task's input requests; keys it did not ask for are ignored */
  update(taskId: string, inputResponses: Record<string, unknown>, ctx: ServerContext): Promise<void>;
}

export const unknownTask = (taskId: string) =>
  new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown task ${taskId}`);

export const terminal = (status: TaskStatus) => status === 'completed' || status === 'failed' || status === 'cancelled';

/** `-32021` with the extension named, for a client that did not declare it */
export const requireTasksExtension = (ctx: ServerContext) => {
  if (!declaresExtension(ctx, TASKS_EXTENSION))
    throw new MissingRequiredClientCapabilityError(
      { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } } as never,
      `this request needs the ${TASKS_EXTENSION} extension`,
    );
};

/** whether this call may be answered with a task: the client declared the extension on it */
export const acceptsTasks = (ctx: ServerContext) => declaresExtension(ctx, TASKS_EXTENSION);

/** SEP-2663's CreateTaskResult: flat, with no result, error or input requests (those are on tasks/get) */
export const createTaskResult = (task: TaskSnapshot) => ({
  resultType: 'task' as const,
  taskId: task.taskId,
  status: task.status,
  ...(task.statusMessage ? { statusMessage: task.statusMessage } : {}),
  createdAt: task.createdAt,
  lastUpdatedAt: task.lastUpdatedAt,
  ttlMs: TASK_TTL_MS,
  pollIntervalMs: POLL_INTERVAL_MS,
});

const detailedTask = (task: TaskSnapshot) => {
  const { resultType: _, ...base } = createTaskResult(task);
  return {
    ...base,
    ...(task.status === 'completed' && task.result ? { result: task.result } : {}),
    ...(task.status === 'failed' && task.error ? { error: task.error } : {}),
    ...(task.status === 'input_required' && task.inputRequests ? { inputRequests: task.inputRequests } : {}),
  };
};

const taskIdArguments = fromJsonSchema<{ taskId: string }>({
  type: 'object',
  properties: { taskId: { type: 'string' } },
  required: ['taskId'],
});

/** `tasks/get`, `tasks/update` and `tasks/cancel` on a server, over its task sources (first owner wins). */
export const registerTasks = (server: McpServer, sources: readonly TaskSource[]) => {
  const sourceOf = (taskId: string) => {
    const source = sources.find((s) => s.owns(taskId));
    if (!source) throw unknownTask(taskId);
    return source;
  };
  server.server.registerCapabilities({ extensions: { [TASKS_EXTENSION]: {} } } as never);
  const setHandler = server.server.setRequestHandler.bind(server.server) as unknown as <P>(
    method: string,
    schemas: { params: ReturnType<typeof fromJsonSchema<P>> },
    handler: (params: P, ctx: ServerContext) => Promise<Record<string, unknown>>,
  ) => void;
  setHandler('tasks/get', { params: taskIdArguments }, async ({ taskId }, ctx) => {
    requireTasksExtension(ctx);
    return detailedTask(await sourceOf(taskId).get(taskId, ctx));
  });
  // the SDK lifts `inputResponses` out of the params (as on every multi-round-trip request)
  setHandler('tasks/update', { params: taskIdArguments }, async ({ taskId }, ctx) => {
    requireTasksExtension(ctx);
    await sourceOf(taskId).update(taskId, ctx.mcpReq.inputResponses ?? {}, ctx);
    return {};
  });
  setHandler('tasks/cancel', { params: taskIdArguments }, async ({ taskId }, ctx) => {
    requireTasksExtension(ctx);
    await sourceOf(taskId).cancel(taskId, ctx);
    return {};
  });
};

/**
 * Makes `tools/call` of these tools (task support `required`) refuse a client that did not declare
 * the extension with -32021, as a JSON-RPC error: the SDK turns whatever a tool's own handler
 * throws into an `isError` tool result, so the check sits in front of its `tools/call` handler.
 * Call it after the tools are registered.
 */
export const requireTasksFor = (server: McpServer, toolNames: ReadonlySet<string>) => {
  type Handler = (request: { params?: { name?: unknown } }, ctx: ServerContext) => Promise<unknown>;
  // the SDK has no public hook in front of a tool's handler; its handler table is the one seam
  const handlers = (server.server as unknown as { _requestHandlers: Map<string, Handler> })._requestHandlers;
  const callTool = handlers.get('tools/call');
  if (!callTool) throw new Error('requireTasksFor: register the tools first');
  handlers.set('tools/call', async (request, ctx) => {
    if (toolNames.has(String(request.params?.name))) requireTasksExtension(ctx);
    return callTool(request, ctx);
  });
};

/** What a task run in this process can do: see its cancellation, ask the client, report progress. */
export interface TaskIo {
  readonly signal: AbortSignal;
  /** parks the task in `input_required` until every request is answered (by `tasks/update`) */
  ask(requests: InputRequests): Promise<Record<string, unknown>>;
  say(statusMessage: string): void;
}

interface LocalTask {
  snapshot: TaskSnapshot;
  owner: string;
  controller: AbortController;
  pending?: {
    requests: InputRequests;
    answers: Record<string, unknown>;
    resolve: (a: Record<string, unknown>) => void;
  };
}

const ownerKey = (principal: Principal) => `${principal.via}:${principal.account_id ?? ''}`;

/**
 * Tasks whose work runs in this process: `start` runs the work at once and answers the task; the
 * work's result (or tool error) completes it, a thrown error fails it (a protocol error, with its
 * code), and `tasks/cancel` aborts it (`cancelled`). A task is kept `TASK_TTL_MS` after it started.
 * Only the principal that started a task can see or touch it. Ids are `local-<uuid>`.
 */
export const createLocalTasks = (principalOf: (ctx: ServerContext) => Principal) => {
  const tasks = new Map<string, LocalTask>();
  const now = () => new Date().toISOString();
  const touch = (task: LocalTask, change: Partial<TaskSnapshot>) => {
    if (terminal(task.snapshot.status)) return;
    task.snapshot = { ...task.snapshot, ...change, lastUpdatedAt: now() };
  };
  const find = (taskId: string, ctx: ServerContext) => {
    const task = tasks.get(taskId);
    if (!task || task.owner !== ownerKey(principalOf(ctx))) throw unknownTask(taskId);
    return task;
  };
  const source: TaskSource & {
    start(ctx: ServerContext, work: (io: TaskIo) => Promise<CallToolResult>): TaskSnapshot;
  } = {
    owns: (taskId) => taskId.startsWith('local-'),
    get: async (taskId, ctx) => find(taskId, ctx).snapshot,
    cancel: async (taskId, ctx) => {
      const task = find(taskId, ctx);
      if (terminal(task.snapshot.status)) return;
      touch(task, { status: 'cancelled', statusMessage: 'cancelled by the client', inputRequests: undefined });
      task.controller.abort(new Error('cancelled by the client'));
    },
    update: async (taskId, inputResponses, ctx) => {
      const task = find(taskId, ctx);
      const pending = task.pending;
      if (!pending) return;
      for (const [key, answer] of Object.entries(inputResponses))
        if (key in pending.requests && !(key in pending.answers)) pending.answers[key] = answer;
      const waiting = Object.fromEntries(Object.entries(pending.requests).filter(([key]) => !(key in pending.answers)));
      if (Object.keys(waiting).length > 0) {
        touch(task, { inputRequests: waiting });
        return;
      }
      task.pending = undefined;
      touch(task, { status: 'working', inputRequests: undefined, statusMessage: undefined });
      pending.resolve(pending.answers);
    },
    start: (ctx, work) => {
      const at = now();
      const task: LocalTask = {
        snapshot: { taskId: `local-${randomUUID()}`, status: 'working', createdAt: at, lastUpdatedAt: at },
        owner: ownerKey(principalOf(ctx)),
        controller: new AbortController(),
      };
      tasks.set(task.snapshot.taskId, task);
      setTimeout(() => tasks.delete(task.snapshot.taskId), TASK_TTL_MS).unref();
      const { signal } = task.controller;
      const io: TaskIo = {
        signal,
        ask: (requests) =>
          new Promise((resolve, reject) => {
            signal.throwIfAborted();
            signal.addEventListener('abort', () => reject(signal.reason), { once: true });
            task.pending = { requests, answers: {}, resolve };
            touch(task, { status: 'input_required', inputRequests: requests });
          }),
        say: (statusMessage) => touch(task, { statusMessage }),
      };
      work(io).then(
        (result) => touch(task, { status: 'completed', result, statusMessage: undefined }),
        (error: unknown) =>
          touch(task, {
            status: 'failed',
            error: {
              code: error instanceof ProtocolError ? error.code : ProtocolErrorCode.InternalError,
              message: error instanceof Error ? error.message : String(error),
            },
          }),
      );
      return task.snapshot;
    },
  };
  return source;
};

export type LocalTasks = ReturnType<typeof createLocalTasks>;
