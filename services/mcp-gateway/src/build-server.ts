import { ANONYMOUS, type Operation, operationById, operations, type Principal } from '@listings/contracts';
import {
  type CallToolResult,
  fromJsonSchema,
  type jsonSchemaValidator,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
  type RequestStateCodec,
  ResourceNotFoundError,
  ResourceTemplate,
  type ScopeChallengeHandler,
  type ServerContext,
  type ToolCallback,
} from '@modelcontextprotocol/server';
import type { ListingSlugs } from './listing-changes.ts';
import { registerPrompts } from './prompts.ts';
import { ASKING_TOOLS, askThePerson, canElicit } from './tools/ask-the-person.ts';
import { type CallOperationDeps, callOperation } from './tools/call-operation.ts';
import {
  createMemoryTaskCancellations,
  draftTaskSource,
  followDraft,
  followsDraft,
  offersClientModel,
  runsAsTask,
  startedTask,
  type TaskCancellations,
} from './tools/draft-tasks.ts';
import { problemText, renderProblem, renderResult } from './tools/render.ts';
import { createLocalTasks, type LocalTasks, registerTasks } from './tools/tasks.ts';
import { toolAnnotations, toolDescription } from './tools/tool-descriptions.ts';
import { type JsonSchema, toolInputSchema, toolOutputSchema } from './tools/tool-schemas.ts';

export const SERVER_NAME = 'listings-directory';
export const SERVER_VERSION = '1.0.0';

export interface BuildServerDeps extends CallOperationDeps {
  /** how often a call that follows a draft reads it again (default 1 s), and for how long (default 120 s) */
  readonly draftPollMs?: number;
  readonly draftFollowMaxMs?: number;
  /** learns each listing's slug from the listing resources read (for resource update notifications) */
  readonly listingSlugs?: ListingSlugs;
  /** where cancelled draft tasks are kept (default: in memory; NATS KV in cluster mode) */
  readonly taskCancellations?: TaskCancellations;
  /** the conformance suite's fixture tools, resources and prompts, on every server: tests only */
  readonly conformanceFixtures?: ServerFixtures;
}

/**
 * Tools, resources and prompts added to every server built (the MCP conformance suite's fixtures,
 * which are test code: services/mcp-gateway/test/support/conformance-fixtures.ts).
 */
export interface ServerFixtures {
  register(server: McpServer, tasks: LocalTasks): void;
  /** checks the multi-round-trip `requestState` the fixtures seal (no product tool returns one) */
  readonly verifyRequestState: RequestStateCodec['verify'];
}

/**
 * Arguments are checked by `callOperation` against the contract (the same validator as REST), so
 * that a bad argument comes back as a tool error carrying problem details that name each field;
 * the SDK's own input check would answer a bare message instead.
 */
