import {
  answerClientModel,
  CLIENT_MODEL_ANSWER_MAX_CHARS,
  type ClientModelRequestReply,
  cancelDraftWork,
  clientModelRequest,
  DRAFT_CANCELLED_REASON,
  type Operation,
  operationById,
  type Principal,
} from '@listings/contracts';
import { openNatsKvBucket } from '@listings/platform/edge';
import { internalReplyBody, requestInternal } from '@listings/platform/internal-client';
import {
  type CallToolResult,
  ProtocolError,
  ProtocolErrorCode,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { type CallOperationDeps, callOperation, type ToolOutcome } from './call-operation.ts';
import { declaresSampling } from './client-capabilities.ts';
import {
  acceptsTasks,
  createTaskResult,
  TASK_TTL_MS,
  type TaskSnapshot,
  type TaskSource,
  unknownTask,
} from './tasks.ts';

/**
 * Long draft work as MCP tasks (the `io.modelcontextprotocol/tasks` extension, SEP-2663, on the
 * 2026-07-28 era): `submit_listing` (read the site and draft the profile) and `update_draft` with
 * `regenerate` answer a task at once when the client declared the extension; the client polls
 * `tasks/get` and gets the finished draft as the task's result, or cancels with `tasks/cancel`.
 *
 * The task is the draft: its id is the draft's id, and its state is read from the draft on every
 * poll (`get_draft` on the bus, as the caller), so any gateway replica answers any poll and nothing
 * is kept in a process. `tasks/cancel` stops the work for real (drafting's
 * `drafting.internal.cancel_draft_work`, as the caller: the crawl stops and the draft ends `failed`
 * "cancelled by the client", or a redraft is abandoned) and is also kept in a store shared by the
 * replicas (`TaskCancellations`: NATS KV in cluster mode), so that the task reads `cancelled` (an
 * abandoned redraft leaves a `ready` draft, which would read `completed`).
 */

export { TASKS_EXTENSION } from './tasks.ts';

/** Where cancellations are kept, by task (= draft) id: shared by every replica in cluster mode. */
export interface TaskCancellations {
  cancel(taskId: string): Promise<void>;
  isCancelled(taskId: string): Promise<boolean>;
  /** a new task on the same draft (a regenerate) is not cancelled */
  clear(taskId: string): Promise<void>;
}

export const createMemoryTaskCancellations = (): TaskCancellations => {
  const cancelled = new Set<string>();
  return {
    cancel: async (id) => {
      cancelled.add(id);
    },
    isCancelled: async (id) => cancelled.has(id),
    clear: async (id) => {
      cancelled.delete(id);
    },
  };
};

/** Cancellations in a NATS KV bucket (`mcp_task_cancellations`), so every replica sees them. */
export const connectNatsTaskCancellations = async (
  natsUrl: string,
): Promise<TaskCancellations & { close(): Promise<void> }> => {
  const bucket = await openNatsKvBucket({ servers: natsUrl, bucket: 'mcp_task_cancellations', ttlMs: TASK_TTL_MS });
  return {
    cancel: async (id) => {
      await bucket.kv.put(id, 'cancelled');
    },
    isCancelled: async (id) => (await bucket.kv.get(id))?.operation === 'PUT',
    clear: async (id) => {
      await bucket.kv.delete(id);
    },
    close: () => bucket.close(),
  };
};

interface DraftView {
  id: string;
  status: 'crawling' | 'drafting' | 'ready' | 'failed';
  failure_reason?: string;
  progress: { step: string; pages_read: number; pages_planned: number };
  regenerating: string[];
  created_at: string;
  updated_at: string;
}

/** Whether this call runs as a task: the client declared the extension, and the call is draft work. */
export const runsAsTask = (toolName: string, args: Record<string, unknown>, ctx: ServerContext): boolean =>
  isDraftWork(toolName, args) && acceptsTasks(ctx);

/**
 * Whether drafting may ask this client's model (MCP sampling) for the draft work this call starts
 * (a submit, or a regenerate), for a client that declared `sampling`. Only for a task: the request
 * then shows on the task as `input_required` (see `draftTaskSource`).
 */
export const offersClientModel = (toolName: string, args: Record<string, unknown>, ctx: ServerContext): boolean =>
  isDraftWork(toolName, args) && declaresSampling(ctx);

/** the input request key of a draft's request to the client's model: `draft-model-<ask id>` (a uuid) */
const MODEL_KEY_PREFIX = 'draft-model-';
const MODEL_KEY = /^draft-model-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

type ClientModelAsk = NonNullable<ClientModelRequestReply['ask']>;

/** the draft's request to the client's model as an MCP `sampling/createMessage` input request */
const samplingRequestOf = (ask: ClientModelAsk) => ({
  method: 'sampling/createMessage' as const,
  params: {
    messages: ask.request.messages,
    systemPrompt: ask.request.system_prompt,
    maxTokens: ask.request.max_tokens,
    modelPreferences: {
      intelligencePriority: ask.request.model_preferences.intelligence_priority,
      speedPriority: ask.request.model_preferences.speed_priority,
      costPriority: ask.request.model_preferences.cost_priority,
    },
    includeContext: 'none' as const,
  },
});

/**
 * A client's answer to the sampling request (a CreateMessageResult) as drafting takes it: its text
 * (one text block, or the text blocks of a list); a refusal is `declined`; anything else (no text,
 * too long, not a result) `failed`, and the extractive draft stands alone.
 */
const answerOf = (
  response: unknown,
): { outcome: 'answered'; text: string; model?: string } | { outcome: 'declined' | 'failed' } => {
  if (!response || typeof response !== 'object') return { outcome: 'failed' };
  const result = response as { content?: unknown; model?: unknown; stopReason?: unknown };
  if (result.stopReason === 'refusal') return { outcome: 'declined' };
  const blocks = Array.isArray(result.content) ? result.content : [result.content];
  const text = blocks
    .filter((b): b is { type: 'text'; text: string } => b?.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text)
    .join('\n');
  if (text.trim() === '' || text.length > CLIENT_MODEL_ANSWER_MAX_CHARS) return { outcome: 'failed' };
  return {
    outcome: 'answered',
    text,
    ...(typeof result.model === 'string' && result.model.length <= 200 ? { model: result.model } : {}),
  };
};

/** a call that starts the crawl-and-draft work: a submit, or a regenerate */
const isDraftWork = (toolName: string, args: Record<string, unknown>): boolean =>
  toolName === 'submit_listing' ||
  (toolName === 'update_draft' && Array.isArray(args.regenerate) && args.regenerate.length > 0);

const working = (draft: DraftView) =>
  draft.status === 'crawling' || draft.status === 'drafting' || draft.regenerating.length > 0;

const statusMessage = (draft: DraftView) =>
  draft.status === 'failed'
    ? `failed: ${draft.failure_reason ?? 'the draft could not be built'}`
    : `${draft.progress.step} (${draft.progress.pages_read} of ${draft.progress.pages_planned} pages read)${
        draft.regenerating.length > 0 ? `; redrafting ${draft.regenerating.join(', ')}` : ''
      }`;

const snapshotOf = (draft: DraftView, cancelledHere: boolean): TaskSnapshot => {
  // the draft records a cancelled crawl itself; an abandoned redraft is known from the store
  const cancelled = cancelledHere || (draft.status === 'failed' && draft.failure_reason === DRAFT_CANCELLED_REASON);
  return {
    taskId: draft.id,
    status: cancelled ? 'cancelled' : working(draft) ? 'working' : 'completed',
    statusMessage: cancelled ? 'cancelled' : statusMessage(draft),
    createdAt: draft.created_at,
    lastUpdatedAt: draft.updated_at,
  };
};

/** The answer to a task-run call: the task, at once (`resultType: task`, SEP-2663's CreateTaskResult). */
export const startedTask = async (
  cancellations: TaskCancellations,
  outcome: ToolOutcome,
): Promise<Record<string, unknown> | undefined> => {
  if ('problem' in outcome) return undefined;
  const draft = outcome.body as DraftView;
  await cancellations.clear(draft.id);
  return createTaskResult(snapshotOf(draft, false));
};

/**
 * The drafts as a task source (tasks.ts): the caller's draft read afresh on every `tasks/get`. A
 * task the caller cannot read (unknown, or another account's draft) is an unknown task (-32602).
 * A draft asks the client nothing, so `tasks/update` has nothing to deliver.
 */
export const draftTaskSource = (
  deps: CallOperationDeps & { readonly cancellations: TaskCancellations },
  principalOf: (ctx: ServerContext) => Principal,
  toToolResult: (op: Operation, outcome: ToolOutcome) => CallToolResult,
): TaskSource => {
  const getDraft = operationById('get_draft') as Operation;
  // stopping a draft's work or answering for its model changes the draft: the scope that writes drafts
  const writeScope = (operationById('update_draft') as Operation).scope;
  const mayWrite = (ctx: ServerContext, what: string) => {
    if (writeScope && !principalOf(ctx).scopes.includes(writeScope))
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `insufficient_scope: ${what} a draft task needs the ${writeScope} scope`,
      );
  };
  const readDraft = async (taskId: string, ctx: ServerContext) => {
    const outcome = await callOperation(deps, getDraft, { id: taskId }, principalOf(ctx));
    if ('problem' in outcome) {
      if (outcome.problem.status === 404 || outcome.problem.status === 400 || outcome.problem.status === 401)
        throw unknownTask(taskId);
      throw new ProtocolError(ProtocolErrorCode.InternalError, outcome.problem.detail ?? outcome.problem.title);
    }
    return { outcome, draft: outcome.body as DraftView };
  };
  /** a drafting internal request as the caller; a failure is a protocol error */
  const internal = async (subject: string, what: string, request: Record<string, unknown>): Promise<unknown> => {
    const about = { service: 'drafting', what, timeoutMs: deps.requestTimeoutMs };
    try {
      return internalReplyBody(await requestInternal(deps.bus, subject, request, about), about);
    } catch (error) {
      throw new ProtocolError(ProtocolErrorCode.InternalError, (error as Error).message);
    }
  };
  const openClientModelAsk = async (taskId: string, ctx: ServerContext) =>
    (
      (await internal(clientModelRequest.subject, 'reading the draft model request', {
        draft_id: taskId,
        principal: principalOf(ctx),
      })) as ClientModelRequestReply
    ).ask;
  return {
    owns: () => true,
    get: async (taskId, ctx) => {
      const { outcome, draft } = await readDraft(taskId, ctx);
      const task = snapshotOf(draft, await deps.cancellations.isCancelled(taskId));
      if (task.status === 'working' && (draft.status === 'drafting' || draft.regenerating.length > 0)) {
        // the draft may wait for the client's model: the task asks for its answer
        const ask = await openClientModelAsk(taskId, ctx);
        if (ask)
          return {
            ...task,
            status: 'input_required',
            statusMessage: "waiting for your model's draft of the profile (sampling)",
            inputRequests: { [`${MODEL_KEY_PREFIX}${ask.ask_id}`]: samplingRequestOf(ask) },
          };
      }
      if (task.status !== 'completed') return task;
      // a draft that failed is the tool's own error, not a protocol error: completed, with isError
      const result: CallToolResult =
        draft.status === 'failed'
          ? { isError: true, content: [{ type: 'text', text: `the draft failed: ${statusMessage(draft)}` }] }
          : toToolResult(getDraft, outcome);
      return { ...task, result };
    },
    cancel: async (taskId, ctx) => {
      // another account's draft is an unknown task first, as for tasks/get
      const { draft } = await readDraft(taskId, ctx);
      mayWrite(ctx, 'cancelling');
      // a finished task stays as it ended; cancelling it again is a no-op
      if (!working(draft)) return;
      await internal(cancelDraftWork.subject, 'cancelling the draft work', {
        draft_id: taskId,
        principal: principalOf(ctx),
      });
      await deps.cancellations.cancel(taskId);
    },
    // answers to the draft's request to the client's model go to drafting, as the caller (only an
    // owner's answer is taken); other keys are ignored
    update: async (taskId, inputResponses, ctx) => {
      await readDraft(taskId, ctx);
      mayWrite(ctx, 'answering');
      for (const [key, response] of Object.entries(inputResponses)) {
        const askId = MODEL_KEY.exec(key)?.[1];
        if (!askId) continue;
        await internal(answerClientModel.subject, 'answering the draft model request', {
          draft_id: taskId,
          ask_id: askId,
          principal: principalOf(ctx),
          ...answerOf(response),
        });
      }
    },
  };
};

