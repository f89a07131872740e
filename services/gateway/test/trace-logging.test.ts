import { createInProcessBus } from '@listings/platform/bus';
import { serveOperations } from '@listings/platform/service-host';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, capturingLogger } from './support.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const start = async () => {
  const bus = createInProcessBus();
  const gateway = capturingLogger();
  const catalog = capturingLogger();
  const served = await serveOperations({
    service: 'catalog',
    bus,
    logger: catalog.logger,
    handlers: { get_listing: async (call) => ({ slug: call.params.slug }) },
  });
  const app = await buildTestApp(bus, { logger: gateway.logger });
  cleanups.push(async () => {
    await app.close();
    await served.stop();
    await bus.close();
  });
  return { app, gatewayLines: gateway.lines, serviceLines: catalog.lines };
};

describe('trace ids in the logs', () => {
  it('when a call comes with a traceparent then the gateway and the service log its trace id', async () => {
    const { app, gatewayLines, serviceLines } = await start();
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const response = await app.inject({ url: '/api/v1/listings/notion', headers: { traceparent } });
    expect(response.statusCode).toBe(200);
    // the gateway's line is written once the response has gone out
    await vi.waitFor(() =>
      expect(gatewayLines.find((l) => l.msg === 'request')).toMatchObject({
        operation: 'get_listing',
        trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
      }),
    );
    expect(serviceLines.find((l) => l.msg === 'operation')).toMatchObject({
      operation: 'get_listing',
      trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
    });
  });

  it('when a call comes without one then both lines carry the same new trace id', async () => {
    const { app, gatewayLines, serviceLines } = await start();
    expect((await app.inject({ url: '/api/v1/listings/notion' })).statusCode).toBe(200);
    await vi.waitFor(() => expect(gatewayLines.some((l) => l.msg === 'request')).toBe(true));
    const traceId = gatewayLines.find((l) => l.msg === 'request')?.trace_id;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(serviceLines.find((l) => l.msg === 'operation')?.trace_id).toBe(traceId);
  });
});

describe('requests Fastify refuses before routing', () => {
  it('when a path is not valid percent-encoded UTF-8 then the 400 is logged like any request', async () => {
    const { app, gatewayLines } = await start();
    expect((await app.inject({ url: '/api/v1/listings/%E0%A4%A' })).statusCode).toBe(400);
    await vi.waitFor(() =>
      expect(gatewayLines.find((l) => l.msg === 'request')).toMatchObject({
        operation: null,
        status: 400,
        url: '/api/v1/listings/%E0%A4%A',
      }),
    );
  });
});
