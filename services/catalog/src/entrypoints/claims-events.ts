import { type ClaimVerifiedEventData, claimVerifiedEvent } from '@listings/contracts';
import type { DeliveredEvent } from '@listings/platform/bus';
import { ConflictError, NotFoundError } from '@listings/platform/errors';
import type { Logger } from '@listings/platform/logger';
import { checkValue } from '@listings/platform/validation';
import type { CatalogCommands } from '../application/commands.ts';

/** the catalog's durable consumer of the claims service's events */
export const CLAIM_EVENTS_CONSUMER = 'catalog-claim-verified';

/**
 * `events.claims.claim_verified`: the claimant becomes an owner of the listing and it earns the
 * Verified badge (`MarkVerified` on the listing's stream). Idempotent: the same event again finds
 * the claimant an owner already and changes nothing. An event the catalog cannot apply (unknown
 * listing, a listing verified by other owners before claims held the rule) is logged and acked,
 * never retried forever; any other error is thrown so the bus delivers the event again.
 */
export const claimVerifiedHandler =
  (deps: { commands: Pick<CatalogCommands, 'listing'>; logger: Pick<Logger, 'warn' | 'error'> }) =>
  async (event: Pick<DeliveredEvent, 'id' | 'data'>): Promise<void> => {
    const errors = checkValue(claimVerifiedEvent.data, event.data);
    if (errors.length > 0) {
      deps.logger.error({ event_id: event.id, errors }, 'claim_verified event with bad data: skipped');
      return;
    }
    const data = event.data as ClaimVerifiedEventData;
    try {
      await deps.commands.listing(data.listing_id, { type: 'MarkVerified', data: { account_id: data.account_id } });
    } catch (error) {
      if (!(error instanceof NotFoundError) && !(error instanceof ConflictError)) throw error;
      deps.logger.warn(
        { event_id: event.id, listing_id: data.listing_id, claim_id: data.claim_id, reason: error.message },
        'claim_verified event not applied',
      );
    }
  };
