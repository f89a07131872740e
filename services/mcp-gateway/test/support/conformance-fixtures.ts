import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  acceptedContent,
  createRequestStateCodec,
  type ElicitRequestFormParams,
  fromJsonSchema,
  type InputRequests,
  inputRequired,
  inputResponse,
  type jsonSchemaValidator,
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceTemplate,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { ServerFixtures } from '../../src/build-server.ts';
import { envelopeCapabilities } from '../../src/tools/client-capabilities.ts';
import {
  acceptsTasks,
  createTaskResult,
  type LocalTasks,
  requireTasksFor,
  type TaskIo,
  type TaskSnapshot,
} from '../../src/tools/tasks.ts';

/**
 * The fixture tools, resources and prompts the MCP conformance suite calls by fixed names. They
 * exist only when MCP_CONFORMANCE_FIXTURES=true (scripts/mcp-conformance.mjs sets it); the service
 * never offers them otherwise. Each answers exactly what its scenario checks for.
 */

// a 1x1 PNG and a minimal WAV: the smallest valid payloads of their kinds
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const WAV = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';

/** The suite's focal schema for `json-schema-2020-12`, verbatim. */
const JSON_SCHEMA_2020_12 = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, in a plain schema object
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

/** the fixture only has to be advertised intact; the suite checks the listing, not validation */
const acceptAll: jsonSchemaValidator = {
  getValidator: () => (input) => ({ valid: true, data: input as never, errorMessage: undefined }),
};

// wrapped once per process (fromJsonSchema compiles a validator), not on every per-request server
const noArguments = fromJsonSchema<Record<string, never>>({ type: 'object', properties: {} });
const jsonSchema2020_12 = fromJsonSchema<Record<string, unknown>>(JSON_SCHEMA_2020_12 as never, acceptAll);
const promptArguments = fromJsonSchema<{ arg1: string; arg2: string }>({
  type: 'object',
  properties: { arg1: { type: 'string' }, arg2: { type: 'string' } },
  required: ['arg1', 'arg2'],
});
const embeddedResourceArguments = fromJsonSchema<{ resourceUri: string }>({
  type: 'object',
  properties: { resourceUri: { type: 'string' } },
  required: ['resourceUri'],
});

/**
 * The fixtures' `requestState` codec (HMAC, a per-process key: every round of a conformance flow
 * reaches the one process the script starts). Only fixture servers verify with it.
 */
export const fixtureRequestState = createRequestStateCodec<Record<string, unknown>>({ key: randomBytes(32) });

const samplingArguments = fromJsonSchema<{ prompt: string }>({
  type: 'object',
  properties: { prompt: { type: 'string' } },
  required: ['prompt'],
});
const elicitationArguments = fromJsonSchema<{ message: string }>({
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
});
// http-custom-header-server-validation: a string argument mirrored into the Mcp-Param-Region header
const customHeaderArguments = fromJsonSchema<{ region: string; query?: string }>(
  {
    type: 'object',
    properties: {
      region: { type: 'string', 'x-mcp-header': 'Region' },
      query: { type: 'string' },
    },
    required: ['region'],
  } as never,
  acceptAll,
);

type Schema = ElicitRequestFormParams['requestedSchema'];
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const oneString = (name: string): Schema => ({
  type: 'object',
  properties: { [name]: { type: 'string' } },
  required: [name],
});
const elicit = (message: string, requestedSchema: Schema) => inputRequired.elicit({ message, requestedSchema });
const ask = (prompt: string, maxTokens: number) =>
  inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens });
const field = (responses: Record<string, unknown> | undefined, key: string, name: string): string =>
  String(acceptedContent(responses, key)?.[name] ?? '');
const sampledText = (responses: Record<string, unknown> | undefined, key: string): string => {
  const view = inputResponse(responses, key);
  if (view.kind !== 'sampling') return '';
  const content = view.result.content;
  const first = Array.isArray(content) ? content[0] : content;
  return first && first.type === 'text' ? first.text : '';
};
const rootCount = (responses: Record<string, unknown> | undefined, key: string): number => {
  const view = inputResponse(responses, key);
  return view.kind === 'roots' ? view.roots.length : 0;
};
const elicitationOutcome = (responses: Record<string, unknown> | undefined, key: string) => {
  const view = inputResponse(responses, key);
  return view.kind === 'elicit'
    ? `Elicitation completed: action=${view.action}, content=${JSON.stringify(view.content ?? {})}`
    : 'Elicitation completed: action=cancel, content={}';
};

