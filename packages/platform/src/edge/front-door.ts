import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Logger } from '../logger.ts';
import { measureRawRequest, type Ops } from '../observability/ops.ts';
import { traceIdOf } from '../service-host.ts';
import { type TrustProxy, trustFunctionOf } from './config.ts';

/**
 * A path a service answers on the Node request itself, ahead of Fastify: for a protocol endpoint
 * whose hot requests need none of Fastify's lifecycle (routing, hooks, request and reply objects,
 * body parsing), e.g. the MCP endpoint's lean tool calls (services/mcp-gateway). `takes` looks at
 * the request line and headers only (nothing read); a request it does not take goes to Fastify
 * untouched.
 */
export interface FrontDoor {
  /** the route the requests it takes are measured and logged under (`/mcp`) */
  readonly route: string;
  /** the operation its log lines name, as the route's Fastify config does (`mcp`) */
  readonly operationId: string;
  takes(req: IncomingMessage): boolean;
  /** answers a request `takes` accepted; `clientIp` as Fastify's `request.ip` would say it */
  serve(req: IncomingMessage, res: ServerResponse, clientIp: string): void;
  /**
   * a door that answers several routes (the REST edge's lean reads): the route and operation of a
   * request it took, instead of `route` and `operationId`, asked once `takes` said yes; `principal`
   * and `traceparent` are read when the log line is written (filled in while serving)
   */
  labelsOf?(req: IncomingMessage): FrontDoorLabels;
}

/** what a request answered at a front door is measured and logged as */
export interface FrontDoorLabels {
  readonly route: string;
  readonly operationId: string;
  /** the caller's account, once known (the log line's `principal`) */
  readonly principal?: string | null;
  /** the trace the request was passed on with (the log line's `trace_id`), when not its header's */
  readonly traceparent?: string;
  /** the path as a log line may hold it (loggablePath), when not `route` */
  readonly loggedPath?: string;
}

export interface FrontDoorServerOptions {
  /** TRUST_PROXY, as the Fastify app's `trustProxy` (fastifyTrustProxy): the same client address */
  readonly trustProxy: TrustProxy;
  /** the process's metrics and tracing: a request taken is measured as Fastify's are (mountOps) */
  readonly ops?: Ops;
  /** one `request` line per request taken, at info, as the edges write for theirs */
  readonly logger: Logger;
}

/** the options of Fastify's own server that `serverFactory` receives (Fastify sets them only on a server it makes) */
interface FastifyServerOptions {
  readonly http?: http.ServerOptions;
  readonly keepAliveTimeout?: number;
  readonly requestTimeout?: number;
  readonly connectionTimeout?: number;
  readonly maxRequestsPerSocket?: number;
}

/** the door that takes a request, if one does (the first that does) */
const doorFor = (doors: readonly FrontDoor[], req: IncomingMessage): FrontDoor | undefined => {
  for (const door of doors) if (door.takes(req)) return door;
  return undefined;
};

/**
 * A Fastify `serverFactory` whose server hands every request to the front doors first (in order),
 * and to Fastify the ones none takes. The server is made as Fastify makes its own (its timeouts
 * and keep-alive from Fastify's options), so Fastify's `listen`, `close` and connection handling
 * are unchanged.
 */
export const frontDoorServer =
  (doorOrDoors: FrontDoor | readonly FrontDoor[], options: FrontDoorServerOptions) =>
  (fastifyHandler: (req: IncomingMessage, res: ServerResponse) => void, fastifyOptions: FastifyServerOptions) => {
    const { ops, logger } = options;
    const doors: readonly FrontDoor[] = Array.isArray(doorOrDoors) ? doorOrDoors : [doorOrDoors as FrontDoor];
    const trust = trustFunctionOf(options.trustProxy);
    const clientIpOf = (req: IncomingMessage): string =>
      (trust ? proxyAddr(req, trust) : req.socket.remoteAddress) ?? 'unknown';
    const requestLine = (req: IncomingMessage, labels: FrontDoorLabels) => (status: number, ms: number) => {
      logger.info(
        {
          operation: labels.operationId,
          method: req.method,
          url: labels.loggedPath ?? labels.route,
          principal: labels.principal ?? null,
          trace_id: traceIdOf(labels.traceparent ?? (req.headers.traceparent as string | undefined)),
          status,
          ms: Math.round(ms),
        },
        'request',
      );
    };
    const server = http.createServer(fastifyOptions.http ?? {}, (req, res) => {
      const door = doorFor(doors, req);
      if (!door) return fastifyHandler(req, res);
      const labels: FrontDoorLabels = door.labelsOf?.(req) ?? door;
      const serve = () => door.serve(req, res, clientIpOf(req));
      // the request line's closure only when it will be written
      const logged = logger.isLevelEnabled('info') ? requestLine(req, labels) : undefined;
      if (ops) {
        measureRawRequest(ops, labels.route, req, res, serve, logged);
        return;
      }
      if (logged) {
        const started = performance.now();
        res.once('close', () => logged(res.statusCode, performance.now() - started));
      }
      serve();
    });
    if (fastifyOptions.keepAliveTimeout !== undefined) server.keepAliveTimeout = fastifyOptions.keepAliveTimeout;
    if (fastifyOptions.requestTimeout !== undefined) server.requestTimeout = fastifyOptions.requestTimeout;
    if (fastifyOptions.connectionTimeout !== undefined) server.setTimeout(fastifyOptions.connectionTimeout);
    if (fastifyOptions.maxRequestsPerSocket) server.maxRequestsPerSocket = fastifyOptions.maxRequestsPerSocket;
    return server;
  };
