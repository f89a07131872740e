import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { createIdentity, type Identity } from '@listings/identity';
import { protectedResourceMetadataUrl } from '@listings/identity/authenticate';
import { protectedResourceMetadata } from '@listings/identity/oauth';
import type { Bus } from '@listings/platform/bus';
import { type Clock, systemClock } from '@listings/platform/clock';
import type { Config } from '@listings/platform/config';
import {
  createMemoryIdempotencyStore,
  createMemoryRateLimitCounter,
  createRateLimiter,
  createReadCache,
  type FrontDoor,
  fastifyTrustProxy,
  forbiddenKeyErrors,
  frontDoorServer,
  type IdempotencyStore,
  loggablePath,
  mayHoldForbiddenKey,
  type RateLimitCounter,
  type RateLimitPolicy,
  rateLimitHeaders,
  retryAfterOnOutage,
  type StoredResponse,
  type TrustProxy,
  writeAtEndOfTurn,
} from '@listings/platform/edge';
import { ValidationError } from '@listings/platform/errors';
import type { Logger } from '@listings/platform/logger';
import { mountOps, type Ops } from '@listings/platform/observability';
import { type OperationHandlers, traceIdOf } from '@listings/platform/service-host';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { buildOpenApiDocument, docsPageDocument } from './openapi.ts';
import { frameworkErrorProblem, installProblemHandling } from './plugins/problems.ts';
import { createLeanReads } from './routes/lean-reads.ts';
import { oauthInteractionPages } from './routes/oauth-interaction-pages.ts';
import {
  API_PREFIX,
  allowedApiMethods,
  type EdgeGuards,
  operationRoutes,
  RateLimitedError,
} from './routes/operations.ts';

export interface RegisteredOperationRoute {
  readonly operationId: string;
  readonly method: string;
  readonly url: string;
}

const operationRoutesByApp = new WeakMap<FastifyInstance, RegisteredOperationRoute[]>();

/** The operation routes an app registered, as Fastify saw them (for the contract-coverage test). */
export const registeredOperationRoutes = (app: FastifyInstance): readonly RegisteredOperationRoute[] =>
  operationRoutesByApp.get(app) ?? [];

export interface GatewayOptions {
  readonly bus: Bus;
  readonly config: Pick<Config, 'publicUrl'>;
  readonly logger: Logger;
  /** operations the gateway itself owns (identity) */
  readonly gatewayHandlers?: OperationHandlers;
  readonly requestTimeoutMs?: number;
  /**
   * Extra Fastify plugins the launcher mounts on the same server (e.g. the MCP gateway at /mcp in
   * all-in-one mode); the gateway itself imports no other service.
   */
  readonly mounts?: readonly FastifyPluginAsync[];
  /**
   * A mount's requests answered ahead of Fastify on this server (e.g. the MCP gateway's lean tool
   * calls at /mcp: @listings/platform/edge frontDoorServer), measured and logged as the others.
   */
  readonly frontDoor?: FrontDoor;
  /**
   * false: every request goes through Fastify's router, none is answered on the lean path
   * (routes/lean-reads.ts: the public reads ahead of Fastify; tests compare the two)
   */
  readonly leanReads?: boolean;
  /**
   * how long the lean path keeps an anonymous public read's answer at most, in ms (routes/read-cache.ts;
   * EDGE_READ_CACHE_MS, 1 s in the real edge); default 0: every read asked of its service
   */
  readonly readCacheTtlMs?: number;
  /** a mount (the web edge, all-in-one mode) serves `/`: no redirect from `/` to the API docs */
  readonly siteAtRoot?: boolean;
  /** accounts, keys, OAuth (default: an in-memory identity, for tests) */
  readonly identity?: Identity;
  /** the process's /healthz, /readyz and /metrics, mounted on this server (and every request measured) */
  readonly ops?: Ops;
  readonly clock?: Clock;
  /**
   * default: 600/60 s per credential, 120/60 s per IP; per IP on the password forms 10/60 s
   * (`signIn`) and on POST /oauth/token 60/60 s (`token`)
   */
  readonly rateLimits?: {
    readonly authenticated: RateLimitPolicy;
    readonly anonymous: RateLimitPolicy;
    readonly signIn?: RateLimitPolicy;
    readonly token?: RateLimitPolicy;
  };
  /** default: in memory */
  readonly rateLimitCounter?: RateLimitCounter;
  /** default: in memory */
  readonly idempotencyStore?: IdempotencyStore;
  readonly idempotencyRetentionMs?: number;
  /** whose X-Forwarded-For names the client (TRUST_PROXY; default nobody's) */
  readonly trustProxy?: TrustProxy;
}

const DEFAULT_RATE_LIMITS = {
  authenticated: { name: 'authenticated', limit: 600, windowSeconds: 60 },
  anonymous: { name: 'anonymous', limit: 120, windowSeconds: 60 },
  signIn: { name: 'sign-in', limit: 10, windowSeconds: 60 },
  token: { name: 'token', limit: 60, windowSeconds: 60 },
} as const;