/**
 * Tools that ask the client for input (multi-round-trip `input_required` results, 2026-07-28): on
 * a 2025-era session the SDK's legacy shim turns the same returns into real server-to-client
 * requests (elicitation/create, sampling/createMessage), so each fixture serves both eras.
 */
const registerInputFixtures = (server: McpServer) => {
  const state = fixtureRequestState;
  server.registerTool(
    'test_input_required_result_elicitation',
    { description: 'Asks for a name', inputSchema: noArguments },
    async (_args, ctx) => {
      const name = acceptedContent(ctx.mcpReq.inputResponses, 'user_name')?.name;
      if (typeof name === 'string') return text(`Hello, ${name}!`);
      return inputRequired({ inputRequests: { user_name: elicit('What is your name?', oneString('name')) } });
    },
  );
  server.registerTool(
    'test_input_required_result_sampling',
    { description: 'Asks the client model', inputSchema: noArguments },
    async (_args, ctx) => {
      if (inputResponse(ctx.mcpReq.inputResponses, 'capital_question').kind === 'sampling')
        return text(`Sampling result: ${sampledText(ctx.mcpReq.inputResponses, 'capital_question')}`);
      return inputRequired({ inputRequests: { capital_question: ask('What is the capital of France?', 100) } });
    },
  );
  server.registerTool(
    'test_input_required_result_list_roots',
    { description: 'Asks for the client roots', inputSchema: noArguments },
    async (_args, ctx) => {
      if (inputResponse(ctx.mcpReq.inputResponses, 'client_roots').kind === 'roots')
        return text(`Found ${rootCount(ctx.mcpReq.inputResponses, 'client_roots')} root(s)`);
      return inputRequired({ inputRequests: { client_roots: inputRequired.listRoots() } });
    },
  );
  server.registerTool(
    'test_input_required_result_request_state',
    { description: 'Round-trips requestState', inputSchema: noArguments },
    async (_args, ctx) => {
      const echoed = ctx.mcpReq.requestState<Record<string, unknown>>();
      if (echoed?.kind === 'request-state' && acceptedContent(ctx.mcpReq.inputResponses, 'confirm'))
        return text('state-ok: requestState validated');
      return inputRequired({
        inputRequests: {
          confirm: elicit('Please confirm', {
            type: 'object',
            properties: { ok: { type: 'boolean' } },
            required: ['ok'],
          }),
        },
        requestState: await state.mint({ kind: 'request-state' }),
      });
    },
  );
  server.registerTool(
    'test_input_required_result_multiple_inputs',
    { description: 'Asks for three inputs at once', inputSchema: noArguments },
    async (_args, ctx) => {
      const responses = ctx.mcpReq.inputResponses;
      const echoed = ctx.mcpReq.requestState<Record<string, unknown>>();
      if (
        echoed?.kind === 'multiple-inputs' &&
        acceptedContent(responses, 'user_name') &&
        inputResponse(responses, 'greeting').kind === 'sampling' &&
        inputResponse(responses, 'client_roots').kind === 'roots'
      )
        return text(
          `Name: ${field(responses, 'user_name', 'name')}; Greeting: ${sampledText(responses, 'greeting')}; Roots: ${rootCount(responses, 'client_roots')}`,
        );
      return inputRequired({
        inputRequests: {
          user_name: elicit('What is your name?', oneString('name')),
          greeting: ask('Generate a greeting', 50),
          client_roots: inputRequired.listRoots(),
        },
        requestState: await state.mint({ kind: 'multiple-inputs' }),
      });
    },
  );
  const stepOne = async () =>
    inputRequired({
      inputRequests: { step1: elicit('Step 1: What is your name?', oneString('name')) },
      requestState: await state.mint({ round: 1 }),
    });
  server.registerTool(
    'test_input_required_result_multi_round',
    { description: 'Asks twice', inputSchema: noArguments },
    async (_args, ctx) => {
      const responses = ctx.mcpReq.inputResponses;
      const echoed = ctx.mcpReq.requestState<Record<string, unknown>>();
      if (echoed?.round === 1 && acceptedContent(responses, 'step1'))
        return inputRequired({
          inputRequests: { step2: elicit('Step 2: What is your favorite color?', oneString('color')) },
          requestState: await state.mint({ round: 2, name: field(responses, 'step1', 'name') }),
        });
      if (echoed?.round === 2 && acceptedContent(responses, 'step2'))
        return text(`Multi-round complete for ${String(echoed.name)} who likes ${field(responses, 'step2', 'color')}`);
      return stepOne();
    },
  );
  server.registerTool(
    'test_input_required_result_tampered_state',
    { description: 'Refuses a tampered requestState', inputSchema: noArguments },
    async (_args, ctx) => {
      // a tampered state never reaches here: the server's requestState.verify refuses it (-32602)
      if (ctx.mcpReq.requestState<Record<string, unknown>>()?.kind === 'tamper-test')
        return text('integrity-ok: state verified');
      return inputRequired({
        inputRequests: {
          confirm: elicit('Please confirm', {
            type: 'object',
            properties: { ok: { type: 'boolean' } },
            required: ['ok'],
          }),
        },
        requestState: await state.mint({ kind: 'tamper-test' }),
      });
    },
  );
  server.registerTool(
    'test_input_required_result_capabilities',
    { description: 'Asks only for what the client can answer', inputSchema: noArguments },
    async (_args, ctx) => {
      const responses = ctx.mcpReq.inputResponses;
      if (responses && Object.keys(responses).length > 0)
        return text(`capabilities-ok: received ${Object.keys(responses).join(',')}`);
      const capabilities = envelopeCapabilities(ctx);
      const requests: InputRequests = {};
      if (capabilities?.elicitation) requests.elicit_input = elicit('Elicitation input', oneString('value'));
      if (capabilities?.sampling) requests.sample_input = ask('Sample request', 50);
      if (Object.keys(requests).length === 0) return text('No supported capabilities declared');
      return inputRequired({ inputRequests: requests, requestState: await state.mint({ kind: 'capabilities-test' }) });
    },
  );
  server.registerPrompt(
    'test_input_required_result_prompt',
    { description: 'A prompt that asks for context first' },
    (ctx) => {
      const context = acceptedContent(ctx.mcpReq.inputResponses, 'user_context')?.context;
      if (typeof context === 'string')
        return { messages: [{ role: 'user', content: { type: 'text', text: `Prompt with context: ${context}` } }] };
      return inputRequired({
        inputRequests: { user_context: elicit('What context should the prompt use?', oneString('context')) },
      });
    },
  );
  // server-stateless: a tool that needs the client's sampling capability. It asks the client's
  // model; the SDK refuses an input request the client's declared capabilities cannot answer (-32021)
  server.registerTool(
    'test_missing_capability',
    { description: 'Needs the sampling capability', inputSchema: noArguments },
    async (_args, ctx) => {
      if (inputResponse(ctx.mcpReq.inputResponses, 'answer').kind === 'sampling') return text('Success');
      return inputRequired({ inputRequests: { answer: ask('Say yes', 10) } });
    },
  );
  // server-stateless: the response stream carries only the incomplete result, never a request
  server.registerTool(
    'test_streaming_elicitation',
    { description: 'Asks for input on the response stream', inputSchema: noArguments },
    async (_args, ctx) => {
      const token = ctx.mcpReq._meta?.progressToken;
      if (token !== undefined)
        await ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken: token, progress: 50, total: 100 },
        });
      if (acceptedContent(ctx.mcpReq.inputResponses, 'value')) return text('Streaming complete');
      return inputRequired({ inputRequests: { value: elicit('A value', oneString('value')) } });
    },
  );
  // server-stateless: logs only when the request asked for a log level
  server.registerTool(
    'test_logging_tool',
    { description: 'Logs at info', inputSchema: noArguments },
    async (_args, ctx) => {
      await ctx.mcpReq.log('info', 'Diagnostic trace logging activated');
      return text('Logging evaluated');
    },
  );
  server.registerTool(
    'test_custom_headers',
    {
      description: 'Its region argument travels in the Mcp-Param-Region header too',
      inputSchema: customHeaderArguments,
    },
    async ({ region }) => text(`region ${region}`),
  );
  // 2025-11-25 scenarios: the same input_required returns, fulfilled on the session by the SDK's shim
  server.registerTool(
    'test_tool_with_logging',
    { description: 'Logs three times while it runs', inputSchema: noArguments },
    async (_args, ctx) => {
      for (const message of ['Tool execution started', 'Tool processing data', 'Tool execution completed'])
        await ctx.mcpReq.log('info', message);
      return text('Tool with logging executed successfully');
    },
  );
  server.registerTool(
    'test_sampling',
    { description: 'Asks the client model', inputSchema: samplingArguments },
    async ({ prompt }, ctx) => {
      if (inputResponse(ctx.mcpReq.inputResponses, 'answer').kind === 'sampling')
        return text(`LLM response: ${sampledText(ctx.mcpReq.inputResponses, 'answer')}`);
      return inputRequired({ inputRequests: { answer: ask(prompt, 100) } });
    },
  );
  server.registerTool(
    'test_elicitation',
    { description: 'Asks the person', inputSchema: elicitationArguments },
    async ({ message }, ctx) => {
      if (inputResponse(ctx.mcpReq.inputResponses, 'user').kind === 'elicit')
        return text(elicitationOutcome(ctx.mcpReq.inputResponses, 'user'));
      return inputRequired({
        inputRequests: {
          user: elicit(message, {
            type: 'object',
            properties: {
              username: { type: 'string', description: "User's response" },
              email: { type: 'string', description: "User's email address" },
            },
            required: ['username', 'email'],
          }),
        },
      });
    },
  );
  server.registerTool(
    'test_elicitation_sep1034_defaults',
    { description: 'Asks with defaults', inputSchema: noArguments },
    async (_args, ctx) => {
      if (inputResponse(ctx.mcpReq.inputResponses, 'defaults').kind === 'elicit')
        return text(elicitationOutcome(ctx.mcpReq.inputResponses, 'defaults'));
      return inputRequired({
        inputRequests: {
          defaults: elicit('Please review and update the form fields with defaults', {
            type: 'object',
            properties: {
              name: { type: 'string', description: 'User name', default: 'John Doe' },
              age: { type: 'integer', description: 'User age', default: 30 },
              score: { type: 'number', description: 'User score', default: 95.5 },
              status: {
                type: 'string',
                description: 'User status',
                enum: ['active', 'inactive', 'pending'],
                default: 'active',
              },
              verified: { type: 'boolean', description: 'Verification status', default: true },
            },
          }),
        },
      });
    },
  );
  server.registerTool(
    'test_elicitation_sep1330_enums',
    { description: 'Asks with every enum form', inputSchema: noArguments },
    async (_args, ctx) => {
      if (inputResponse(ctx.mcpReq.inputResponses, 'enums').kind === 'elicit')
        return text(elicitationOutcome(ctx.mcpReq.inputResponses, 'enums'));
      return inputRequired({
        inputRequests: {
          enums: elicit('Please select options from the enum fields', {
            type: 'object',
            properties: {
              untitledSingle: {
                type: 'string',
                description: 'Select one option',
                enum: ['option1', 'option2', 'option3'],
              },
              titledSingle: {
                type: 'string',
                description: 'Select one option with titles',
                oneOf: [
                  { const: 'value1', title: 'First Option' },
                  { const: 'value2', title: 'Second Option' },
                  { const: 'value3', title: 'Third Option' },
                ],
              },
              legacyEnum: {
                type: 'string',
                description: 'Select one option (legacy)',
                enum: ['opt1', 'opt2', 'opt3'],
                enumNames: ['Option One', 'Option Two', 'Option Three'],
              },
              untitledMulti: {
                type: 'array',
                description: 'Select multiple options',
                minItems: 1,
                maxItems: 3,
                items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
              },
              titledMulti: {
                type: 'array',
                description: 'Select multiple options with titles',
                minItems: 1,
                maxItems: 3,
                items: {
                  anyOf: [
                    { const: 'value1', title: 'First Choice' },
                    { const: 'value2', title: 'Second Choice' },
                    { const: 'value3', title: 'Third Choice' },
                  ],
                },
              },
            },
            required: [],
          }),
        },
      });
    },
  );
};

