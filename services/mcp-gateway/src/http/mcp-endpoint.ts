import { type Operation, operationById, type Scope } from '@listings/contracts';
import {
  type AuthenticationClient,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimitPolicy,
  RETRY_AFTER_OUTAGE_SECONDS,
  rateLimitHeaders,
} from '@listings/platform/edge';
import { DomainError, problemOf, toProblem } from '@listings/platform/errors';
import type { Logger } from '@listings/platform/logger';
import {
  type AuthInfo,
  createMcpHandler,
  hostHeaderValidationResponse,
  isLegacyRequest,
  type McpServer,
  originValidationResponse,
} from '@modelcontextprotocol/server';
import { forbiddenKeysResponse } from './forbidden-keys.ts';
import { createLegacySessions } from './legacy-sessions.ts';

/** Builds the fresh server each request gets (both eras are served statelessly). */
export interface McpServers {
  /** the whole server; with a tool name `isTool` accepts, a server for a single call of that tool */
  build(toolName?: string): McpServer;
  isTool(toolName: string): boolean;
}

export interface McpEndpointDeps {
  readonly servers: McpServers;
  readonly authentication: AuthenticationClient;
  readonly logger: Logger;
  /** Host/Origin hostnames accepted (DNS rebinding protection); PUBLIC_URL's host and loopback */
  readonly allowedHostnames: readonly string[];
  /** told of each 2025-era `resources/subscribe` (see legacy-sessions.ts) */
  readonly onResourceSubscribe?: (uri: string) => Promise<void>;
  /**
   * The REST edge's limiter and policies: per credential, per client IP when anonymous or refused.
   * Absent: no limit (tests that do not care).
   */
  readonly rateLimit?: {
    readonly limiter: RateLimiter;
    readonly authenticated: RateLimitPolicy;
    readonly anonymous: RateLimitPolicy;
  };
}

/** What the HTTP layer knows that a web-standard Request does not carry. */
export interface McpRequestContext {
  /** the client's IP as the server sees it (Fastify's request.ip, X-Forwarded-For when TRUST_PROXY) */
  readonly clientIp?: string;
}

/** A POST's sign-in and rate-limit outcome: refused with its answer, or let through. */
export type McpAdmission =
  | { readonly ok: false; readonly response: Response }
  | { readonly ok: true; readonly authInfo?: AuthInfo; readonly limitHeaders: Record<string, string> };

export interface McpEndpoint {
  /** the web-standard face: one HTTP request in, one response out */
  fetch(request: Request, context?: McpRequestContext): Promise<Response>;
  /** `notifications/resources/updated` for `uri` to every subscriber this process holds, in both eras */
  resourceUpdated(uri: string): Promise<void>;
  /**
   * The two halves of a parsed POST, for the lean path (lean-tools-call.ts): sign-in and rate
   * limit, exactly as `fetch` does them, then the SDK's answer to an admitted request.
   */
  admit(authorization: string | null, body: unknown, context?: McpRequestContext): McpAdmission | Promise<McpAdmission>;
  serveAdmitted(replay: Request, body: unknown, admission: McpAdmission & { ok: true }): Promise<Response>;
  close(): Promise<void>;
}

const PROBLEM_JSON = 'application/problem+json';

/** (the route hijacks its reply, so Fastify's onSend hooks, `retryAfterOnOutage` among them, never see it) */
const problemResponse = (status: number, problem: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(problem), {
    status,
    headers: {
      'content-type': PROBLEM_JSON,
      ...(status === 503 ? { 'retry-after': String(RETRY_AFTER_OUTAGE_SECONDS) } : {}),
      ...headers,
    },
  });

/** The operation a JSON-RPC message calls when it is a `tools/call` of a contract operation. */
const calledOperation = (message: unknown): Operation | undefined => {
  if (!message || typeof message !== 'object') return undefined;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  if (method !== 'tools/call' || typeof params?.name !== 'string') return undefined;
  return operationById(params.name);
};

/**
 * The tool a request's body calls when it is one `tools/call` message (not a 2025-03-26 batch):
 * nothing else in that request can reach another tool, a resource or a prompt.
 */
const singleToolCalled = (body: unknown): string | undefined => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { method, params } = body as { method?: unknown; params?: { name?: unknown } };
  return method === 'tools/call' && typeof params?.name === 'string' ? params.name : undefined;
};

/**
 * The scope a request needs before it may reach the server: that of the signed-in tool it calls
 * (the first one, in a 2025-03-26 batch; the server's scope challenge covers the others), or null.
 */
