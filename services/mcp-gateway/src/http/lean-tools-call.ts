import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { ANONYMOUS, type Operation, operations, type Principal } from '@listings/contracts';
import { toWebRequest } from '@modelcontextprotocol/node';
import {
  type AuthInfo,
  classifyInboundRequest,
  isJsonContentType,
  SERVER_INFO_META_KEY,
  validateHostHeader,
  validateOriginHeader,
} from '@modelcontextprotocol/server';
import { SERVER_INFO, toToolResult } from '../build-server.ts';
import { type CallOperationDeps, callOperation } from '../tools/call-operation.ts';
import { toolInputSchema } from '../tools/tool-schemas.ts';
import type { McpEndpoint, McpRequestContext } from './mcp-endpoint.ts';

/** the protocol revision the lean path answers (the stateless one, with its routing headers) */
export const LEAN_PROTOCOL_VERSION = '2026-07-28';
/** a lean call's body is a small JSON-RPC message; anything larger goes the SDK's way */
export const LEAN_MAX_BODY_BYTES = 64 * 1024;

/**
 * The tools the lean path may answer: contract reads (GET operations). They send no notification
 * while running, need no input from the person, never run as a task and have no `x-mcp-header`
 * parameter, so the SDK answers them with one JSON result and nothing else. Writes (drafts,
 * claims, orders: the tools that may log, ask for input, elicit or run as tasks) always take the
 * SDK's path, and so do the conformance fixtures (not contract operations).
 */
const leanOperations: ReadonlyMap<string, Operation> = new Map(
  operations
    .filter((op) => op.method === 'GET' && !JSON.stringify(toolInputSchema(op)).includes('x-mcp-header'))
    .map((op) => [op.operationId, op]),
);

/** a lean-eligible tools/call: what the answer needs of it */
export interface LeanCall {
  readonly op: Operation;
  readonly id: string | number;
  readonly args: Record<string, unknown>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? undefined : value);

const PARAM_KEYS = new Set(['name', 'arguments', '_meta']);

/**
 * Whether the request's headers can belong to a lean call (decided before the body is read): a
 * JSON POST of a 2026-07-28 `tools/call` of a lean tool, with a JSON-accepting client, a body of
 * known small size, and a Host and Origin the endpoint accepts.
 */
export const leanHeaders = (
  req: Pick<IncomingMessage, 'method' | 'headers'>,
  allowedHostnames: readonly string[],
): boolean => {
  const h = req.headers;
  const length = Number(single(h['content-length']));
  return (
    req.method === 'POST' &&
    single(h['mcp-protocol-version']) === LEAN_PROTOCOL_VERSION &&
    single(h['mcp-method']) === 'tools/call' &&
    leanOperations.has(single(h['mcp-name']) ?? '') &&
    isJsonContentType(single(h['content-type']) ?? null) &&
    (single(h.accept) ?? '').includes('application/json') &&
    h['content-encoding'] === undefined &&
    h['transfer-encoding'] === undefined &&
    length > 0 &&
    length <= LEAN_MAX_BODY_BYTES &&
    validateHostHeader(single(h.host), [...allowedHostnames]).ok &&
    validateOriginHeader(single(h.origin), [...allowedHostnames]).ok
  );
};

/**
 * The lean call a parsed body is, or undefined when the SDK must answer it. Every check the SDK
 * makes before running a tool is made here too, and any request that would fail one goes to the
 * SDK (which answers the error): a single JSON-RPC request (not a batch), `tools/call` of a lean
 * tool with plain-object arguments (or none) and no other params than `name`, `arguments` and
 * `_meta` (so no `task`), a valid 2026-07-28 `_meta` envelope (the SDK's own classifier decides),
 * and MCP-Protocol-Version, Mcp-Method and Mcp-Name headers equal to what the body says.
 */
