import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/in-process-bus.ts';
import { loadConfig } from '../config.ts';
import { processTracing } from '../runtime.ts';
import { instrumentBus } from './instrumented-bus.ts';
import { createMetrics } from './metrics.ts';

/**
 * OTEL_EXPORTER_OTLP_ENDPOINT turns tracing on: the process's spans reach `<endpoint>/v1/traces`
 * over OTLP/HTTP (here a loopback server standing in for a collector); unset, there is no tracer.
 */
describe('tracing configured by OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('when it is unset then no tracing starts', async () => {
    expect(await processTracing('quiet', loadConfig({}))).toBeNull();
  });

  it('when it is set then a traced bus request and its handler are exported to <endpoint>/v1/traces', async () => {
    const received: { url: string; type: string; body: Buffer }[] = [];
    const collector = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          url: request.url ?? '',
          type: request.headers['content-type'] ?? '',
          body: Buffer.concat(chunks),
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    try {
      const port = (collector.address() as AddressInfo).port;
      const config = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}/` });
      expect(config.otlpEndpoint).toBe(`http://127.0.0.1:${port}`);
      const tracing = await processTracing('otlp-wiring-test', config);
      expect(tracing).not.toBeNull();
      const bus = instrumentBus(createInProcessBus(), createMetrics('otlp-wiring-test'), { traced: true });
      await bus.serve('wiring.echo', async (payload) => payload);
      expect(await bus.request('wiring.echo', { ok: true })).toEqual({ ok: true });
      await bus.close();
      // shutdown sends what the batch processor holds
      await tracing?.shutdown();
      expect(received.map((r) => r.url)).toContain('/v1/traces');
      const body = Buffer.concat(received.map((r) => r.body)).toString('latin1');
      expect(body).toContain('otlp-wiring-test');
      expect(body).toContain('wiring.echo request');
      expect(body).toContain('wiring.echo handle');
    } finally {
      collector.close();
    }
  });
});
