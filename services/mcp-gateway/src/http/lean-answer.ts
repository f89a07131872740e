import { ANONYMOUS, type Operation, type Principal } from '@listings/contracts';
import { EncodedJson } from '@listings/platform/bus';
import { type AuthInfo, type CallToolResult, SERVER_INFO_META_KEY } from '@modelcontextprotocol/server';
import { SERVER_INFO, toToolResult } from '../build-server.ts';
import { type CallOperationDeps, callOperation } from '../tools/call-operation.ts';
import { renderResult } from '../tools/render.ts';
import type { LeanCall } from './lean-call.ts';

/* A lean call run and its JSON-RPC response rendered as the SDK would put it on the wire. */

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
