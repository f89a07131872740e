import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { ANONYMOUS, type Operation, operations, type Principal } from '@listings/contracts';
import { EncodedJson, traceparentOrNew } from '@listings/platform/bus';
import { endOfTurn, mayHoldForbiddenKey } from '@listings/platform/edge';
import { toWebRequest } from '@modelcontextprotocol/node';
import {
  type AuthInfo,
  type CallToolResult,
  classifyInboundRequest,
  isJsonContentType,
  SERVER_INFO_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
  validateHostHeader,
  validateOriginHeader,
} from '@modelcontextprotocol/server';
import { SERVER_INFO, toToolResult } from '../build-server.ts';
import { type CallOperationDeps, callOperation } from '../tools/call-operation.ts';
import { renderResult } from '../tools/render.ts';
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
  /** modern: 2026-07-28 (a JSON answer); legacy: a 2025-era stateless call (an SSE answer) */
  readonly era: 'modern' | 'legacy';
  readonly op: Operation;
  readonly id: string | number;
  readonly args: Record<string, unknown>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? undefined : value);

const BODY_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const PARAM_KEYS = new Set(['name', 'arguments', '_meta']);

const MAX_REMEMBERED = 1_000;

const remember = <K>(set: Set<K>, key: K) => {
  if (set.size >= MAX_REMEMBERED) set.clear();
  set.add(key);
};

/**
 * The endpoint's Host and Origin checks (DNS-rebinding protection), with the pairs it accepted
 * remembered: a client sends the same ones every time.
 */
const hostAndOriginCheck = (allowed: readonly string[]) => {
  const accepted = new Set<string>();
  // the pair accepted last: most calls come from it, and comparing it needs no key
  let lastHost: string | undefined;
  let lastOrigin: string | undefined;
  let last = false;
  return (host: string | undefined, origin: string | undefined): boolean => {
    if (last && host === lastHost && origin === lastOrigin) return true;
    const key = `${host}\n${origin}`;
    const ok =
      accepted.has(key) || (validateHostHeader(host, [...allowed]).ok && validateOriginHeader(origin, [...allowed]).ok);
    if (ok) {
      remember(accepted, key);
      lastHost = host;
      lastOrigin = origin;
      last = true;
    }
    return ok;
  };
};

/**
 * Whether the request's headers can belong to a lean call (decided before the body is read): a
 * JSON POST of a body of known small size, a Host and Origin the endpoint accepts, and either a
 * 2026-07-28 `tools/call` of a lean tool by its routing headers with a JSON-accepting client, or
 * a 2025-era stateless POST (no routing or session headers, a supported or no
 * MCP-Protocol-Version) from a client accepting JSON and SSE, as that era's transport requires.
 */
export const leanHeaders = (
  req: Pick<IncomingMessage, 'method' | 'headers'>,
  hostAndOriginAccepted: (host: string | undefined, origin: string | undefined) => boolean,
): boolean => {
  const h = req.headers;
  const length = Number(single(h['content-length']));
  const version = single(h['mcp-protocol-version']);
  const accept = single(h.accept) ?? '';
  const era =
    version === LEAN_PROTOCOL_VERSION
      ? single(h['mcp-method']) === 'tools/call' &&
        leanOperations.has(single(h['mcp-name']) ?? '') &&
        accept.includes('application/json')
      : (version === undefined || SUPPORTED_PROTOCOL_VERSIONS.includes(version)) &&
        h['mcp-method'] === undefined &&
        h['mcp-name'] === undefined &&
        h['mcp-session-id'] === undefined &&
        accept.includes('application/json') &&
        accept.includes('text/event-stream');
  return (
    era &&
    req.method === 'POST' &&
    isJsonContentType(single(h['content-type']) ?? null) &&
    h['content-encoding'] === undefined &&
    h['transfer-encoding'] === undefined &&
    length > 0 &&
    length <= LEAN_MAX_BODY_BYTES &&
    hostAndOriginAccepted(single(h.host), h.origin === undefined ? undefined : single(h.origin))
  );
};

