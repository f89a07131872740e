import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AuthenticateReply, type Operation, type OperationRequest, operationById } from '@listings/contracts';
import { EncodedJson, traceparentOrNew } from '@listings/platform/bus';
import {
  atEndOfTurn,
  type FrontDoor,
  type FrontDoorLabels,
  loggablePath,
  type RateLimitDecision,
  RETRY_AFTER_OUTAGE_SECONDS,
  type ReadCache,
  rateLimitHeaders,
  rateLimitPolicyValue,
  rateLimitValue,
  type StoredResponse,
} from '@listings/platform/edge';
import { toProblem } from '@listings/platform/errors';
import type { Logger } from '@listings/platform/logger';
import { checkOperationInput, markChecked } from '@listings/platform/validation';
import FindMyWay from 'find-my-way';
import { PROBLEM_CONTENT_TYPE } from '../plugins/problems.ts';
import {
  authenticateCall,
  type EdgeGuards,
  type ForwardDeps,
  forwardCall,
  RateLimitedError,
  rateLimitCall,
} from './operation-call.ts';

/*
 * The REST edge's lean path: the public reads (GET operations without a scope or an
 * Idempotency-Key) answered on the Node request, ahead of Fastify's lifecycle (routing, hooks,
 * request and reply objects), with the router's own steps (operation-call.ts: authentication, the
 * rate limit, the call forwarded and its reply mapped) and the same bytes on the wire, headers
 * included (test/lean-reads.test.ts compares the two). The path is matched by a router holding
 * every GET route Fastify has (mirrored as they are registered, with Fastify's router options), so
 * a request goes where Fastify would send it; input the contract refuses, a request with a body,
 * and everything that is not a public read go to Fastify untouched.
 */

/** what a lean read carries from `takes` to `serve` and the request's log line */
interface LeanRead extends FrontDoorLabels {
  readonly op: Operation;
  readonly input: { readonly params: Record<string, unknown>; readonly query: Record<string, unknown> };
  principal: string | null;
  /** the call's trace: made when first asked for (by the call to the service, or the log line) */
  readonly traceparent: string;
}

const LEAN_READ = Symbol('lean read');
type TakenRequest = IncomingMessage & { [LEAN_READ]?: LeanRead };

/** a read the lean path answers: a GET operation any caller may call (no scope), without an Idempotency-Key, served by a service */
export const isLeanRead = (op: Operation): boolean =>
  op.method === 'GET' && op.scope === null && !op.idempotent && op.service !== 'gateway';

/** the headers Fastify writes for a reply, in its order, lower-cased as `reply.header` stores them */
const lowerCased = (headers: Readonly<Record<string, string>>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const name in headers) out[name.toLowerCase()] = headers[name] as string;
  return out;
};

/** a response's bytes as they go on the wire, with their content type and length */
interface Wire {
  readonly body: string | Uint8Array;
  readonly contentType: string;
  readonly length: number;
}
/** the wire form of each response the edge kept (read-cache.ts): made once, however often it is sent */
const wires = new WeakMap<StoredResponse, Wire>();
const wireOf = (response: StoredResponse): Wire => {
  const body = response.body instanceof EncodedJson ? wireBody(response.body) : JSON.stringify(response.body);
  return {
    body,
    contentType: `${response.contentType}; charset=utf-8`,
    length: typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength,
  };
};
const keptWireOf = (response: StoredResponse): Wire => {
  let wire = wires.get(response);
  if (wire === undefined) {
    wire = wireOf(response);
    wires.set(response, wire);
  }
  return wire;
};

/**
 * A stored response as the router's `sendStored` and Fastify put it on the wire: the body as it
 * came encoded (else its JSON), the content type with its charset, a 503's Retry-After
 * (retryAfterOnOutage), then the length; written at the end of the event-loop turn with the others
 * (writeAtEndOfTurn).
 */