const acceptEverything: jsonSchemaValidator = {
  getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

/**
 * Each tool's schemas are derived and wrapped once per process, not once per request: a server is
 * built for every request, and wrapping (with the output validator behind it) 41 schemas each
 * time cost most of a tool call's CPU.
 */
const toolDefinitions = operations.map((op) => ({
  op,
  input: fromJsonSchema<Record<string, unknown>>(toolInputSchema(op) as never, acceptEverything),
  output: fromJsonSchema<Record<string, unknown>>(toolOutputSchema(op) as never),
  description: toolDescription(op),
  annotations: toolAnnotations(op),
}));

/** The principal the HTTP edge authenticated (see mcp-endpoint.ts); anonymous when none. */
export const principalOf = (ctx: Pick<ServerContext, 'http'>): Principal =>
  (ctx.http?.authInfo?.extra?.principal as Principal | undefined) ?? ANONYMOUS;

/** A tool call's outcome as its result (the lean path, http/lean-tools-call.ts, renders with it too). */
export const toToolResult = (op: Operation, outcome: Awaited<ReturnType<typeof callOperation>>): CallToolResult =>
  'problem' in outcome
    ? {
        // no structuredContent: it would not match the tool's outputSchema (the success shape),
        // and clients that check it could not show the error; the problem is in the text as JSON
        isError: true,
        content: [{ type: 'text', text: renderProblem(outcome.problem) }],
      }
    : {
        content: [{ type: 'text', text: renderResult(op.operationId, outcome.body) }],
        structuredContent: outcome.body as Record<string, unknown>,
      };

/** the server's identity, as the SDK stamps it on every result's `_meta` */
export const SERVER_INFO = {
  name: SERVER_NAME,
  title: 'Listings Directory and Launch Service',
  version: SERVER_VERSION,
};

const newServer = (fixtures: ServerFixtures | undefined) =>
  new McpServer(
    { ...SERVER_INFO },
    {
      instructions:
        'A product directory with a weekly launch calendar. Public tools need no sign-in; tools for drafts, owned listings, claims and orders need OAuth sign-in or an API key. Payment never happens through a tool: create_checkout returns a link where the person pays.',
      // the lists of tools, resources and prompts never change while the service runs (the SDK
      // would declare listChanged otherwise)
      capabilities: {
        tools: { listChanged: false },
        // listing resources can be subscribed to: `subscriptions/listen` (2026-07-28; the SDK
        // honours a listen filter's resourceSubscriptions only with this) and a 2025-era
        // session's resources/subscribe (legacy-sessions.ts)
        resources: { listChanged: false, subscribe: true },
        prompts: { listChanged: false },
        logging: {},
      },
      // the fixtures' multi-round-trip state is HMAC-sealed; no product tool returns a requestState
      ...(fixtures ? { requestState: { verify: fixtures.verifyRequestState } } : {}),
    },
  );

/**
 * Builds the per-request MCP servers: every contract operation as a tool, public reads as
 * resources, and prompts. Both protocol eras are served statelessly, so the SDK asks for a fresh
 * instance for every HTTP request (it refuses one that is still serving another request, and a
 * shared instance would carry one client's state into another's request).
 *
 * What does not depend on the request is made here, once: each tool's registration (schemas,
 * scope challenge, handler). `build(toolName)` builds a server for a single `tools/call` of that
 * contract operation: that tool alone, since such a request can reach no other tool, resource or
 * prompt (the endpoint decides when this applies; see mcp-endpoint.ts). Registering 41 tools plus
 * resources and prompts on every call was most of the gateway's own CPU per tool call.
 */
export const createServerFactory = (deps: BuildServerDeps) => {
  const cancellations = deps.taskCancellations ?? createMemoryTaskCancellations();
  // the task sources behind tasks/get, tasks/update and tasks/cancel (tasks.ts): work run in this
  // process (the conformance fixtures' tasks), then the drafts
  const localTasks = createLocalTasks(principalOf);
  const taskSources = [localTasks, draftTaskSource({ ...deps, cancellations }, principalOf, toToolResult)];
  const tools = toolDefinitions.map((tool) => {
    const { op } = tool;
    const scope = op.scope;
    return {
      name: op.operationId,
      config: {
        title: tool.annotations.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: tool.annotations,
        ...(scope
          ? {
              scopeChallenge: (({ authInfo }) =>
                authInfo && !authInfo.scopes.includes(scope)
                  ? { scopes: [scope], errorDescription: `${op.operationId} needs the ${scope} scope` }
                  : undefined) satisfies ScopeChallengeHandler,
            }
          : {}),
      },
      handler: (async (args, ctx) => {
        const principal = principalOf(ctx);
        const asTask = runsAsTask(op.operationId, args ?? {}, ctx);
        // a draft started as a task by a client that can sample: drafting may ask its model (draft-tasks.ts)
        let outcome = await callOperation(deps, op, args ?? {}, principal, {
          clientModel: asTask && offersClientModel(op.operationId, args ?? {}, ctx),
        });
        // draft work for a client that asked for progress (and no task): follow the draft to its end
        if (!asTask && followsDraft(op.operationId, args ?? {}, ctx))
          outcome = await followDraft(deps, principal, outcome, ctx);
        const result = toToolResult(op, outcome);
        // draft work for a client that declared the tasks extension: the task, at once (draft-tasks.ts);
        // the draft rides along as the structured content the tool's output schema promises
        const task = asTask ? await startedTask(cancellations, outcome) : undefined;
        return task ? ({ ...result, ...task } as CallToolResult) : result;
      }) satisfies ToolCallback<typeof tool.input>,
    };
  });
  const toolsByName = new Map(tools.map((tool) => [tool.name, tool]));
  // a tool that may ask the person first needs its server (the client's capabilities in the 2025 era)
  const askingHandler =
    (server: McpServer, op: Operation): ToolCallback<ReturnType<typeof fromJsonSchema<Record<string, unknown>>>> =>
    async (args, ctx) => {
      const principal = principalOf(ctx);
      const step = canElicit(server, ctx)
        ? await askThePerson(deps, op.operationId, args ?? {}, principal, ctx)
        : { args: args ?? {} };
      if ('answer' in step) return step.answer;
      return toToolResult(op, await callOperation(deps, op, step.args, principal));
    };
  const register = (server: McpServer, tool: (typeof tools)[number]) =>
    server.registerTool(
      tool.name,
      tool.config,
      ASKING_TOOLS.has(tool.name) ? askingHandler(server, operationById(tool.name) as Operation) : tool.handler,
    );

  return {
    /** the whole server; with the name of a contract operation, a server for one call of that tool */
    build: (toolName?: string): McpServer => {
      const server = newServer(deps.conformanceFixtures);
      const only = toolName === undefined ? undefined : toolsByName.get(toolName);
      if (only) {
        register(server, only);
        return server;
      }
      for (const tool of tools) register(server, tool);
      registerResources(server, deps);
      registerPrompts(server);
      registerTasks(server, taskSources);
      deps.conformanceFixtures?.register(server, localTasks);
      return server;
    },
    /** whether `build(toolName)` builds a one-tool server for this name */
    isTool: (toolName: string) => toolsByName.has(toolName),
  };
};

export type ServerFactory = ReturnType<typeof createServerFactory>;

/** One complete server (every tool, resource and prompt). */
export const buildServer = (deps: BuildServerDeps): McpServer => createServerFactory(deps).build();

/** Reads a public operation as a resource: JSON contents, or the protocol's errors. */
const readAsResource = async (
  deps: CallOperationDeps & { readonly listingSlugs?: ListingSlugs },
  operationId: string,
  uri: URL,
  args: Record<string, unknown>,
  ctx: ServerContext,
): Promise<ReadResourceResult> => {
  const op = operationById(operationId) as Operation;
  const outcome = await callOperation(deps, op, args, principalOf(ctx));
  if ('problem' in outcome) {
    if (outcome.problem.status === 404) throw new ResourceNotFoundError(uri.href, outcome.problem.detail);
    if (outcome.problem.status === 400)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, problemText(outcome.problem));
    throw new ProtocolError(ProtocolErrorCode.InternalError, problemText(outcome.problem));
  }
  const { id, slug } = (outcome.body ?? {}) as { id?: unknown; slug?: unknown };
  if (operationId === 'get_listing' && typeof id === 'number' && typeof slug === 'string')
    deps.listingSlugs?.learn(id, slug);
  return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(outcome.body) }] };
};

