import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveredEvent } from '../bus/bus.ts';
import { createInProcessBus } from '../bus/in-process-bus.ts';
import { openMemoryCheckpointStore } from '../checkpoints/memory-checkpoint-store.ts';
import { openMemoryEventStore } from '../event-store/memory-event-store.ts';
import { withTraceMetadata } from '../event-store/trace-metadata.ts';
import { publishFromLog } from '../integration-events/publish-from-log.ts';
import { type ReadableSpan, startInMemoryTracing } from '../testing/spans.ts';
import { instrumentBus } from './instrumented-bus.ts';
import { createMetrics } from './metrics.ts';

/**
 * A request's trace goes on through the events it wrote: the handler appends inside its span, the
 * stored event keeps that traceparent, the publisher sends it with the integration event, and the
 * consumer's span is a child of the handler's, in the same trace.
 */
describe('a trace from a request through its event to the consumer', () => {
  let tracing: Awaited<ReturnType<typeof startInMemoryTracing>>;
  beforeAll(async () => {
    tracing = await startInMemoryTracing('event-trace-test');
  });
  afterAll(() => tracing.shutdown());

  it('when a traced handler appends an event then its consumer’s span is the handler span’s child', async () => {
    const store = withTraceMetadata(openMemoryEventStore());
    const bus = instrumentBus(createInProcessBus(), createMetrics('event-trace-test'), { traced: true });
    await bus.serve('orders.place', async () => {
      await store.append('order-1', [{ id: randomUUID(), type: 'OrderPlaced', data: { n: 1 } }], 'no_stream');
      return { ok: true };
    });
    // resolves with the event that carries `n` once the consumer has it
    const seen: DeliveredEvent[] = [];
    let waiting: { n: number; resolve: (event: DeliveredEvent) => void } | undefined;
    const deliveredWith = (n: number) =>
      new Promise<DeliveredEvent>((resolve) => {
        const found = seen.find((event) => (event.data as { n: number }).n === n);
        if (found) resolve(found);
        else waiting = { n, resolve };
      });
    const consumer = await bus.consume({
      durable: 'order-watcher',
      filter: 'events.orders.>',
      handler: async (event) => {
        seen.push(event);
        if (waiting && (event.data as { n: number }).n === waiting.n) waiting.resolve(event);
      },
    });
    const publisher = await publishFromLog({
      store,
      checkpoints: openMemoryCheckpointStore(),
      bus,
      name: 'orders-publisher',
      map: (event) => ({ subject: 'events.orders.placed', data: event.data }),
    });
    try {
      // outside any span: an append records no trace
      await store.append('order-0', [{ id: randomUUID(), type: 'OrderPlaced', data: { n: 0 } }], 'no_stream');
      expect((await store.readStream('order-0'))[0]?.metadata).toEqual({});

      await bus.request('orders.place', {});
      const stored = (await store.readStream('order-1'))[0];
      expect(stored?.metadata.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
      const event = await deliveredWith(1);
      expect(event.headers.traceparent).toBe(stored?.metadata.traceparent);
      expect((await deliveredWith(0)).headers.traceparent).toBeUndefined();

      const spans = tracing.spans();
      const handle = spans.find((span) => span.name === 'orders.place handle') as ReadableSpan;
      const process = spans.find(
        (span) => span.name === 'events.orders.placed process' && span.parentSpanContext !== undefined,
      ) as ReadableSpan;
      expect(handle, spans.map((span) => span.name).join(', ')).toBeDefined();
      expect(process, spans.map((span) => span.name).join(', ')).toBeDefined();
      expect(process.spanContext().traceId).toBe(handle.spanContext().traceId);
      expect(process.parentSpanContext?.spanId).toBe(handle.spanContext().spanId);
    } finally {
      await publisher.close();
      await consumer.stop();
      await bus.close();
    }
  });
});
