import type { AllSubscription, EventStore, RecordedEvent } from '../event-store/event-store.ts';
import { openCheckpointCursor, PASSED_OVER_PER_SAVE } from './checkpoint-cursor.ts';
import type { CheckpointStore } from './checkpoint-store.ts';
import { runLeased } from './subscription-lease.ts';

export { PASSED_OVER_PER_SAVE };

export interface CheckpointedSubscriptionOptions {
  readonly store: EventStore;
  readonly checkpoints: CheckpointStore;
  /** the subscriber's durable name: a restarted subscriber with the same name resumes where it stopped */
  readonly name: string;
  /**
   * Must be idempotent. The checkpoint is saved after the handler returns, so a crash between the
   * two re-delivers that one event on restart (at-least-once; never more than one event again).
   */
  readonly handler: (event: RecordedEvent) => Promise<void> | void;
  /**
   * The events the handler is for (default: all). The others are passed over without a write: the
   * checkpoint moves past them every PASSED_OVER_PER_SAVE of them, with the next handled event, and
   * on close, so a crash goes over at most that many of them again (and hands none to the handler).
   */
  readonly handles?: (event: RecordedEvent) => boolean;
  /** as in SubscribeAllOptions: called once when the handler (or saving) fails; the subscription stops */
  readonly onError?: (error: unknown) => void;
  /** taking or renewing the lease failed (the store unreachable): tried again; for the log */
  readonly onLeaseError?: (error: unknown) => void;
}

/**
 * Subscribes to all events after the subscriber's saved checkpoint, and saves each handled event's
 * position once it is handled. Like the handler, the save completes before the next delivery.
 * Where the checkpoints are shared by replicas in other processes (MongoDB), one replica at a
 * time runs it, under a lease on `name` (subscription-lease.ts).
 */
export async function startCheckpointedSubscription(
  options: CheckpointedSubscriptionOptions,
): Promise<AllSubscription> {
  return runLeased({
    checkpoints: options.checkpoints,
    name: options.name,
    start: (failed) => startUnleased(options, failed),
    ...(options.onLeaseError ? { onLeaseError: options.onLeaseError } : {}),
  });
}

async function startUnleased(
  options: CheckpointedSubscriptionOptions,
  failed?: (error: unknown) => void,
): Promise<AllSubscription> {
  const { store, checkpoints, name, handler, handles, onError } = options;
  const cursor = await openCheckpointCursor(checkpoints, name);
  const subscription = store.subscribeAll({
    after: cursor.saved,
    handler: async (event) => {
      if (handles && !handles(event)) return cursor.passedOver(event.position);
      await handler(event);
      await cursor.handled(event.position);
    },
    ...(onError || failed
      ? {
          onError: (error: unknown) => {
            onError?.(error);
            failed?.(error);
          },
        }
      : {}),
  });
  return {
    caughtUp: subscription.caughtUp,
    close: async () => {
      await subscription.close();
      await cursor.close();
    },
  };
}