/**
 * The `_meta` envelopes and routing headers the SDK's classifier routed as the lean path expects
 * (2026-07-28, or a 2025-era request without an envelope): once the body's shape is checked as
 * below, its verdict depends on these alone, and a client sends the same ones with every call (the
 * classifier's zod parses were ~10% of a lean call).
 */
const classified = {
  /** 2026-07-28 (its MCP-Protocol-Version header is that): by the `_meta` envelope's JSON */
  modern: new Set<string>(),
  /** the 2025 eras (no `_meta` at all): by the MCP-Protocol-Version header, if any */
  legacy: new Set<string | undefined>(),
};

/**
 * The lean call a parsed body is, or undefined when the SDK must answer it. Every check the SDK
 * makes before running a tool is made here too, and any request that would fail one goes to the
 * SDK (which answers the error): a single JSON-RPC request (not a batch, no other members than
 * `jsonrpc`, `id`, `method`, `params`; a string or integer id), `tools/call` of a lean tool with
 * plain-object arguments (or none) and no other params than `name`, `arguments` and (2026-07-28
 * only) `_meta` (so no `task`), and the era the SDK's own classifier gives it: 2026-07-28 with a
 * valid `_meta` envelope and MCP-Protocol-Version, Mcp-Method and Mcp-Name headers equal to what
 * the body says, or a 2025-era request without an envelope.
 */
export const leanCallOf = (headers: IncomingMessage['headers'], body: unknown): LeanCall | undefined => {
  if (!isPlainObject(body) || body.jsonrpc !== '2.0' || body.method !== 'tools/call') return undefined;
  // (for-in: no array of keys per call; a parsed body's prototype is Object.prototype, nothing enumerable)
  for (const key in body) if (!BODY_KEYS.has(key)) return undefined;
  const { id, params } = body;
  if ((typeof id !== 'string' && !Number.isInteger(id)) || !isPlainObject(params)) return undefined;
  const protocolVersionHeader = single(headers['mcp-protocol-version']);
  const era = protocolVersionHeader === LEAN_PROTOCOL_VERSION ? 'modern' : 'legacy';
  for (const key in params) if (!PARAM_KEYS.has(key) || (era === 'legacy' && key === '_meta')) return undefined;
  const { name, arguments: args, _meta: meta } = params;
  if (typeof name !== 'string' || (args !== undefined && !isPlainObject(args))) return undefined;
  const op = leanOperations.get(name);
  if (!op) return undefined;
  const mcpMethodHeader = single(headers['mcp-method']);
  const mcpNameHeader = single(headers['mcp-name']);
  if (era === 'modern' && (mcpMethodHeader !== 'tools/call' || mcpNameHeader !== name)) return undefined;
  const verdict = era === 'modern' ? (JSON.stringify(meta) ?? '') : protocolVersionHeader;
  const known = era === 'modern' ? classified.modern.has(verdict as string) : classified.legacy.has(verdict);
  if (!known) {
    const route = classifyInboundRequest({
      httpMethod: 'POST',
      ...(protocolVersionHeader === undefined ? {} : { protocolVersionHeader }),
      ...(mcpMethodHeader === undefined ? {} : { mcpMethodHeader }),
      ...(mcpNameHeader === undefined ? {} : { mcpNameHeader }),
      body,
    });
    const expected =
      era === 'modern'
        ? route.kind === 'modern' &&
          route.messageKind === 'request' &&
          route.classification.revision === LEAN_PROTOCOL_VERSION
        : route.kind === 'legacy' && route.reason === 'no-claim';
    if (!expected) return undefined;
    if (era === 'modern') remember(classified.modern, verdict as string);
    else remember(classified.legacy, verdict);
  }
  return { era, op, id: id as string | number, args: args ?? {} };
};

/** the server's identity as the SDK stamps it on every result, in JSON */
const SERVER_INFO_META_JSON = JSON.stringify({ [SERVER_INFO_META_KEY]: SERVER_INFO });