/** Public reads change slowly (votes move, listings go live weekly): clients and shared caches may keep them a minute. */
const PUBLIC_READ_CACHE = { ttlMs: 60_000, cacheScope: 'public' as const };

const single = (value: string | string[] | undefined): string =>
  Array.isArray(value) ? (value[0] ?? '') : (value ?? '');

/** the public reads a client can attach by URI: each one operation's answer for one path variable */
const TEMPLATE_RESOURCES: readonly {
  name: string;
  uri: string;
  variable: string;
  operation: string;
  title: string;
  description: string;
  complete?: Record<string, (value: string) => string[]>;
}[] = [
  {
    name: 'listing',
    uri: 'listings://listings/{slug}',
    variable: 'slug',
    operation: 'get_listing',
    title: 'A listing',
    description: 'The full public profile of a listing by its slug (as get_listing returns it).',
  },
  {
    name: 'launch-week',
    uri: 'listings://launches/weeks/{week}',
    variable: 'week',
    operation: 'get_launch_week',
    title: 'A launch week',
    description:
      'Launches of one week (Monday to Sunday, UTC) ranked by community votes: `this`, `next`, `last`, or a YYYY-MM-DD date.',
    complete: { week: (value) => ['this', 'next', 'last'].filter((w) => w.startsWith(value)) },
  },
  {
    name: 'category',
    uri: 'listings://categories/{slug}',
    variable: 'slug',
    operation: 'get_category',
    title: 'A category',
    description: 'A category with its subcategories and most voted live listings.',
  },
];

/** What a client can attach as context without a tool call: the site, a listing, a launch week, a category. */
const registerResources = (server: McpServer, deps: CallOperationDeps & { readonly listingSlugs?: ListingSlugs }) => {
  server.registerResource(
    'site',
    'listings://site',
    {
      title: 'About this directory',
      description: 'Name, purpose, counts and public URLs.',
      mimeType: 'application/json',
      cacheHint: PUBLIC_READ_CACHE,
    },
    (uri, ctx) => readAsResource(deps, 'get_site_info', uri, {}, ctx),
  );
  for (const resource of TEMPLATE_RESOURCES)
    server.registerResource(
      resource.name,
      new ResourceTemplate(resource.uri, {
        list: undefined,
        ...(resource.complete ? { complete: resource.complete } : {}),
      }),
      {
        title: resource.title,
        description: resource.description,
        mimeType: 'application/json',
        cacheHint: PUBLIC_READ_CACHE,
      },
      (uri, variables, ctx) =>
        readAsResource(
          deps,
          resource.operation,
          uri,
          { [resource.variable]: single(variables[resource.variable]) },
          ctx,
        ),
    );
};

export type { JsonSchema };
