import type { IncomingMessage } from 'node:http';
import { type Operation, operations } from '@listings/contracts';
import {
  classifyInboundRequest,
  isJsonContentType,
  SUPPORTED_PROTOCOL_VERSIONS,
  validateHostHeader,
  validateOriginHeader,
} from '@modelcontextprotocol/server';
import { toolInputSchema } from '../tools/tool-schemas.ts';

/*
 * Which requests the lean path answers (lean-tools-call.ts): by their headers before the body is
 * read (leanHeaders), then by the parsed body (leanCallOf), with every check the SDK would make.
 */

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

export const single = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? undefined : value;

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
export const hostAndOriginCheck = (allowed: readonly string[]) => {
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
 * Whether the SDK's classifier routes the request as the lean path expects (2026-07-28 as a
 * request of that revision; a 2025-era request as one that claims no revision), asked once per
 * `verdict` (the `_meta` envelope's JSON, or the MCP-Protocol-Version header) and then remembered.
 */
const classifiedAsLean = (
  era: LeanCall['era'],
  verdict: string | undefined,
  routed: {
    protocolVersionHeader: string | undefined;
    mcpMethodHeader: string | undefined;
    mcpNameHeader: string | undefined;
    body: unknown;
  },
): boolean => {
  if (era === 'modern' ? classified.modern.has(verdict as string) : classified.legacy.has(verdict)) return true;
  const { protocolVersionHeader, mcpMethodHeader, mcpNameHeader, body } = routed;
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
  if (!expected) return false;
  if (era === 'modern') remember(classified.modern, verdict as string);
  else remember(classified.legacy, verdict);
  return true;
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
  const routed = { protocolVersionHeader, mcpMethodHeader, mcpNameHeader, body };
  if (!classifiedAsLean(era, era === 'modern' ? (JSON.stringify(meta) ?? '') : protocolVersionHeader, routed))
    return undefined;
  return { era, op, id: id as string | number, args: args ?? {} };
};