/**
 * Fastify's router options that change what a path matches; the lean reads' router (which holds
 * the same GET routes) takes them too, so both match a path alike. A path parameter of any length
 * reaches the contract's validation (a 400 naming it), not the router's default limit of 100
 * characters (a 414, or a 405 for a percent-encoded one).
 */
const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: 64 * 1024 } as const;

/** the OAuth sign-in form's route (Fastify's pattern, as `request.routeOptions.url` names it) */
const OAUTH_SIGN_IN_ROUTE = '/oauth/interaction/:uid/login';

/**
 * POSTs that take a password or mint tokens, limited per client IP (guessing passwords, codes,
 * refresh tokens). Keyed on what the request resolves to, never on its raw path: the route Fastify
 * matched (which ignores a trailing slash and decodes percent-escapes) and, under /oauth, the
 * endpoint the provider's router picks (which also folds case), so every spelling either router
 * serves is counted in the one bucket.
 */
const credentialPolicyOf = (
  request: FastifyRequest,
  providerActionOf: (request: FastifyRequest) => string | null,
  limits: { signIn: RateLimitPolicy; token: RateLimitPolicy },
): RateLimitPolicy | null => {
  if (request.method !== 'POST') return null;
  // the site's password forms (POST /signin, /signup) are the web edge's, which limits them alike
  if (request.routeOptions.url === OAUTH_SIGN_IN_ROUTE) return limits.signIn;
  if (providerActionOf(request) === 'token') return limits.token;
  return null;
};

/** the forbidden keys of a text secure-json-parse refused, when it is JSON after all (else none: it is not JSON) */
const forbiddenKeysOfValidJson = (text: string) => {
  try {
    return forbiddenKeyErrors(JSON.parse(text), 'body');
  } catch {
    return [];
  }
};

const identitiesByApp = new WeakMap<FastifyInstance, Identity>();
/** the identity an app runs with (tests reach its store to make accounts and keys) */
export const identityOf = (app: FastifyInstance): Identity => identitiesByApp.get(app) as Identity;

