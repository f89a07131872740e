import type { CheckpointStore } from '@listings/platform/checkpoints';
import { startCheckpointedSubscription } from '@listings/platform/checkpoints';
import { DomainError } from '@listings/platform/errors';
import type { AllSubscription, EventStore, RecordedEvent } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import type { CatalogCommands } from '../application/commands.ts';

/** the durable name: renaming it starts it again from the beginning */
export const OWNERSHIP_HANDOVER_SUBSCRIBER = 'catalog-ownership-handover';

/**
 * Listings verified before ownership followed verification kept the owners who submitted them. This
 * subscription reads every `ListingVerified` in the log once and sends `CompleteOwnershipHandover`
 * to its listing, which replaces the owners when that verification never did (and is a no-op for
 * every verification since, which replaces them in the same append). Idempotent and ordered by the
 * listing's stream, so replicas running it at once record one `ListingOwnersReplaced`.
 */
export const startOwnershipHandover = (deps: {
  readonly events: EventStore;
  readonly checkpoints: CheckpointStore;
  readonly commands: Pick<CatalogCommands, 'listing'>;
  readonly logger: Logger;
}): Promise<AllSubscription> =>
  startCheckpointedSubscription({
    store: deps.events,
    checkpoints: deps.checkpoints,
    name: OWNERSHIP_HANDOVER_SUBSCRIBER,
    handles: (event) => event.type === 'ListingVerified',
    handler: async (event: RecordedEvent) => {
      const { listing_id } = event.data as { listing_id: number };
      try {
        await deps.commands.listing(listing_id, { type: 'CompleteOwnershipHandover', data: {} });
      } catch (error) {
        // the listing's own rules said no: nothing to retry; anything else stops and resumes here
        if (!(error instanceof DomainError)) throw error;
        deps.logger.warn({ err: error, listing_id }, 'ownership handover not recorded');
      }
    },
    onError: (err) => deps.logger.error({ err }, 'ownership handover subscription stopped'),
    onLeaseError: (err) =>
      deps.logger.warn({ err }, 'ownership handover subscription: lease not taken or renewed; trying again'),
  });