const greetArguments = fromJsonSchema<{ name: string }>({
  type: 'object',
  properties: { name: { type: 'string' } },
  required: ['name'],
});
const slowComputeArguments = fromJsonSchema<{ seconds: number; label?: string }>({
  type: 'object',
  properties: { seconds: { type: 'number', minimum: 0 }, label: { type: 'string' } },
  required: ['seconds'],
});
const confirmDeleteArguments = fromJsonSchema<{ filename: string }>({
  type: 'object',
  properties: { filename: { type: 'string' } },
  required: ['filename'],
});
const confirmation: Schema = { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] };

/** a started task as the tool call's answer (CreateTaskResult), with a line of text for a reader */
const taskAnswer = (task: TaskSnapshot) =>
  ({ content: [{ type: 'text', text: `task ${task.taskId} started` }], ...createTaskResult(task) }) as never;

/**
 * The tasks extension's fixtures (tasks-* scenarios, SEP-2663). Their work runs as real tasks of
 * this process (`LocalTasks`, tasks.ts): the same tasks/get, tasks/update and tasks/cancel handlers
 * as the draft tasks, a real abort on cancel, and input requests answered through tasks/update.
 * A task-supporting tool runs synchronously for a client that did not declare the extension; a
 * task-required one refuses such a client with -32021.
 */
