import {
  type Context,
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-node';
import { newTraceparent } from '../bus/trace.ts';

/**
 * OpenTelemetry tracing (issue 15): on only when OTEL_EXPORTER_OTLP_ENDPOINT is set, spans sent to
 * `<endpoint>/v1/traces` over OTLP/HTTP. The edges open a server span per HTTP request, the bus a
 * client span per request and a server span per handled request (and a consumer span per
 * integration event), linked through the W3C `traceparent` the bus envelope already carries: an
 * edge's request and the service handler that answers it, in another process, are one trace.
 */
export interface Tracing {
  /** sends what is buffered, then stops */
  shutdown(): Promise<void>;
}

const TRACER = 'listings';

/**
 * Registers the process's tracer provider (once per process: the first call wins). `exporter`
 * replaces the OTLP one (tests: an in-memory exporter, spans exported as they end). The SDK is
 * loaded here, on demand: a process without tracing never loads it.
 */
export const startTracing = async (options: {
  readonly serviceName: string;
  readonly endpoint?: string;
  readonly exporter?: SpanExporter;
}): Promise<Tracing> => {
  const [{ W3CTraceContextPropagator }, { OTLPTraceExporter }, { resourceFromAttributes }, sdk] = await Promise.all([
    import('@opentelemetry/core'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
  ]);
  const { BatchSpanProcessor, NodeTracerProvider, SimpleSpanProcessor } = sdk;
  const exporter =
    options.exporter ?? new OTLPTraceExporter({ url: `${(options.endpoint ?? '').replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  return { shutdown: () => provider.shutdown() };
};

const tracer = () => trace.getTracer(TRACER);

type Carrier = Record<string, string>;

/** the context a W3C `traceparent` in `headers` names, else `fallback` */
export const contextFrom = (headers: Readonly<Carrier> | undefined, fallback: Context = ROOT_CONTEXT): Context =>
  headers?.traceparent ? propagation.extract(ROOT_CONTEXT, headers) : fallback;

/** `headers` with the `traceparent` (and `tracestate`) of `span` */
export const withTraceHeaders = (headers: Readonly<Carrier> | undefined, span: Span): Carrier => {
  const carrier: Carrier = { ...headers };
  delete carrier.traceparent;
  delete carrier.tracestate;
  propagation.inject(trace.setSpan(ROOT_CONTEXT, span), carrier);
  return carrier;
};

/** runs `work` in a new span of `kind` under `parent`; the span ends with its outcome */
export const inSpan = async <T>(
  name: string,
  kind: SpanKind,
  parent: Context,
  attributes: Record<string, string>,
  work: (span: Span) => Promise<T>,
): Promise<T> => {
  const span = tracer().startSpan(name, { kind, attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
};

/** a server span for one HTTP request, its parent the caller's `traceparent` (if any) */
export const startHttpSpan = (method: string, route: string, headers: Readonly<Record<string, unknown>>): Span => {
  const incoming = typeof headers.traceparent === 'string' ? { traceparent: headers.traceparent } : undefined;
  return tracer().startSpan(
    `${method} ${route}`,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'http.route': route } },
    contextFrom(incoming),
  );
};

/** the W3C traceparent naming `span` */
export const traceparentOf = (span: Span): string => withTraceHeaders(undefined, span).traceparent as string;

/**
 * The traceparent for a bus request sent by code that has no request headers at hand (an MCP tool
 * call inside the SDK): the active span's (the edge's HTTP span, when tracing is on), so the
 * request joins that trace; else a new trace (tracing off: the id still ties the logs together).
 */
export const activeTraceparentOrNew = (): string => activeTraceparent() ?? newTraceparent();

/** the active span's traceparent; undefined when there is none (tracing off, or outside any span) */
export const activeTraceparent = (): string | undefined => {
  const span = trace.getActiveSpan();
  return span && isSpanContextValid(span.spanContext()) ? traceparentOf(span) : undefined;
};

/** runs `work` (and what it starts) with `span` active */
export const withActiveSpan = <T>(span: Span, work: () => T): T =>
  context.with(trace.setSpan(context.active(), span), work);

/** ends an HTTP server span with the response's status (5xx: an error) */
export const endHttpSpan = (span: Span, status: number): void => {
  span.setAttribute('http.response.status_code', status);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
};

export { context, SpanKind };
