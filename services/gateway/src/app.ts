import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Bus } from '@listings/platform/bus';
import type { Config } from '@listings/platform/config';
import type { Logger } from '@listings/platform/logger';
import type { OperationHandlers } from '@listings/platform/service-host';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync, LogController } from 'fastify';
import { buildOpenApiDocument } from './openapi.ts';
import { installProblemHandling } from './plugins/problems.ts';
import { API_PREFIX, operationRoutes } from './routes/operations.ts';

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
}

/** The REST edge as a Fastify app; only server.ts / main.ts listen. */
export const buildApp = async (options: GatewayOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    // one log line per request, written by the onResponse hook below
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });

  const registered: RegisteredOperationRoute[] = [];
  operationRoutesByApp.set(app as unknown as FastifyInstance, registered);
  app.addHook('onRoute', (route) => {
    const operationId = (route.config as { operationId?: string } | undefined)?.operationId;
    if (operationId && route.method !== 'HEAD')
      registered.push({ operationId, method: String(route.method), url: route.url });
  });

  // Input is checked against the contracts by the operation routes (all parts at once, one error
  // list); responses are plain JSON (contract response schemas document, they do not filter).
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // An empty body with a JSON content type is "no body" (e.g. POST /drafts/{id}/submit).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        operation: (request.routeOptions.config as { operationId?: string }).operationId ?? null,
        method: request.method,
        url: request.url.split('?')[0],
        principal: null,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  const document = buildOpenApiDocument({ publicUrl: options.config.publicUrl });
  installProblemHandling(app as unknown as FastifyInstance);
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });
  app.get(`${API_PREFIX}/openapi.json`, async () => document);
  app.get('/', async (_request, reply) => reply.redirect(`${API_PREFIX}/docs`));
  await app.register(operationRoutes, {
    bus: options.bus,
    gatewayHandlers: options.gatewayHandlers ?? {},
    requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
  });
  for (const mount of options.mounts ?? []) await app.register(mount);
  return app;
};
