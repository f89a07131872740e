import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Span } from '@opentelemetry/api';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Bus } from '../bus/bus.ts';
import { problemTypeUri } from '../errors.ts';
import { createMetrics, type ProcessMetrics, type ProjectionProbe } from './metrics.ts';
import { endHttpSpan, startHttpSpan, traceparentOf, withActiveSpan } from './tracing.ts';

/** a store the process needs: readiness pings it */
export interface StoreProbe {
  readonly name: string;
  /** one cheap round trip to the store; rejects (or outlasts the probe's timeout) when it is down */
  ping(): Promise<unknown>;
}

/** what a service's composition root hands its process for /readyz and /metrics */
export interface Probes {
  readonly stores: readonly StoreProbe[];
  readonly projections?: readonly ProjectionProbe[];
}

/** one check longer than this counts as down: a probe answers before Kubernetes' own timeout (1 s default is raised to 5 s in the manifests) */
export const CHECK_TIMEOUT_MS = 2_000;

export interface Readiness {
  readonly ready: boolean;
  /** `up`, or why not, per check (`bus`, `catalog: read models`, ...) */
  readonly checks: Readonly<Record<string, string>>;
}

const withTimeout = async (check: () => Promise<unknown>, timeoutMs: number): Promise<void> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
};

const reasonOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 200) ?? 'down';

/**
 * A process's operations surface: `/healthz` (liveness: the process runs and answers), `/readyz`
 * (readiness: the bus and every store it uses answer; 503 problem+json naming what is down, and
 * 503 once shutdown has begun, so no new traffic is routed to it) and `/metrics` (Prometheus).
 * Every process has one: the edges mount it on their own HTTP server, the services serve it on
 * OPS_PORT, all-in-one mode serves one for everything on PORT.
 */
export const createOps = (options: {
  readonly process: string;
  readonly bus?: Bus;
  readonly metrics?: ProcessMetrics;
  /** a server span per HTTP request (OTEL_EXPORTER_OTLP_ENDPOINT set) */
  readonly traced?: boolean;
  /** not ready until `started()` (a service's ops server answers /healthz while it starts) */
  readonly starting?: boolean;
}) => {
  const metrics = options.metrics ?? createMetrics(options.process);
  const stores: StoreProbe[] = [];
  /** stores the process is waiting for (store-wait.ts), with why: named by /readyz until they answer */
  const awaited = new Map<string, string>();
  let phase: 'starting' | 'running' | 'draining' = options.starting ? 'starting' : 'running';
  if (options.bus?.ping) {
    const bus = options.bus;
    stores.push({ name: 'bus', ping: () => (bus.ping as () => Promise<void>)() });
  }
  return {
    metrics,
    traced: options.traced ?? false,
    /** a service's stores and projections; `prefix` names the service when one process runs several */
    addProbes(probes: Probes, prefix?: string): void {
      const named = (name: string) => (prefix ? `${prefix}: ${name}` : name);
      for (const store of probes.stores) stores.push({ name: named(store.name), ping: store.ping });
      for (const projection of probes.projections ?? [])
        metrics.addProjection({ ...projection, name: named(projection.name), position: projection.position });
    },
    /** a store the process waits for (`reason`), or answers again (null): /readyz names it meanwhile */
    waiting(store: string, reason: string | null): void {
      if (reason === null) awaited.delete(store);
      else awaited.set(store, reason);
    },
    /** the process has started: readiness now depends on its checks alone */
    started(): void {
      if (phase === 'starting') phase = 'running';
    },
    /** shutdown has begun: readiness answers 503 from now on */
    drain(): void {
      phase = 'draining';
    },
    async readiness(timeoutMs = CHECK_TIMEOUT_MS): Promise<Readiness> {
      const checks: Record<string, string> = {};
      if (phase !== 'running') checks.process = phase === 'starting' ? 'starting' : 'shutting down';
      for (const [store, reason] of awaited) checks[store] = `down: ${reason}`;
      await Promise.all(
        stores.map(async (store) => {
          try {
            await withTimeout(store.ping, timeoutMs);
            checks[store.name] = 'up';
          } catch (error) {
            checks[store.name] = `down: ${reasonOf(error)}`;
          }
        }),
      );
      return { ready: Object.values(checks).every((state) => state === 'up'), checks };
    },
  };
};

