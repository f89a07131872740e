import { type ClaimVerifiedEventData, claimVerifiedEvent } from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import type { CheckpointStore } from '@listings/platform/checkpoints';
import { foldStream } from '@listings/platform/decider';
import type { EventStore, RecordedEvent } from '@listings/platform/event-store';
import { publishFromLog } from '@listings/platform/integration-events';
import { listingClaimsDecider } from '../domain/listing-claims/decide.ts';

/** the publisher's checkpoint name (replicas share it: the bus de-duplicates by event id) */
export const CLAIMS_PUBLISHER = 'claims-integration-events';

/**
 * `events.claims.claim_verified` for each `ClaimVerified` in a listing's claims stream: the claim,
 * its listing and the claimant (read from the stream, which the event itself does not repeat).
 * Claims started before claims moved into their listing's stream told the catalog synchronously
 * and publish nothing.
 */
export const claimVerifiedFrom = async (
  store: EventStore,
  event: RecordedEvent,
): Promise<{ subject: string; data: ClaimVerifiedEventData } | null> => {
  if (event.type !== 'ClaimVerified' || !event.stream.startsWith('listing-claims-')) return null;
  const { claim_id, at } = event.data as { claim_id: number; at: string };
  const { state } = await foldStream(store, event.stream, listingClaimsDecider);
  const claim = state.claims.get(claim_id);
  if (!claim) return null;
  return {
    subject: claimVerifiedEvent.subject,
    data: { claim_id, listing_id: claim.listingId, account_id: claim.accountId, verified_at: at },
  };
};

/** Publishes the claims service's integration events from its log (at least once). */
export const startClaimsPublisher = (deps: {
  store: EventStore;
  checkpoints: CheckpointStore;
  bus: Bus;
  onError: (error: unknown) => void;
  /** taking or renewing the publisher's lease failed (MongoDB unreachable): tried again */
  onLeaseError?: (error: unknown) => void;
}) =>
  publishFromLog({
    store: deps.store,
    checkpoints: deps.checkpoints,
    bus: deps.bus,
    name: CLAIMS_PUBLISHER,
    map: (event) => claimVerifiedFrom(deps.store, event),
    onError: deps.onError,
    ...(deps.onLeaseError ? { onLeaseError: deps.onLeaseError } : {}),
  });