/** The REST edge as a Fastify app; only server.ts / main.ts listen. */
export const buildApp = async (options: GatewayOptions): Promise<FastifyInstance> => {
  const logRequest = (request: FastifyRequest, reply: FastifyReply) => {
    if (!options.logger.isLevelEnabled('info')) return;
    request.log.info(
      {
        operation: (request.routeOptions.config as { operationId?: string } | undefined)?.operationId ?? null,
        method: request.method,
        // the path only, a secret in it (an invite's token) redacted: see loggablePath
        url: loggablePath(request),
        principal: (request as { principalId?: string | null }).principalId ?? null,
        trace_id: traceIdOf((request as { traceparent?: string }).traceparent),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  };
  const clock = options.clock ?? systemClock;
  const ownsIdentity = !options.identity;
  const identity = options.identity ?? createIdentity({ publicUrl: options.config.publicUrl, clock });
  const rateLimiter = createRateLimiter({
    counter: options.rateLimitCounter ?? createMemoryRateLimitCounter({ clock }),
    clock,
    onCounterError: (error) => options.logger.warn({ err: error }, 'rate-limit counter unavailable: call allowed'),
  });
  const rateLimits = options.rateLimits ?? DEFAULT_RATE_LIMITS;
  const credentialLimits = {
    signIn: rateLimits.signIn ?? DEFAULT_RATE_LIMITS.signIn,
    token: rateLimits.token ?? DEFAULT_RATE_LIMITS.token,
  };
  const guards: EdgeGuards = {
    authenticator: identity.authenticator,
    rateLimiter,
    rateLimits,
    idempotency: {
      store: options.idempotencyStore ?? createMemoryIdempotencyStore(),
      clock,
      ...(options.idempotencyRetentionMs ? { retentionMs: options.idempotencyRetentionMs } : {}),
    },
  };
  const readCache = createReadCache<StoredResponse>({
    bus: options.bus,
    ttlMs: options.leanReads === false ? 0 : (options.readCacheTtlMs ?? 0),
    logger: options.logger,
  });
  const forwardDeps = {
    bus: options.bus,
    gatewayHandlers: { ...identity.handlers, ...(options.gatewayHandlers ?? {}) },
    requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
    readCache,
  };
  const lean =
    options.leanReads === false
      ? undefined
      : createLeanReads({
          guards,
          forward: forwardDeps,
          readCache,
          logger: options.logger,
          routerOptions: ROUTER_OPTIONS,
        });
  const frontDoors = [...(lean ? [lean.door] : []), ...(options.frontDoor ? [options.frontDoor] : [])];
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    // one log line per request, written by the onResponse hook below
    logController: new LogController({ disableRequestLogging: true }),
    // a logger that writes nothing needs no per-request child (binding the request id costs a
    // serialisation per request)
    childLoggerFactory: (logger, bindings, childOptions) =>
      logger.level === 'silent' ? logger : logger.child(bindings, childOptions),
    bodyLimit: 1024 * 1024,
    routerOptions: ROUTER_OPTIONS,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    ...(frontDoors.length > 0
      ? {
          serverFactory: frontDoorServer(frontDoors, {
            trustProxy: options.trustProxy ?? false,
            logger: options.logger,
            ...(options.ops ? { ops: options.ops } : {}),
          }),
        }
      : {}),
    // refused before routing: no onResponse hook runs, so the request line is written here
    frameworkErrors: (error, request, reply) => {
      reply.raw.once('finish', () => logRequest(request, reply));
      return frameworkErrorProblem(error, request, reply);
    },
  });
  if (options.ops) mountOps(app as unknown as FastifyInstance, options.ops);
  identitiesByApp.set(app as unknown as FastifyInstance, identity);
  if (ownsIdentity) app.addHook('onClose', async () => identity.close());
  app.addHook('onClose', async () => readCache.stop());

  const registered: RegisteredOperationRoute[] = [];
  operationRoutesByApp.set(app as unknown as FastifyInstance, registered);
  app.addHook('onRoute', (route) => {
    const operationId = (route.config as { operationId?: string } | undefined)?.operationId;
    if (operationId && route.method !== 'HEAD')
      registered.push({ operationId, method: String(route.method), url: route.url });
    lean?.mirror({ method: route.method, url: route.url, ...(operationId ? { operationId } : {}) });
  });

  // Input is checked against the contracts by the operation routes (all parts at once, one error
  // list); responses are plain JSON (contract response schemas document, they do not filter).
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // An empty body with a JSON content type is "no body" (e.g. POST /drafts/{id}/submit).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // the API takes JSON only: any other body is a 415 (routes that take forms or raw bodies add
  // their own parser in their own scope)
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, (error, value) => {
      // secure-json-parse refuses `__proto__` (and `constructor.prototype`) anywhere but says only
      // "not valid JSON": name the keys; a `constructor` key it lets through is refused the same way
      const forbidden = error
        ? forbiddenKeysOfValidJson(text)
        : mayHoldForbiddenKey(text)
          ? forbiddenKeyErrors(value, 'body')
          : [];
      if (forbidden.length > 0) return done(new ValidationError(forbidden), undefined);
      return done(error ?? null, value);
    });
  });

  // before routing into the (hijacked) OAuth endpoints and the sign-in forms: headers go on the
  // raw response so they survive the hijack; a refusal is a 429 problem with Retry-After
  // (hooks in callback style: most requests pass them untouched, without a promise each)
  app.addHook('onRequest', (request, reply, done) => {
    const policy = credentialPolicyOf(request, identity.oauth.actionOf, credentialLimits);
    if (!policy) return done();
    Promise.resolve(rateLimiter.hit(`ip:${request.ip}`, policy)).then((decision) => {
      const headers = rateLimitHeaders(decision);
      if (!decision.allowed) {
        reply.headers(headers);
        return done(new RateLimitedError(decision.resetSeconds));
      }
      for (const [name, value] of Object.entries(headers)) reply.raw.setHeader(name, value);
      done();
    }, done);
  });

  // a 503 (the bus, a service or the edge's state unreachable) says when to retry
  retryAfterOnOutage(app as never);
  // responses leave together at the end of each event-loop turn (see end-of-turn.ts)
  app.addHook('onSend', writeAtEndOfTurn);

  app.addHook('onResponse', (request, reply, done) => {
    logRequest(request, reply);
    done();
  });

  const document = buildOpenApiDocument({ publicUrl: options.config.publicUrl });
  installProblemHandling(app as unknown as FastifyInstance, { allowedMethods: allowedApiMethods });
  // the API reference page's copy (`/api/v1/docs/json`) names its server relative to itself, so
  // "Try it" calls the origin the page was opened at (same origin: no CORS), whatever PUBLIC_URL
  // says; /api/v1/openapi.json keeps the absolute PUBLIC_URL for clients and generators
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: docsPageDocument(document) as never },
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });
  app.get(`${API_PREFIX}/openapi.json`, async () => document);
  if (!options.siteAtRoot) app.get('/', async (_request, reply) => reply.redirect(`${API_PREFIX}/docs`));
  await app.register(identity.oauth.plugin);
  // cookies belong to the sign-in pages: the API routes neither parse nor set any
  // (checkout, invites and the claim link are the web edge's pages)
  await app.register(async (pages) => {
    await pages.register(fastifyCookie);
    await pages.register(
      oauthInteractionPages({
        store: identity.store,
        oauth: identity.oauth,
        publicUrl: options.config.publicUrl,
        requestSignInLink: identity.people.handlers.request_sign_in_link,
        siteSignIn: Boolean(options.siteAtRoot),
      }),
    );
  });
  for (const resource of ['api', 'mcp'] as const) {
    const url = new URL(protectedResourceMetadataUrl(options.config.publicUrl, resource)).pathname;
    app.get(url, async () => protectedResourceMetadata(options.config.publicUrl, resource));
  }
  await app.register(operationRoutes, { ...forwardDeps, guards });
  await app.register((await import('./routes/badges.ts')).badgeRoutes, { bus: options.bus });
  await app.register((await import('./routes/stripe-webhook.ts')).stripeWebhookRoutes, { bus: options.bus });
  for (const mount of options.mounts ?? []) await app.register(mount);
  return app;
};
