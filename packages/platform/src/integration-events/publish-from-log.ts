import type { Bus, IntegrationEvent } from '../bus/bus.ts';
import type { CheckpointStore } from '../checkpoints/checkpoint-store.ts';
import { startCheckpointedSubscription } from '../checkpoints/checkpointed-subscription.ts';
import type { AllSubscription, EventStore, RecordedEvent } from '../event-store/event-store.ts';

/**
 * Publishes integration events from a service's event log, never from the request path: a
 * checkpointed subscription maps each stored domain event to zero or one contract event and
 * publishes it with the stored event's id as the de-duplication id. A crash between append and
 * publish loses nothing (the subscription resumes after its checkpoint); a crash between publish
 * and checkpoint publishes that event again, which the bus de-duplicates by id.
 */
export const publishFromLog = (options: {
  readonly store: EventStore;
  readonly checkpoints: CheckpointStore;
  readonly bus: Bus;
  /** durable name of this publisher's checkpoint */
  readonly name: string;
  /** the contract event for a domain event, or null when it is not published (it may read the store) */
  readonly map: (
    event: RecordedEvent,
  ) => Omit<IntegrationEvent, 'id'> | null | Promise<Omit<IntegrationEvent, 'id'> | null>;
  readonly onError?: (error: unknown) => void;
}): Promise<AllSubscription> =>
  startCheckpointedSubscription({
    store: options.store,
    checkpoints: options.checkpoints,
    name: options.name,
    handler: async (event) => {
      const mapped = await options.map(event);
      if (mapped) await options.bus.publish({ ...mapped, id: event.id });
    },
    ...(options.onError ? { onError: options.onError } : {}),
  });
