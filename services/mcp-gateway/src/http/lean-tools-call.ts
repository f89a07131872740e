import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { traceparentOrNew } from '@listings/platform/bus';
import { endOfTurn, mayHoldForbiddenKey } from '@listings/platform/edge';
import { toWebRequest } from '@modelcontextprotocol/node';
import type { CallOperationDeps } from '../tools/call-operation.ts';
import { answerLeanCall, type LeanAnswer } from './lean-answer.ts';
import { hostAndOriginCheck, type LeanCall, leanCallOf, leanHeaders, single } from './lean-call.ts';
import type { McpEndpoint, McpRequestContext } from './mcp-endpoint.ts';

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

/**
 * A lean answer on the wire, as the REST edge writes its answers (writeAtEndOfTurn): those of one
 * event-loop turn leave together, and the body goes as one string, which Node sends with the status
 * line and headers in one write (a Buffer would go beside them in a writev).
 */
const writeAnswer = async (
  res: ServerResponse,
  era: LeanCall['era'],
  answer: LeanAnswer,
  limitHeaders: Readonly<Record<string, string>>,
) => {
  const { head, tail } = answer;
  await endOfTurn();
  res.writeHead(200, {
    ...(era === 'modern' ? JSON_HEADERS : SSE_HEADERS),
    'content-length': head.bytes + Buffer.byteLength(tail),
    ...limitHeaders,
  });
  res.end(head.text + tail);
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
      return writeAnswer(res, call.era, answer, admission.limitHeaders);
    },
  };
};
