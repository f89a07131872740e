import { randomUUID } from 'node:crypto';
import {
  isInitializeRequest,
  legacyStatelessFallback,
  type McpHandlerRequestOptions,
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';

/**
 * The 2025 era (2025-03-26 to 2025-11-25) with sessions kept in this process.
 *
 * Server-to-client requests (elicitation, sampling), `logging/setLevel` and `resources/subscribe`
 * need a session in that era: the client answers a server request with a new POST, which must
 * reach the server instance that asked. So an `initialize` opens a session (an `Mcp-Session-Id`,
 * one server and transport held here until DELETE or idle expiry), and every request naming the
 * session goes to it. A load balancer must therefore keep a session on one replica (affinity on
 * `Mcp-Session-Id`; docs/deployment.md). A request that names no session and is not an
 * `initialize` is served statelessly, as before sessions existed (a fresh server per request),
 * so a sessionless client keeps working on any replica. The 2026-07-28 era stays stateless.
 *
 * A session belongs to the account that uses it: the one whose credential opened it, or, for a
 * session opened without one (a client signs in after its first 401), the first account that
 * uses it. A request naming the session with another account's credential, or with none once it
 * belongs to an account, is answered as for an unknown session (404 `Session not found`, which
 * tells the client to open a new one, and says nothing of whether the id exists).
 */
export interface LegacySessions {
  fetch(request: Request, options: McpHandlerRequestOptions): Promise<Response>;
  /** tells every session subscribed to `uri` that it changed (`notifications/resources/updated`) */
  resourceUpdated(uri: string): Promise<void>;
  readonly size: number;
  close(): Promise<void>;
}

interface Session {
  /** the account it belongs to; null until a signed-in request uses a session opened anonymously */
  owner: string | null;
  readonly server: McpServer;
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly subscriptions: Set<string>;
  lastSeen: number;
}

export interface LegacySessionsOptions {
  /** a server: the whole one for a session; for a sessionless request, the one its Request gets */
  readonly build: (requestInfo?: Request) => McpServer;
  readonly onerror: (error: Error) => void;
  /** told of each `resources/subscribe` before it is answered (e.g. to learn what the URI names) */
  readonly onSubscribe?: (uri: string) => Promise<void>;
  /** a session nobody used for this long is closed; default 30 minutes */
  readonly idleMs?: number;
  /** sessions held at once; an `initialize` beyond it answers 503; default 10,000 */
  readonly maxSessions?: number;
  readonly now?: () => number;
}

/** the signed-in account of a request (the endpoint puts its principal in `authInfo.extra`), or null */
const accountOf = (options: McpHandlerRequestOptions): string | null => {
  const principal = (options.authInfo?.extra as { principal?: { account_id?: string | null } } | undefined)?.principal;
  return principal?.account_id ?? null;
};

const jsonRpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

export const createLegacySessions = (options: LegacySessionsOptions): LegacySessions => {
  const idleMs = options.idleMs ?? 30 * 60_000;
  const maxSessions = options.maxSessions ?? 10_000;
  const now = options.now ?? Date.now;
  const sessions = new Map<string, Session>();
  const stateless = legacyStatelessFallback(({ requestInfo }) => options.build(requestInfo), options.onerror);

  const closeSession = async (id: string) => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    await session.server.close().catch(options.onerror);
  };
  const sweep = setInterval(
    () => {
      const cutoff = now() - idleMs;
      for (const [id, session] of sessions) if (session.lastSeen < cutoff) void closeSession(id);
    },
    Math.min(idleMs, 60_000),
  );
  sweep.unref();

  const open = async (request: Request, requestOptions: McpHandlerRequestOptions): Promise<Response> => {
    if (sessions.size >= maxSessions)
      return jsonRpcError(503, -32000, 'too many open MCP sessions; retry later', { 'retry-after': '5' });
    const server = options.build();
    const subscriptions = new Set<string>();
    // resources/subscribe exists only in this era (2026-07-28 uses subscriptions/listen)
    server.server.registerCapabilities({ resources: { subscribe: true } });
    server.server.setRequestHandler('resources/subscribe', async (req) => {
      subscriptions.add(req.params.uri);
      await options.onSubscribe?.(req.params.uri).catch(options.onerror);
      return {};
    });
    server.server.setRequestHandler('resources/unsubscribe', (req) => {
      subscriptions.delete(req.params.uri);
      return {};
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions.set(id, { owner: accountOf(requestOptions), server, transport, subscriptions, lastSeen: now() });
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    transport.onerror = options.onerror;
    await server.connect(transport);
    return transport.handleRequest(request, requestOptions);
  };

  return {
    fetch: async (request, requestOptions) => {
      const id = request.headers.get('mcp-session-id');
      if (id) {
        const session = sessions.get(id);
        // the spec's answer to an unknown or expired session: 404, the client starts a new one
        if (!session) return jsonRpcError(404, -32001, 'Session not found');
        // another account's session is answered exactly like an unknown one
        const caller = accountOf(requestOptions);
        if (session.owner !== null && caller !== session.owner) return jsonRpcError(404, -32001, 'Session not found');
        session.owner = caller;
        session.lastSeen = now();
        return session.transport.handleRequest(request, requestOptions);
      }
      if (request.method === 'POST' && isInitializeRequest(requestOptions.parsedBody))
        return open(request, requestOptions);
      return stateless(request, requestOptions);
    },
    resourceUpdated: async (uri) => {
      for (const session of sessions.values())
        if (session.subscriptions.has(uri))
          await session.server.server.sendResourceUpdated({ uri }).catch(options.onerror);
    },
    get size() {
      return sessions.size;
    },
    close: async () => {
      clearInterval(sweep);
      await Promise.all([...sessions.keys()].map(closeSession));
    },
  };
};