export const requiredScopeOf = (body: unknown): Scope | null => {
  const messages = Array.isArray(body) ? body : [body];
  for (const message of messages) {
    const scope = calledOperation(message)?.scope;
    if (scope) return scope;
  }
  return null;
};

/**
 * How many operations a request runs: its tools/call and resources/read messages (each becomes a
 * bus request, like one REST call). Listing, prompts, ping and initialize are not counted.
 */
export const operationCallsIn = (body: unknown): number => {
  const messages = Array.isArray(body) ? body : [body];
  let calls = 0;
  for (const message of messages) {
    const method = (message as { method?: unknown } | null)?.method;
    if (method === 'tools/call' || method === 'resources/read') calls++;
  }
  return calls;
};

class RateLimitedError extends DomainError {
  constructor(retryAfterSeconds: number) {
    super(429, 'rate-limited', 'Too many requests', `rate limit reached: retry in ${retryAfterSeconds} s`);
  }
}

/** Adds headers to a response, copying it when its headers are immutable. */
const withHeaders = (response: Response, headers: Record<string, string>): Response => {
  const entries = Object.entries(headers);
  if (entries.length === 0) return response;
  try {
    for (const [name, value] of entries) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of entries) copy.headers.set(name, value);
    return copy;
  }
};

const tryParseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

/**
 * /mcp: DNS-rebinding guard, then sign-in, then the SDK's handler serving 2026-07-28 and the
 * initialize-based 2025 versions on the one endpoint.
 *
 * Sign-in happens here, at the HTTP layer, so that MCP clients see what the authorization spec
 * promises them: a signed-in tool called without credentials answers HTTP 401 with
 * `WWW-Authenticate: Bearer resource_metadata=...` (which starts their OAuth flow), a credential
 * without the tool's scope answers 403 `insufficient_scope` naming it. Anonymous callers get
 * everything else (listing tools, public tools, resources, prompts).
 */