const registerTaskFixtures = (server: McpServer, tasks: LocalTasks) => {
  const computeFor = (seconds: number, label: string | undefined, signal: AbortSignal) =>
    sleep(seconds * 1000, undefined, { signal }).then(() => text(`${label ?? 'slow_compute'}: done after ${seconds}s`));
  /** runs the work as a task when the client accepts tasks, else in this call */
  const maybeTask = async (ctx: ServerContext, work: (io: TaskIo) => Promise<CallToolResultLike>) => {
    if (acceptsTasks(ctx)) return taskAnswer(tasks.start(ctx, work as never));
    return (await work({
      signal: ctx.mcpReq.signal,
      ask: () => Promise.reject(new ProtocolError(ProtocolErrorCode.InvalidRequest, 'no task to ask from')),
      say: () => {},
    })) as never;
  };
  server.registerTool(
    'greet',
    { description: 'Greets by name (sync only)', inputSchema: greetArguments },
    async ({ name }) => text(`Hello, ${name}!`),
  );
  server.registerTool(
    'slow_compute',
    { description: 'Sleeps `seconds`, then answers (task-supporting)', inputSchema: slowComputeArguments },
    async ({ seconds, label }, ctx) => maybeTask(ctx, (io) => computeFor(seconds, label, io.signal)),
  );
  server.registerTool(
    'failing_job',
    { description: 'Fails with a tool error after about a second (task required)', inputSchema: noArguments },
    async (_args, ctx) =>
      taskAnswer(
        tasks.start(ctx, async (io) => {
          await sleep(1000, undefined, { signal: io.signal });
          return { isError: true, content: [{ type: 'text', text: 'failing_job: the job failed' }] };
        }),
      ),
  );
  server.registerTool(
    'protocol_error_job',
    { description: 'Ends in a protocol error (task-supporting)', inputSchema: noArguments },
    async (_args, ctx) =>
      maybeTask(ctx, async () => {
        throw new ProtocolError(ProtocolErrorCode.InternalError, 'protocol_error_job: the server failed');
      }),
  );
  server.registerTool(
    'confirm_delete',
    { description: 'Asks the person to confirm, then deletes (task-supporting)', inputSchema: confirmDeleteArguments },
    async ({ filename }, ctx) => {
      if (!acceptsTasks(ctx)) {
        const confirm = acceptedContent(ctx.mcpReq.inputResponses, 'confirm')?.confirm;
        if (confirm === undefined)
          return inputRequired({ inputRequests: { confirm: elicit(`Delete ${filename}?`, confirmation) } });
        return text(confirm === true ? `Deleted ${filename}` : `Kept ${filename}`);
      }
      return taskAnswer(
        tasks.start(ctx, async (io) => {
          const answers = await io.ask({ confirm: elicit(`Delete ${filename}?`, confirmation) });
          return text(
            acceptedContent(answers, 'confirm')?.confirm === true ? `Deleted ${filename}` : `Kept ${filename}`,
          );
        }),
      );
    },
  );
  server.registerTool(
    'multi_input',
    { description: 'Asks two questions at once (task required)', inputSchema: noArguments },
    async (_args, ctx) =>
      taskAnswer(
        tasks.start(ctx, async (io) => {
          const answers = await io.ask({
            name: elicit('Your name?', oneString('name')),
            confirm: elicit('Go ahead?', confirmation),
          });
          return text(
            `name=${field(answers, 'name', 'name')}, confirm=${acceptedContent(answers, 'confirm')?.confirm}`,
          );
        }),
      ),
  );
  // tasks-mrtr-composition: the name is gathered by input-required rounds, then the work is a task
  server.registerTool(
    'test_tool_with_task',
    { description: 'Asks a name, then greets in a task (task required)', inputSchema: noArguments },
    async (_args, ctx) => {
      const name = acceptedContent(ctx.mcpReq.inputResponses, 'user_name')?.name;
      if (typeof name !== 'string')
        return inputRequired({ inputRequests: { user_name: elicit('What is your name?', oneString('name')) } });
      return taskAnswer(tasks.start(ctx, async () => text(`Hello, ${name}!`)));
    },
  );
  requireTasksFor(server, new Set(['failing_job', 'multi_input', 'test_tool_with_task']));
};