const writeStored = (
  res: ServerResponse,
  response: StoredResponse,
  headers: Record<string, string | number>,
  kept = false,
): undefined => {
  const wire = kept ? keptWireOf(response) : wireOf(response);
  headers['content-type'] = wire.contentType;
  if (response.status === 503 && headers['retry-after'] === undefined)
    headers['retry-after'] = String(RETRY_AFTER_OUTAGE_SECONDS);
  headers['content-length'] = wire.length;
  atEndOfTurn(() => {
    res.writeHead(response.status, headers);
    res.end(wire.body);
  });
  return undefined;
};

/**
 * A body that came encoded, as it goes on the wire: a small one as its text, which Node sends with
 * the status line and headers in one write (bytes would go beside them in a writev, a dearer
 * call); a large one as its bytes, not copied.
 */
const wireBody = (body: EncodedJson): string | Uint8Array => {
  const wire = body.wire;
  return typeof wire === 'string' || wire.byteLength > ONE_WRITE_BYTES ? wire : textOf(wire);
};
const ONE_WRITE_BYTES = 16 * 1024;
const decoder = new TextDecoder();
const textOf = (bytes: Uint8Array): string => decoder.decode(bytes);

/** the rate limit's headers as `rateLimitHeaders` names them, lower-cased as `reply.header` stores them */
const rateLimitHeadersOf = (decision: RateLimitDecision): Record<string, string | number> =>
  decision.allowed
    ? { 'ratelimit-policy': rateLimitPolicyValue(decision.policy), ratelimit: rateLimitValue(decision) }
    : lowerCased(rateLimitHeaders(decision));

const problemResponse = (error: unknown): StoredResponse => {
  const problem = toProblem(error);
  return { status: problem.status, contentType: PROBLEM_CONTENT_TYPE, body: problem };
};

export interface LeanReadsDeps {
  readonly guards: EdgeGuards;
  readonly forward: ForwardDeps;
  /** the answers of anonymous reads kept between changes (none: every read is asked of its service) */
  readonly readCache?: ReadCache<StoredResponse>;
  readonly logger: Logger;
  /** Fastify's router options that change what a path matches (the app's `routerOptions`) */
  readonly routerOptions: { readonly ignoreTrailingSlash: boolean; readonly maxParamLength: number };
}

export interface LeanReads {
  /** the front door that answers them */
  readonly door: FrontDoor;
  /** a route Fastify registered (an `onRoute` hook passes every one): its GET is matched as Fastify matches it */
  mirror(route: {
    readonly method: string | readonly string[];
    readonly url: string;
    readonly operationId?: string;
  }): void;
}