export type Ops = ReturnType<typeof createOps>;

export const OPS_PATHS = ['/healthz', '/readyz', '/metrics'] as const;

/** a request's measures, once answered: its latency, a 5xx counted as an error, its span ended */
const observeHttp = (ops: Ops, method: string, route: string, status: number, ms: number, span: Span | undefined) => {
  if (span) endHttpSpan(span, status);
  const labels = { method, route, status: String(status) };
  ops.metrics.httpDuration.observe(labels, ms / 1000);
  if (status >= 500) ops.metrics.httpErrors.inc(labels);
};

/**
 * Measures a request answered on the Node request itself, ahead of Fastify (a front door:
 * edge/front-door.ts) as `mountOps` measures the ones Fastify answers: `answer` runs with the
 * request's span active when tracing is on (its traceparent in the request's headers, as the
 * edges pass it on), and the latency, status and span are taken when the response is done.
 * `done` is told the status and milliseconds too (the request's log line).
 */
export const measureRawRequest = (
  ops: Ops,
  route: string,
  req: IncomingMessage,
  res: ServerResponse,
  answer: () => void,
  done?: (status: number, ms: number) => void,
): void => {
  const started = performance.now();
  const method = req.method ?? 'GET';
  const span = ops.traced ? startHttpSpan(method, route, req.headers) : undefined;
  // 'close': the response was sent, or its connection ended before (one listener for both)
  res.once('close', () => {
    const ms = performance.now() - started;
    observeHttp(ops, method, route, res.statusCode, ms, span);
    done?.(res.statusCode, ms);
  });
  if (!span) {
    answer();
    return;
  }
  req.headers.traceparent = traceparentOf(span);
  withActiveSpan(span, answer);
};

/**
 * Mounts /healthz, /readyz and /metrics on a Fastify app, and measures every other request the
 * app answers (method, route pattern, status, latency). Called on the root instance, so the hook
 * sees every route.
 */
export const mountOps = (app: FastifyInstance, ops: Ops): void => {
  const spans = new WeakMap<FastifyRequest, Span>();
  const measured = (request: FastifyRequest) =>
    !(OPS_PATHS as readonly string[]).includes(request.routeOptions.url ?? '');
  if (ops.traced)
    app.addHook('onRequest', (request, _reply, done) => {
      if (!measured(request)) return done();
      const span = startHttpSpan(request.method, request.routeOptions.url ?? 'unmatched', request.headers);
      spans.set(request, span);
      // the edges pass the caller's traceparent on to the bus (and log its trace id): from here
      // on it names this span, so the services' spans are its children
      request.headers.traceparent = traceparentOf(span);
      // the rest of the request runs with this span active (what the handler sends joins it)
      withActiveSpan(span, done);
    });
  app.addHook('onResponse', async (request, reply) => {
    if (!measured(request)) return;
    observeHttp(
      ops,
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime,
      spans.get(request),
    );
  });
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const { ready, checks } = await ops.readiness();
    reply.header('cache-control', 'no-store');
    if (ready) return reply.send({ status: 'ready', checks });
    const down = Object.entries(checks)
      .filter(([, state]) => state !== 'up')
      .map(([name, state]) => `${name} (${state})`);
    return reply
      .code(503)
      .header('retry-after', '5')
      .type('application/problem+json')
      .send(
        JSON.stringify({
          type: problemTypeUri('service-unavailable'),
          title: 'Service unavailable',
          status: 503,
          detail: `not ready: ${down.join('; ')}`,
          checks,
        }),
      );
  });
  app.get('/metrics', async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type(ops.metrics.registry.contentType)
      .send(await ops.metrics.registry.metrics()),
  );
};

/**
 * A service without an HTTP server of its own (catalog, drafting, commerce, claims) serves its
 * operations surface on OPS_PORT; `port` 0 takes a free one (the cluster launcher's choice).
 */
export const startOpsServer = async (ops: Ops, options: { readonly port: number; readonly host?: string }) => {
  const app = Fastify({ logger: false });
  mountOps(app, ops);
  await app.listen({ port: options.port, host: options.host ?? '0.0.0.0' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { port, stop: () => app.close() };
};
