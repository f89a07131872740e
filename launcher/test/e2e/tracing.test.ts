import { startCatalog } from '@listings/catalog';
import { startGateway } from '@listings/gateway';
import { startMcpGateway } from '@listings/mcp-gateway';
import { silentLogger } from '@listings/platform/logger';
import { startServiceProcess } from '@listings/platform/runtime';
import { natsServerAvailable, type RunningNatsServer, startNatsServer } from '@listings/platform/testing/nats-server';
import { type ReadableSpan, startInMemoryTracing } from '@listings/platform/testing/spans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, testConfig } from '../support.ts';

/**
 * OpenTelemetry across NATS (issue 15): the gateway and the catalog, each with its own NATS
 * connection to a real nats-server (as two processes would be), traced into one in-memory
 * exporter. A REST request's HTTP span at the edge, the bus request it sends and the catalog's
 * handler are one trace, each span the child of the one before, linked through the traceparent
 * that travels in the NATS headers; a caller's own traceparent is the trace they join.
 */
const available = natsServerAvailable();
if (!available) console.warn('tracing test skipped: nats-server is not on the PATH');

describe.skipIf(!available)('tracing an edge request to the service that answers it', () => {
  const data = tempDataDir();
  let exporter: Awaited<ReturnType<typeof startInMemoryTracing>>;
  let nats: RunningNatsServer;
  let base: string;
  let mcp: string;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    exporter = await startInMemoryTracing('tracing-test');
    stops.push(() => exporter.shutdown());
    nats = await startNatsServer();
    stops.push(() => nats.stop());
    const config = testConfig({ DATA_DIR: data.dir, PORT: '0', MCP_PORT: '0', OPS_PORT: '0', NATS_URL: nats.url });
    const options = { config, logger: silentLogger(), natsUrl: nats.url, traced: true };
    const catalog = await startServiceProcess('catalog', startCatalog, options);
    stops.push(() => catalog.stop());
    const gateway = await startServiceProcess('gateway', (deps) => startGateway({ ...deps, host: '127.0.0.1' }), {
      ...options,
      ownHttp: true,
    });
    stops.push(() => gateway.stop());
    base = `http://127.0.0.1:${gateway.port}`;
    const mcpGateway = await startServiceProcess(
      'mcp-gateway',
      (deps) => startMcpGateway({ ...deps, host: '127.0.0.1' }),
      { ...options, ownHttp: true },
    );
    stops.push(() => mcpGateway.stop());
    mcp = `http://127.0.0.1:${mcpGateway.port}/mcp`;
  }, 60_000);
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    data.remove();
  });

  const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
  /** the spans of one trace, found by the HTTP span of `route` */
  const traceOf = (route: string, method = 'GET') => {
    const spans = exporter.spans();
    const http = spans.find((span) => span.name === `${method} ${route}`);
    expect(http, spans.map((span) => span.name).join(', ')).toBeDefined();
    const traceId = (http as ReadableSpan).spanContext().traceId;
    return { http: http as ReadableSpan, spans: spans.filter((span) => span.spanContext().traceId === traceId) };
  };

  it('when a REST request reaches the catalog over NATS then the HTTP span, the bus request and the handler are one trace', async () => {
    exporter.reset();
    const response = await fetch(`${base}/api/v1/categories`);
    expect(response.status).toBe(200);
    const { http, spans } = traceOf('/api/v1/categories');
    const request = spans.find((span) => span.name.endsWith(' request') && span.name.startsWith('catalog.'));
    const handler = spans.find((span) => span.name === `${request?.name.replace(/ request$/, '')} handle`);
    expect(request, spans.map((span) => span.name).join(', ')).toBeDefined();
    expect(handler, spans.map((span) => span.name).join(', ')).toBeDefined();
    expect(parentOf(request as ReadableSpan)).toBe(http.spanContext().spanId);
    expect(parentOf(handler as ReadableSpan)).toBe((request as ReadableSpan).spanContext().spanId);
    expect(http.attributes['http.response.status_code']).toBe(200);
    expect(exporter.spans().some((span) => span.name === 'GET /healthz')).toBe(false);
  });

  it('when the caller sends a traceparent then the request joins the caller’s trace', async () => {
    exporter.reset();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    // a read not asked before: the edge's read cache has no answer for it, so the catalog is asked
    const url = `${base}/api/v1/categories?include_empty=true`;
    const response = await fetch(url, { headers: { traceparent: `00-${traceId}-${callerSpan}-01` } });
    expect(response.status).toBe(200);
    const { http, spans } = traceOf('/api/v1/categories');
    expect(http.spanContext().traceId).toBe(traceId);
    expect(parentOf(http)).toBe(callerSpan);
    expect(spans.some((span) => span.name.endsWith(' handle'))).toBe(true);
    // asked again, it is answered from the edge's read cache: the HTTP span joins the caller's
    // trace as before, and no request goes to the catalog
    exporter.reset();
    expect((await fetch(url, { headers: { traceparent: `00-${traceId}-${callerSpan}-01` } })).status).toBe(200);
    const again = traceOf('/api/v1/categories');
    expect(again.http.spanContext().traceId).toBe(traceId);
    expect(parentOf(again.http)).toBe(callerSpan);
    expect(again.spans.some((span) => span.name.endsWith(' handle') || span.name.endsWith(' request'))).toBe(false);
  });

  it('when an MCP client calls a tool then the /mcp HTTP span, the bus request and the catalog’s handler are one trace', async () => {
    exporter.reset();
    const response = await fetch(mcp, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'list_categories',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'list_categories',
          arguments: {},
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result?: { isError?: boolean } };
    expect(body.result?.isError).toBeFalsy();
    const { http, spans } = traceOf('/mcp', 'POST');
    const request = spans.find((span) => span.name === 'catalog.list_categories request');
    const handler = spans.find((span) => span.name === 'catalog.list_categories handle');
    expect(request, spans.map((span) => span.name).join(', ')).toBeDefined();
    expect(handler, spans.map((span) => span.name).join(', ')).toBeDefined();
    expect(parentOf(request as ReadableSpan)).toBe(http.spanContext().spanId);
    expect(parentOf(handler as ReadableSpan)).toBe((request as ReadableSpan).spanContext().spanId);
  });
});