export const createLeanReads = (deps: LeanReadsDeps): LeanReads => {
  const { guards, logger } = deps;
  // (find-my-way's other defaults are Fastify's: case-sensitive, no `;` delimiter)
  const router = FindMyWay({ ...deps.routerOptions, caseSensitive: true });
  const noop = () => {};

  /** the request's lean read, when it is one whose input the contract accepts */
  const leanReadOf = (req: IncomingMessage): LeanRead | undefined => {
    const url = req.url;
    if (req.method !== 'GET' || url === undefined || !url.startsWith('/api/')) return undefined;
    // a GET with a body is parsed (or refused) by Fastify, and so is a request that comes while
    // the server closes (Fastify sheds it: 503, Connection: close)
    if ((req.socket as { server?: { listening?: boolean } }).server?.listening === false) return undefined;
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return undefined;
    const found = router.find('GET', url);
    const op = (found?.store as { op?: Operation } | undefined)?.op;
    if (!found || !op) return undefined;
    // input the contract refuses gets the router's 400 (after its authentication and rate limit)
    const checked = checkOperationInput(op, { params: found.params, query: found.searchParams }, { wire: true });
    if (!checked.ok) return undefined;
    const route = (found.store as { route: string }).route;
    let traceparent: string | undefined;
    return {
      op,
      route,
      operationId: op.operationId,
      // made only if a log line is written
      get loggedPath() {
        return loggablePath({ url, params: checked.input.params, routeOptions: { url: route } });
      },
      input: { params: checked.input.params, query: checked.input.query },
      principal: null,
      // one trace per call: the caller's (its server span's, when tracing is on), or a new one,
      // made only when something needs it: an answer the edge kept needs none unless it is logged
      get traceparent() {
        traceparent ??= traceparentOrNew(req.headers.traceparent);
        return traceparent;
      },
    };
  };

  /** the reply, once the call's guards let it through (a promise only when something had to be waited for) */
  const answer = (
    read: LeanRead,
    req: IncomingMessage,
    res: ServerResponse,
    clientIp: string,
  ): undefined | Promise<undefined> => {
    const authenticating = authenticateCall(guards, read.op, req.headers.authorization);
    if (authenticating instanceof Promise)
      return authenticating.then((auth) => limited(read, req, res, clientIp, auth));
    return limited(read, req, res, clientIp, authenticating);
  };
  const limited = (
    read: LeanRead,
    req: IncomingMessage,
    res: ServerResponse,
    clientIp: string,
    auth: AuthenticateReply,
  ): undefined | Promise<undefined> => {
    const hit = rateLimitCall(guards, auth, clientIp);
    if (hit instanceof Promise) return hit.then((decision) => allowed(read, req, res, auth, decision));
    return allowed(read, req, res, auth, hit);
  };
  const allowed = (
    read: LeanRead,
    req: IncomingMessage,
    res: ServerResponse,
    auth: AuthenticateReply,
    decision: RateLimitDecision,
  ): undefined | Promise<undefined> => {
    const headers = rateLimitHeadersOf(decision);
    if (!decision.allowed)
      return writeStored(res, problemResponse(new RateLimitedError(decision.resetSeconds)), headers);
    if (auth.outcome === 'refused') {
      headers['www-authenticate'] = auth.www_authenticate;
      return writeStored(res, { status: auth.status, contentType: PROBLEM_CONTENT_TYPE, body: auth.problem }, headers);
    }
    const { op } = read;
    read.principal = auth.principal.account_id;
    const call = () =>
      forwardCall(
        deps.forward,
        op,
        markChecked({
          operation_id: op.operationId,
          principal: auth.principal,
          params: read.input.params,
          query: read.input.query,
          body: undefined,
          idempotency_key: undefined,
        }) as OperationRequest,
        read.traceparent,
        logger,
      );
    // an anonymous caller's read may be answered from what the edge kept (read-cache.ts)
    const kept = auth.credential_id === null && deps.readCache?.keeps(op) === true;
    let answered: StoredResponse | Promise<StoredResponse>;
    try {
      answered = kept ? (deps.readCache as ReadCache<StoredResponse>).answer(op, req.url as string, call) : call();
    } catch (error) {
      answered = Promise.reject(error);
    }
    if (!(answered instanceof Promise)) return writeStored(res, answered, headers, kept);
    return answered.then(
      (response) => writeStored(res, response, headers, kept),
      (error: unknown) => {
        // as the router's error handler: logged, and a problem+json answer (its headers kept)
        logger.error({ err: error }, 'request failed');
        return writeStored(res, problemResponse(error), headers);
      },
    );
  };

  const door: FrontDoor = {
    route: '/api/v1',
    operationId: 'lean-read',
    takes: (req) => {
      const read = leanReadOf(req);
      if (read) (req as TakenRequest)[LEAN_READ] = read;
      return read !== undefined;
    },
    labelsOf: (req) => (req as TakenRequest)[LEAN_READ] as LeanRead,
    serve: (req, res, clientIp) => {
      const read = (req as TakenRequest)[LEAN_READ] as LeanRead;
      const failed = (error: unknown) => {
        logger.error({ err: error }, 'request failed');
        if (res.headersSent) return void res.end();
        return writeStored(res, problemResponse(error), {});
      };
      try {
        answer(read, req, res, clientIp)?.catch(failed);
      } catch (error) {
        failed(error);
      }
    },
  };

  return {
    door,
    mirror: (route) => {
      const methods = typeof route.method === 'string' ? [route.method] : route.method;
      if (!methods.includes('GET')) return;
      const op = route.operationId ? operationById(route.operationId) : undefined;
      router.on('GET', route.url, noop, { op: op && isLeanRead(op) ? op : undefined, route: route.url });
    },
  };
};