type CallToolResultLike = ReturnType<typeof text> | { isError: boolean; content: { type: 'text'; text: string }[] };

export const registerConformanceFixtures = (server: McpServer, tasks: LocalTasks) => {
  registerInputFixtures(server);
  registerTaskFixtures(server, tasks);
  server.registerTool(
    'test_simple_text',
    { description: 'Returns simple text', inputSchema: noArguments },
    async () => ({
      content: [{ type: 'text', text: 'This is a simple text response for testing.' }],
    }),
  );
  server.registerTool(
    'test_image_content',
    { description: 'Returns an image', inputSchema: noArguments },
    async () => ({
      content: [{ type: 'image', data: PNG, mimeType: 'image/png' }],
    }),
  );
  server.registerTool('test_audio_content', { description: 'Returns audio', inputSchema: noArguments }, async () => ({
    content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }],
  }));
  server.registerTool(
    'test_embedded_resource',
    { description: 'Returns an embedded resource', inputSchema: noArguments },
    async () => ({
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'test://embedded-resource',
            mimeType: 'text/plain',
            text: 'This is an embedded resource content.',
          },
        },
      ],
    }),
  );
  server.registerTool(
    'test_multiple_content_types',
    { description: 'Returns text, image and a resource', inputSchema: noArguments },
    async () => ({
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: {
            uri: 'test://mixed-content-resource',
            mimeType: 'application/json',
            text: JSON.stringify({ test: 'data', value: 123 }),
          },
        },
      ],
    }),
  );
  server.registerTool(
    'test_tool_with_progress',
    { description: 'Reports progress', inputSchema: noArguments },
    async (_args, ctx) => {
      const token = ctx.mcpReq._meta?.progressToken;
      if (token !== undefined)
        for (const progress of [0, 50, 100])
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken: token, progress, total: 100, message: `Completed step ${progress} of 100` },
          });
      return { content: [{ type: 'text', text: String(token ?? 0) }] };
    },
  );
  // json-schema-2020-12: the suite's schema, advertised as is ($schema, $defs/$anchor, $ref, allOf/anyOf, if/then/else)
  server.registerTool(
    'json_schema_2020_12_tool',
    {
      description: 'Tool with a JSON Schema 2020-12 input schema',
      inputSchema: jsonSchema2020_12,
    },
    async () => ({ content: [{ type: 'text', text: 'ok' }] }),
  );
  server.registerTool('test_error_handling', { description: 'Always fails', inputSchema: noArguments }, async () => ({
    isError: true,
    content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
  }));

  server.registerResource('static-text', 'test://static-text', { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
  }));
  server.registerResource('static-binary', 'test://static-binary', { mimeType: 'image/png' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'image/png', blob: PNG }],
  }));
  server.registerResource(
    'template',
    new ResourceTemplate('test://template/{id}/data', { list: undefined }),
    { mimeType: 'application/json' },
    async (uri, variables) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify({ id: variables.id, templateTest: true, data: `Data for ID: ${String(variables.id)}` }),
        },
      ],
    }),
  );

  server.registerPrompt('test_simple_prompt', { description: 'A simple prompt' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
  }));
  server.registerPrompt(
    'test_prompt_with_arguments',
    {
      description: 'A prompt with arguments',
      argsSchema: promptArguments,
    },
    ({ arg1, arg2 }) => ({
      messages: [
        { role: 'user', content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } },
      ],
    }),
  );
  server.registerPrompt(
    'test_prompt_with_embedded_resource',
    {
      description: 'A prompt with an embedded resource',
      argsSchema: embeddedResourceArguments,
    },
    ({ resourceUri }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: { uri: resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' },
          },
        },
        { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
      ],
    }),
  );
  server.registerPrompt('test_prompt_with_image', { description: 'A prompt with an image' }, () => ({
    messages: [
      { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
      { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
    ],
  }));
};

/** what the gateway adds to every server it builds when MCP_CONFORMANCE_FIXTURES=true */
export const conformanceFixtures: ServerFixtures = {
  register: registerConformanceFixtures,
  verifyRequestState: fixtureRequestState.verify,
};
