import type { CatalogClient } from '../adapters/catalog-client.ts';
import type { DraftState } from '../domain/draft/draft.ts';
import { listingProfileOf } from './draft-view.ts';

/** Saves the draft's profile as its listing in catalog: a new one (`listingId` null) or the draft's own. */
export const syncListing = (catalog: CatalogClient, state: DraftState, listingId: number | null) =>
  catalog.saveListing({
    listing_id: listingId,
    draft_id: state.id,
    owner_account_ids: [...state.owners],
    profile: listingProfileOf(state) as never,
  });