/**
 * A result as the SDK puts it on the wire, up to the JSON-RPC id (`…,"id":`, which the answer then
 * ends with, `<id>}`): its members in the protocol's order (content, structuredContent, isError),
 * then in 2026-07-28 the SDK's stamps (`resultType: complete`, the server's identity in `_meta`), in a
 * JSON-RPC response. `structuredJson` is the structured content's JSON when it is at hand already.
 */
const renderResponseHead = (era: LeanCall['era'], result: CallToolResult, structuredJson?: string): string => {
  const structured =
    structuredJson ?? (result.structuredContent === undefined ? undefined : JSON.stringify(result.structuredContent));
  // the 2025 eras' codec adds no stamps
  const stamps = era === 'modern' ? `,"resultType":"complete","_meta":${SERVER_INFO_META_JSON}` : '';
  return `{"result":{"content":${JSON.stringify(result.content)}${
    structured === undefined ? '' : `,"structuredContent":${structured}`
  }${result.isError === undefined ? '' : `,"isError":${JSON.stringify(result.isError)}`}${stamps}},"jsonrpc":"2.0","id":`;
};

/** how each era frames the response: 2026-07-28 answers JSON; the 2025 eras' stateless transport one SSE `message` event */
const FRAME_START = { modern: '', legacy: 'event: message\ndata: ' } as const;
const FRAME_END = { modern: '}', legacy: '}\n\n' } as const;

/** the framed response up to its id, and its length in bytes (counted once) */
export interface LeanHead {
  readonly text: string;
  readonly bytes: number;
}

/** a lean call's answer on the wire: the framed response up to its id, and what follows it */
export interface LeanAnswer {
  readonly head: LeanHead;
  readonly tail: string;
}

const answerOf = (call: LeanCall, head: LeanHead): LeanAnswer => ({
  head,
  tail: `${JSON.stringify(call.id)}${FRAME_END[call.era]}`,
});

const framedHead = (call: LeanCall, result: CallToolResult, structuredJson?: string): LeanHead => {
  const text = `${FRAME_START[call.era]}${renderResponseHead(call.era, result, structuredJson)}`;
  return { text, bytes: Buffer.byteLength(text) };
};

/**
 * A success's framed answer up to its id, kept per encoded reply, tool and era. The services'
 * answers are immutable and encoded once (`encodedOnce`: the catalog's read models, whose bytes
 * the REST edge writes on without a stringify), to the same bytes every time; the tool result made
 * of them is the same every time too, so it is rendered and measured once, kept by those bytes (an
 * entry holds nothing of its key, so it goes with the bytes). A reply that comes fresh each time
 * (over NATS) has bytes of its own each time: it is rendered for that call.
 */
const renderedSuccesses = { modern: new WeakMap(), legacy: new WeakMap() } as const satisfies Record<
  LeanCall['era'],
  WeakMap<Uint8Array, Map<Operation, LeanHead>>
>;

const successHead = (call: LeanCall, reply: EncodedJson): LeanHead => {
  const key = reply.bytes;
  let rendered = renderedSuccesses[call.era].get(key);
  const kept = rendered?.get(call.op);
  if (kept) return kept;
  const json = reply.text;
  const text = renderResult(call.op.operationId, reply.value, json);
  const head = framedHead(call, { content: [{ type: 'text', text }] }, json);
  if (!rendered) {
    rendered = new Map();
    renderedSuccesses[call.era].set(key, rendered);
  }
  rendered.set(call.op, head);
  return head;
};

/**
 * Runs a lean call and renders the JSON-RPC response, as the SDK would: the same `callOperation`
 * as the SDK's tool handler and the same rendering (`toToolResult`, or for a success the same
 * `renderResult` over the service's reply as it came encoded, so that its JSON is not written
 * again). The output is not checked against the tool's output schema again (see docs/mcp.md,
 * "Cost per request"). Undefined when the SDK must answer (a credential without the tool's scope:
 * the SDK's scope challenge).
 */
