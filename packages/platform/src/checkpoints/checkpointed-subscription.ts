import type { AllSubscription, EventStore, RecordedEvent } from '../event-store/event-store.ts';
import type { CheckpointStore } from './checkpoint-store.ts';

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
  /** as in SubscribeAllOptions: called once when the handler (or saving) fails; the subscription stops */
  readonly onError?: (error: unknown) => void;
}

/**
 * Subscribes to all events after the subscriber's saved checkpoint, and saves each event's
 * position once it is handled. Like the handler, the save completes before the next delivery.
 */
export async function startCheckpointedSubscription(
  options: CheckpointedSubscriptionOptions,
): Promise<AllSubscription> {
  const { store, checkpoints, name, handler, onError } = options;
  const after = await checkpoints.load(name);
  return store.subscribeAll({
    after,
    handler: async (event) => {
      await handler(event);
      await checkpoints.save(name, event.position);
    },
    onError,
  });
}
