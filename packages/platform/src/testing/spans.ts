import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { startTracing } from '../observability/tracing.ts';

export type { ReadableSpan };

/**
 * Tracing into memory for tests: this process's tracer provider (registered once per process)
 * keeps every finished span, for a test to read with `spans()`.
 */
export const startInMemoryTracing = async (serviceName = 'test') => {
  const exporter = new InMemorySpanExporter();
  const tracing = await startTracing({ serviceName, exporter });
  return {
    spans: (): ReadableSpan[] => exporter.getFinishedSpans(),
    reset: () => exporter.reset(),
    shutdown: () => tracing.shutdown(),
  };
};