export const answerLeanCall = async (
  deps: CallOperationDeps,
  call: LeanCall,
  authInfo: AuthInfo | undefined,
  traceparent: string,
): Promise<LeanAnswer | undefined> => {
  const { op } = call;
  if (op.scope && !authInfo?.scopes.includes(op.scope)) return undefined;
  const principal = (authInfo?.extra?.principal as Principal | undefined) ?? ANONYMOUS;
  const outcome = await callOperation(deps, op, call.args, principal, { keepEncoded: true, traceparent });
  if (!('problem' in outcome) && outcome.body instanceof EncodedJson)
    return answerOf(call, successHead(call, outcome.body));
  return answerOf(call, framedHead(call, toToolResult(op, outcome)));
};

const JSON_HEADERS = { 'content-type': 'application/json' };
/** the headers the SDK's stream answers carry */
const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
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

const EMPTY = Buffer.alloc(0);

const streamBody = (req: IncomingMessage, resolve: (body: Buffer) => void, reject: (error: Error) => void) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.once('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
  req.once('error', reject);
};

/**
 * The body, read once the HTTP parser is done with the packet the headers came in: a lean call's
 * body is small and usually came with its headers, so by the end of the loop's I/O phase (an
 * immediate) it is all buffered and one `read()` takes it, without switching the request to
 * flowing mode; a body still on its way is streamed. (Not the next tick: the parser's callbacks
 * for headers, body and message end are separate calls from native code, and ticks run after each,
 * before the body is pushed.)
 */
const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    setImmediate(() => {
      if (!req.complete) return streamBody(req, resolve, reject);
      const body = req.read() as Buffer | null;
      resolve(body ?? EMPTY);
    }),
  );

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export interface LeanToolsCall {
  /** whether a request's headers can belong to a lean call (nothing is read) */
  takes(req: IncomingMessage): boolean;
  /**
   * Serves a request `takes` accepted: the lean answer when its body is a lean call, else `sdk`
   * answers it (given the request again with its body replayed).
   */
  serve(
    req: IncomingMessage,
    res: ServerResponse,
    context: McpRequestContext,
    sdk: (req: IncomingMessage) => Promise<void>,
  ): Promise<void>;
}

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
 * the SDK, unchanged.
 */
export const createLeanToolsCall = (deps: LeanToolsCallDeps): LeanToolsCall => {
  const hostAndOriginAccepted = hostAndOriginCheck(deps.allowedHostnames);
  return {
    takes: (req) => leanHeaders(req, hostAndOriginAccepted),
    serve: async (req, res, context, sdk) => {
      const raw = await readBody(req);
      const text = raw.toString('utf8');
      // a `__proto__` or `constructor` key is refused by name on the SDK's path (forbidden-keys.ts)
      const body = mayHoldForbiddenKey(text) ? undefined : parseJson(text);
      const call = body === undefined ? undefined : leanCallOf(req.headers, body);
      if (!call) return sdk(replayOf(req, raw));
      const authorization = single(req.headers.authorization) ?? null;
      const admitting = deps.endpoint.admit(authorization, body, context);
      const admission = admitting instanceof Promise ? await admitting : admitting;
      if (!admission.ok) return writeResponse(res, admission.response);
      // the trace the request names (its server span's, when tracing is on: the front door put
      // it there), as the REST edge passes it on, else a new one
      const traceparent = traceparentOrNew(single(req.headers.traceparent));
      const answer = await answerLeanCall(deps.call, call, admission.authInfo, traceparent);
      if (answer === undefined)
        return writeResponse(res, await deps.endpoint.serveAdmitted(await toWebRequest(req, body), body, admission));
      const { head, tail } = answer;
      // as the REST edge does (writeAtEndOfTurn): the answers of one event-loop turn leave together
      await endOfTurn();
      // the body as one string: Node sends it with the status line and headers in one write (as
      // the REST edge's answers go), where a Buffer would go beside them in a writev
      res.writeHead(200, {
        ...(call.era === 'modern' ? JSON_HEADERS : SSE_HEADERS),
        'content-length': head.bytes + Buffer.byteLength(tail),
        ...admission.limitHeaders,
      });
      res.end(head.text + tail);
    },
  };
};
