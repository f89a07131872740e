import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { EventStore } from '../event-store/event-store.ts';

/** a projection (read model) whose lag behind its event log the metrics report */
export interface ProjectionProbe {
  readonly name: string;
  /** position of the last event folded in */
  position(): number;
  /** the log it folds: the first event after `position` tells how far behind it is */
  readonly events: Pick<EventStore, 'readAll'>;
}

/** seconds: from a cache hit to a slow write through the bus */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One process's Prometheus metrics (prom-client), in a registry of its own (tests run several
 * processes' worth in one): Node's default metrics, HTTP requests at the edges (rate and latency:
 * the histogram's `_count` and buckets; 5xx answers counted again as errors), bus round trips from
 * the requester's side and handlers on the server's side, integration events handled, and each
 * projection's position and lag. Every series carries `process` (gateway, catalog, ... or listings
 * in all-in-one).
 */
export const createMetrics = (processName: string) => {
  const registry = new Registry();
  registry.setDefaultLabels({ process: processName });
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  /** a latency histogram in this registry */
  const latency = <Label extends string>(name: string, help: string, labelNames: readonly Label[]) =>
    new Histogram<Label>({ name, help, labelNames, buckets: LATENCY_BUCKETS, registers });
  const httpDuration = latency(
    'listings_http_request_duration_seconds',
    'HTTP requests answered, by method, route pattern and status: rate (_count) and latency',
    ['method', 'route', 'status'],
  );
  const httpErrors = new Counter({
    name: 'listings_http_request_errors_total',
    help: 'HTTP requests answered with a 5xx status, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const busRequests = latency(
    'listings_bus_request_duration_seconds',
    'bus round trips (request to reply) by subject and outcome (ok, timeout, unavailable, error)',
    ['subject', 'outcome'],
  );
  const busHandled = latency(
    'listings_bus_handler_duration_seconds',
    'requests this process answered on the bus, by subject and outcome (ok, error)',
    ['subject', 'outcome'],
  );
  const eventsHandled = new Counter({
    name: 'listings_bus_events_handled_total',
    help: 'integration events handled by a durable consumer, by consumer and outcome (ok: acked, error: redelivered)',
    labelNames: ['consumer', 'outcome'] as const,
    registers,
  });
  const projections: ProjectionProbe[] = [];
  new Gauge({
    name: 'listings_projection_position',
    help: 'position of the last event a projection folded in',
    labelNames: ['projection'] as const,
    registers,
    collect() {
      for (const projection of projections) this.set({ projection: projection.name }, projection.position());
    },
  });
  new Gauge({
    name: 'listings_projection_lag_seconds',
    help: 'age of the oldest event in the log that a projection has not folded in yet (0: caught up)',
    labelNames: ['projection'] as const,
    registers,
    async collect() {
      const now = Date.now();
      await Promise.all(
        projections.map(async (projection) => {
          try {
            const [next] = await projection.events.readAll(projection.position(), 1);
            const lag = next ? Math.max(0, (now - Date.parse(next.recordedAt)) / 1000) : 0;
            this.set({ projection: projection.name }, lag);
          } catch {
            // the store is unreachable: no figure this time (readiness says so)
            this.remove({ projection: projection.name });
          }
        }),
      );
    },
  });
  return {
    registry,
    httpDuration,
    httpErrors,
    busRequests,
    busHandled,
    eventsHandled,
    addProjection: (projection: ProjectionProbe) => void projections.push(projection),
  };
};

export type ProcessMetrics = ReturnType<typeof createMetrics>;
