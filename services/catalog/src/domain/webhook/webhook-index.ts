import type { Decider } from '@listings/platform/decider';
import type { CatalogEventOf } from '../catalog-events.ts';

/** Which listings have (had) webhooks (stream `webhookindex-all`): a start resumes their deliveries. */
export type WebhookIndexEvent = CatalogEventOf<'WebhookListingIndexed'>;
export type WebhookIndex = ReadonlySet<number>;
export type WebhookIndexCommand = { type: 'IndexListing'; data: { listing_id: number; now: string } };

export const WEBHOOK_INDEX_STREAM = 'webhookindex-all';

/** a listing is indexed once */
export const webhookIndexDecider: Decider<WebhookIndexCommand, WebhookIndex, WebhookIndexEvent> = {
  initialState: new Set<number>(),
  evolve: (state, event) => new Set([...state, event.data.listing_id]),
  decide: (command, state) =>
    state.has(command.data.listing_id)
      ? []
      : [{ type: 'WebhookListingIndexed', data: { listing_id: command.data.listing_id, at: command.data.now } }],
};
