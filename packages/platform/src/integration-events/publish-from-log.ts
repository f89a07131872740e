import { setTimeout as sleep } from 'node:timers/promises';
import type { Bus, IntegrationEvent } from '../bus/bus.ts';
import { openCheckpointCursor } from '../checkpoints/checkpoint-cursor.ts';
import type { CheckpointStore } from '../checkpoints/checkpoint-store.ts';
import { runLeased } from '../checkpoints/subscription-lease.ts';
import type { AllSubscription, EventStore, RecordedEvent } from '../event-store/event-store.ts';
import { traceparentOfEvent } from '../event-store/trace-metadata.ts';

/** the longest pause between two attempts to publish one event while the bus refuses it */
const MAX_RETRY_MS = 30_000;

/**
 * Publishes integration events from a service's event log, never from the request path: a
 * checkpointed subscription maps each stored domain event to zero or one contract event and
 * publishes it with the stored event's id as the de-duplication id. The checkpoint is saved after
 * each published event, and after every PASSED_OVER_PER_SAVE events that publish nothing (and on
 * close), so a first start over a long log does not write once per event. A crash between append and
 * publish loses nothing (the subscription resumes after its checkpoint); a crash between publish
 * and checkpoint publishes that event again, which the bus de-duplicates by id (and consumers
 * handle idempotently). An event appended inside a traced request (`metadata.traceparent`) is
 * published with that traceparent, so its consumers' spans join that request's trace. While the bus refuses an event (e.g. NATS is away) the same event is tried
 * again with a growing pause, and nothing later is published before it. Where the checkpoints are
 * shared by replicas in other processes (MongoDB), one replica at a time publishes, under a lease
 * on `name` (subscription-lease.ts), and another takes over when it stops or dies.
 */
export const publishFromLog = async (options: {
  readonly store: EventStore;
  readonly checkpoints: CheckpointStore;
  readonly bus: Bus;
  /** durable name of this publisher's checkpoint */
  readonly name: string;
  /** the contract event for a domain event, or null when it is not published (may read the store) */
  readonly map: (
    event: RecordedEvent,
  ) => Omit<IntegrationEvent, 'id'> | null | Promise<Omit<IntegrationEvent, 'id'> | null>;
  /** a publish failed and will be tried again (default: nothing) */
  readonly onPublishError?: (error: unknown, event: RecordedEvent) => void;
  /** the mapping or the checkpoint failed: the publisher stops */
  readonly onError?: (error: unknown) => void;
  /** taking or renewing the lease failed (the store unreachable): tried again; for the log */
  readonly onLeaseError?: (error: unknown) => void;
}): Promise<AllSubscription> =>
  // replicas sharing the checkpoints (MongoDB): one publishes at a time, under a lease on the name
  runLeased({
    checkpoints: options.checkpoints,
    name: options.name,
    start: (failed) => publishUnleased(options, failed),
    ...(options.onLeaseError ? { onLeaseError: options.onLeaseError } : {}),
  });

const publishUnleased = async (
  options: Parameters<typeof publishFromLog>[0],
  failed?: (error: unknown) => void,
): Promise<AllSubscription> => {
  let closed = false;
  const abort = new AbortController();
  // events that publish nothing move the checkpoint only every so many (a restart maps them again)
  const cursor = await openCheckpointCursor(options.checkpoints, options.name);
  const subscription = options.store.subscribeAll({
    after: cursor.saved,
    handler: async (event) => {
      const mapped = await options.map(event);
      if (!mapped) return cursor.passedOver(event.position);
      for (let failures = 0; ; failures++) {
        try {
          // the trace of the request that wrote the event goes on with its consumers
          const traceparent = traceparentOfEvent(event.metadata);
          await options.bus.publish(
            traceparent === undefined
              ? { ...mapped, id: event.id }
              : { ...mapped, id: event.id, headers: { ...mapped.headers, traceparent } },
          );
          await cursor.handled(event.position);
          return;
        } catch (error) {
          if (closed) throw error;
          options.onPublishError?.(error, event);
          await sleep(Math.min(MAX_RETRY_MS, 100 * 2 ** failures), undefined, { signal: abort.signal }).catch(
            () => undefined,
          );
          if (closed) throw error;
        }
      }
    },
    ...(options.onError || failed
      ? {
          onError: (error: unknown) => {
            if (closed) return;
            options.onError?.(error);
            failed?.(error);
          },
        }
      : {}),
  });
  return {
    caughtUp: subscription.caughtUp,
    close: async () => {
      closed = true;
      abort.abort();
      await subscription.close();
      await cursor.close();
    },
  };
};