export const createMcpEndpoint = (deps: McpEndpointDeps): McpEndpoint => {
  // The SDK wants a fresh server for every request. A request that is a single tools/call of a
  // contract operation gets a server with that one tool (registering all 41 tools, the resources
  // and the prompts cost most of the CPU of such a call); any other request gets the whole server.
  // The factory recognises the request by the Request object it is handed (the one passed to
  // `handler.fetch` along with `parsedBody`, in both eras).
  const singleToolCalls = new WeakMap<Request, string>();
  const serverFor = (requestInfo?: Request) => deps.servers.build(requestInfo && singleToolCalls.get(requestInfo));
  const handler = createMcpHandler(({ requestInfo }) => serverFor(requestInfo), {
    // the 2025 era goes to `legacy` (sessions in this process, see legacy-sessions.ts)
    legacy: 'reject',
    onerror: (error) => deps.logger.debug({ err: error }, 'mcp request rejected'),
  });
  const legacy = createLegacySessions({
    build: serverFor,
    ...(deps.onResourceSubscribe ? { onSubscribe: deps.onResourceSubscribe } : {}),
    onerror: (error) => deps.logger.debug({ err: error }, 'mcp session request rejected'),
  });
  const allowed = [...deps.allowedHostnames];

  type Authentication =
    | { ok: true; authInfo?: AuthInfo; credentialId: string | null }
    | { ok: false; response: Response };
  const ANONYMOUS_CALLER: Authentication = { ok: true, credentialId: null };
  /** an anonymous call of a public tool needs no sign-in: known at once, not as a promise */
  const authenticate = (authorization: string | null, body: unknown): Authentication | Promise<Authentication> => {
    const requiredScope = requiredScopeOf(body);
    if (!authorization && !requiredScope) return ANONYMOUS_CALLER;
    return signIn(authorization, requiredScope);
  };
  const signIn = async (authorization: string | null, requiredScope: Scope | null): Promise<Authentication> => {
    try {
      const reply = await deps.authentication.authenticate({ authorization, resource: 'mcp', requiredScope });
      if (reply.outcome === 'refused')
        return {
          ok: false,
          response: problemResponse(reply.status, reply.problem, { 'www-authenticate': reply.www_authenticate }),
        };
      if (reply.principal.via === 'anonymous') return { ok: true, credentialId: null };
      return {
        ok: true,
        credentialId: reply.credential_id ?? null,
        authInfo: {
          token: (authorization ?? '').replace(/^Bearer\s+/i, ''),
          clientId: reply.credential_id ?? reply.principal.account_id ?? 'unknown',
          scopes: [...reply.principal.scopes],
          extra: { principal: reply.principal },
        },
      };
    } catch (error) {
      if (!(error instanceof DomainError)) deps.logger.error({ err: error }, 'mcp authentication failed');
      const problem = toProblem(error);
      return { ok: false, response: problemResponse(problem.status, problem) };
    }
  };

  // the REST order: authenticate, rate limit (per credential, per IP when anonymous or refused),
  // 401/403; an outcome known at once (an anonymous public call, an in-memory counter) is returned
  // as it is, not as a promise
  const admit = (
    authorization: string | null,
    body: unknown,
    context?: McpRequestContext,
  ): McpAdmission | Promise<McpAdmission> => {
    const authenticating = authenticate(authorization, body);
    return authenticating instanceof Promise
      ? authenticating.then((auth) => limit(auth, body, context))
      : limit(authenticating, body, context);
  };
  const limit = (
    auth: Authentication,
    body: unknown,
    context?: McpRequestContext,
  ): McpAdmission | Promise<McpAdmission> => {
    const calls = deps.rateLimit ? operationCallsIn(body) : 0;
    if (!deps.rateLimit || calls === 0) return admitted(auth, {});
    const { limiter, authenticated, anonymous } = deps.rateLimit;
    const credential = auth.ok ? auth.credentialId : null;
    const bucket = credential ?? `ip:${context?.clientIp ?? 'unknown'}`;
    const policy = credential ? authenticated : anonymous;
    // a 2025-03-26 batch counts every call in it, one after the other; the last decision holds
    const count = (counted: number): RateLimitDecision | Promise<RateLimitDecision> => {
      const hit = limiter.hit(bucket, policy);
      if (counted + 1 >= calls) return hit;
      return hit instanceof Promise ? hit.then(() => count(counted + 1)) : count(counted + 1);
    };
    const decision = count(0);
    return decision instanceof Promise ? decision.then((d) => decided(auth, d)) : decided(auth, decision);
  };
  const decided = (auth: Authentication, decision: RateLimitDecision): McpAdmission => {
    const limitHeaders = rateLimitHeaders(decision);
    if (!decision.allowed) {
      const problem = problemOf(new RateLimitedError(decision.resetSeconds));
      return { ok: false, response: problemResponse(429, problem, limitHeaders) };
    }
    return admitted(auth, limitHeaders);
  };
  const admitted = (auth: Authentication, limitHeaders: Record<string, string>): McpAdmission => {
    if (!auth.ok) return { ok: false, response: withHeaders(auth.response, limitHeaders) };
    return auth.authInfo ? { ok: true, limitHeaders, authInfo: auth.authInfo } : { ok: true, limitHeaders };
  };

  const serveAdmitted = async (replay: Request, body: unknown, admission: McpAdmission & { ok: true }) => {
    const toolName = singleToolCalled(body);
    if (toolName !== undefined && deps.servers.isTool(toolName)) singleToolCalls.set(replay, toolName);
    const options = { parsedBody: body, ...(admission.authInfo ? { authInfo: admission.authInfo } : {}) };
    const response = (await isLegacyRequest(replay, body))
      ? await legacy.fetch(replay, options)
      : await handler.fetch(replay, options);
    return withHeaders(response, admission.limitHeaders);
  };

  return {
    fetch: async (request, context) => {
      const rejected = hostHeaderValidationResponse(request, allowed) ?? originValidationResponse(request, allowed);
      if (rejected) return rejected;
      // GET and DELETE are the 2025 era's session operations (2026-07-28 has neither); a session
      // belongs to an account, so whoever calls is known first (legacy-sessions.ts)
      if (request.method !== 'POST') {
        const authorization = request.headers.get('authorization');
        if (!authorization) return legacy.fetch(request, {});
        const auth = await signIn(authorization, null);
        if (!auth.ok) return auth.response;
        return legacy.fetch(request, auth.authInfo ? { authInfo: auth.authInfo } : {});
      }

      // read the body once: the sign-in gate looks at it, the SDK gets it pre-parsed
      const text = await request.text();
      const parsed = tryParseJson(text);
      if (!parsed.ok)
        return handler.fetch(new Request(request.url, { method: 'POST', headers: request.headers, body: text }));
      const reservedKeys = forbiddenKeysResponse(text, parsed.value);
      if (reservedKeys) return reservedKeys;
      const admission = await admit(request.headers.get('authorization'), parsed.value, context);
      if (!admission.ok) return admission.response;
      // the SDK reads no body when it is given `parsedBody`
      const replay = new Request(request.url, { method: 'POST', headers: request.headers });
      return serveAdmitted(replay, parsed.value, admission);
    },
    admit,
    serveAdmitted,
    resourceUpdated: async (uri) => {
      handler.notify.resourceUpdated(uri);
      await legacy.resourceUpdated(uri);
    },
    close: async () => {
      await legacy.close();
      await handler.close();
    },
  };
};