/**
 * A draft call that is not a task but asks for progress (a `progressToken`) follows the draft
 * until it is done: the call lasts as long as the crawl (bounded by `maxMs`, then it answers the
 * draft as it stands), and the client gets `notifications/progress` (pages read of pages planned)
 * and log messages (`notifications/message`, logger `drafting`, at the level the client set:
 * `logging/setLevel` on a 2025-era session, `_meta` logLevel on 2026-07-28) for each step.
 */
export const followsDraft = (toolName: string, args: Record<string, unknown>, ctx: ServerContext): boolean =>
  ctx.mcpReq._meta?.progressToken !== undefined && isDraftWork(toolName, args);

export const followDraft = async (
  deps: CallOperationDeps & { readonly draftPollMs?: number; readonly draftFollowMaxMs?: number },
  principal: Principal,
  started: ToolOutcome,
  ctx: ServerContext,
): Promise<ToolOutcome> => {
  if ('problem' in started) return started;
  const getDraft = operationById('get_draft') as Operation;
  const token = ctx.mcpReq._meta?.progressToken as string | number;
  const pollMs = deps.draftPollMs ?? 1_000;
  const until = Date.now() + (deps.draftFollowMaxMs ?? 120_000);
  let outcome: ToolOutcome = started;
  let said = '';
  for (;;) {
    const draft = (outcome as { body: unknown }).body as DraftView;
    const message = statusMessage(draft);
    if (message !== said) {
      said = message;
      await ctx.mcpReq.notify({
        method: 'notifications/progress',
        params: {
          progressToken: token,
          progress: draft.progress.pages_read,
          ...(draft.progress.pages_planned > 0 ? { total: draft.progress.pages_planned } : {}),
          message,
        },
      });
      const level = draft.status === 'failed' ? 'warning' : 'info';
      await ctx.mcpReq.log(level, `draft ${draft.id}: ${message}`, 'drafting').catch(() => {});
    }
    if (!working(draft) || Date.now() >= until || ctx.mcpReq.signal.aborted) return outcome;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    const next = await callOperation(deps, getDraft, { id: draft.id }, principal);
    if ('problem' in next) return outcome;
    outcome = next;
  }
};
