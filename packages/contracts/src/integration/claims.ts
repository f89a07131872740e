import Type, { type Static } from 'typebox';
import { IsoDateTime, PositiveId } from '../common.ts';

/**
 * Integration events the claims service publishes from its log on JetStream
 * (`events.claims.<name>`, the stored event's id as the de-duplication id). Consumers are
 * idempotent: an event may arrive more than once.
 */
const claimVerifiedData = Type.Object(
  {
    claim_id: PositiveId,
    listing_id: PositiveId,
    /** the claimant, now the listing's verified owner */
    account_id: Type.String({ minLength: 1, maxLength: 200 }),
    verified_at: IsoDateTime,
  },
  { additionalProperties: false },
);

/** A claim passed its check and its claimant is the listing's one verified owner (the catalog adds the owner and the badge). */
export const claimVerifiedEvent = {
  name: 'claim_verified',
  subject: 'events.claims.claim_verified',
  data: claimVerifiedData,
} as const;
export type ClaimVerifiedEventData = Static<typeof claimVerifiedData>;