export const leanCallOf = (headers: IncomingMessage['headers'], body: unknown): LeanCall | undefined => {
  if (!isPlainObject(body) || body.jsonrpc !== '2.0' || body.method !== 'tools/call') return undefined;
  const { id, params } = body;
  if ((typeof id !== 'string' && typeof id !== 'number') || !isPlainObject(params)) return undefined;
  for (const key of Object.keys(params)) if (!PARAM_KEYS.has(key)) return undefined;
  const { name, arguments: args } = params;
  if (typeof name !== 'string' || (args !== undefined && !isPlainObject(args))) return undefined;
  const op = leanOperations.get(name);
  if (!op) return undefined;
  const protocolVersionHeader = single(headers['mcp-protocol-version']);
  const mcpMethodHeader = single(headers['mcp-method']);
  const mcpNameHeader = single(headers['mcp-name']);
  if (protocolVersionHeader !== LEAN_PROTOCOL_VERSION || mcpMethodHeader !== 'tools/call' || mcpNameHeader !== name)
    return undefined;
  const route = classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader,
    mcpMethodHeader,
    mcpNameHeader,
    body,
  });
  if (
    route.kind !== 'modern' ||
    route.messageKind !== 'request' ||
    route.classification.revision !== LEAN_PROTOCOL_VERSION
  )
    return undefined;
  return { op, id, args: args ?? {} };
};

/** the result as the SDK puts it on the wire: its keys in the protocol's order, then the stamps */
const SERVER_INFO_META = { [SERVER_INFO_META_KEY]: SERVER_INFO };

/**
 * Runs a lean call and renders the JSON-RPC response, as the SDK would: the same `callOperation`
 * and `toToolResult` as the SDK's tool handler, the result stamped `resultType: complete` and the
 * server's identity. The output is not checked against the tool's output schema again: the
 * service checked the reply against the contract's response schema, which the output schema is.
 * Undefined when the SDK must answer (a credential without the tool's scope: the SDK's challenge).
 */
export const answerLeanCall = async (
  deps: CallOperationDeps,
  call: LeanCall,
  authInfo: AuthInfo | undefined,
): Promise<string | undefined> => {
  const { op } = call;
  if (op.scope && !authInfo?.scopes.includes(op.scope)) return undefined;
  const principal = (authInfo?.extra?.principal as Principal | undefined) ?? ANONYMOUS;
  const result = toToolResult(op, await callOperation(deps, op, call.args, principal));
  return JSON.stringify({
    result: {
      content: result.content,
      ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
      ...(result.isError !== undefined ? { isError: result.isError } : {}),
      resultType: 'complete',
      _meta: SERVER_INFO_META,
    },
    jsonrpc: '2.0',
    id: call.id,
  });
};

/** a web Response written to a Node response (the refusals and the SDK's answers are JSON, not streams) */
const writeResponse = async (res: ServerResponse, response: Response) => {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) headers[name] = value;
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
};

/** the request again, its body already read: what the SDK's Node adapter reads (it duck-types it) */
const replayOf = (req: IncomingMessage, body: Buffer): IncomingMessage =>
  Object.assign(Readable.from([body]), {
    method: req.method,
    url: req.url,
    headers: req.headers,
  }) as unknown as IncomingMessage;

const readBody = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export type LeanToolsCall = ReturnType<typeof createLeanToolsCall>;

export interface LeanToolsCallDeps {
  readonly endpoint: McpEndpoint;
  readonly call: CallOperationDeps;
  readonly allowedHostnames: readonly string[];
}

/**
 * /mcp's lean path on the Node request: a plain 2026-07-28 `tools/call` of a contract read is
 * answered without the SDK's per-request server, transport and web Request/Response conversions:
 * the headers are checked, the body read and parsed once, the endpoint signs the caller in and
 * counts the call exactly as for the SDK's path (`admit`), `callOperation` checks the arguments
 * against the contract and sends the bus request, and the result is rendered as the SDK renders
 * it (test/lean-tools-call.test.ts compares the two, byte for byte). Every other request goes to
 * `sdk` (with its body replayed when it was read), unchanged.
 */
export const createLeanToolsCall =
  (deps: LeanToolsCallDeps) =>
  async (
    req: IncomingMessage,
    res: ServerResponse,
    context: McpRequestContext,
    sdk: (req: IncomingMessage) => Promise<void>,
  ): Promise<void> => {
    if (!leanHeaders(req, deps.allowedHostnames)) return sdk(req);
    const raw = await readBody(req);
    const body = parseJson(raw.toString('utf8'));
    const call = body === undefined ? undefined : leanCallOf(req.headers, body);
    if (!call) return sdk(replayOf(req, raw));
    const authorization = single(req.headers.authorization) ?? null;
    const admission = await deps.endpoint.admit(authorization, body, context);
    if (!admission.ok) return writeResponse(res, admission.response);
    const answer = await answerLeanCall(deps.call, call, admission.authInfo);
    if (answer === undefined)
      return writeResponse(res, await deps.endpoint.serveAdmitted(await toWebRequest(req, body), body, admission));
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(answer),
      ...admission.limitHeaders,
    });
    res.end(answer);
  };
