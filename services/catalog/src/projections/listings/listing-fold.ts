import type { RecordedEvent } from '@listings/platform/event-store';
import type { DocumentRef } from '@listings/platform/read-models';
import type { BigCollections } from '../catalog/big-collections.ts';
import { asCatalogEvent } from '../catalog/catalog-event.ts';
import type { Stored } from '../catalog/rows.ts';
import { type FounderDoc, founderEntriesChanged, withFounderListing } from '../founders/founder.ts';
import { evolveListingDoc, type ListingDoc, listingIdOf } from './listing.ts';
import { listingKeys } from './listing-keys.ts';

export interface ListingChange {
  readonly before: ListingDoc | undefined;
  readonly after: ListingDoc | undefined;
}

/**
 * The founder documents a listing's change makes: the founders it names before and after the
 * event. Reads only (the caller applies them with the listing, in one step).
 */
const founderChanges = async (
  founders: BigCollections['founders'],
  change: ListingChange,
  at: number,
): Promise<{ slug: string; value: Stored<FounderDoc> | undefined }[]> => {
  const changes: { slug: string; value: Stored<FounderDoc> | undefined }[] = [];
  for (const { slug, entry } of founderEntriesChanged(change.before, change.after)) {
    const stored = await founders.get(slug);
    if (stored && stored.at >= at) continue; // already holds this event
    const id = (change.after ?? change.before)?.id as number;
    const next = withFounderListing(stored?.doc, slug, id, entry);
    changes.push({ slug, value: next ? { at, doc: next } : undefined });
  }
  return changes;
};

/**
 * Folds a listing's event into its document, with its query keys, and into the founders it
 * names (derived in the same step). Every read first, then every change at once: a flush never
 * sees half an event. Returns the change, or undefined when the event changes no listing (not a
 * listing's event, one of a listing not created yet such as its id's claim, or one the stored
 * document already holds: it was stored ahead of the checkpoint).
 */
export const foldListingEvent = async (
  big: BigCollections,
  event: RecordedEvent,
  deps: {
    mode: 'memory' | 'store';
    parentOf: (slug: string) => string | null | undefined;
    mark: (ref: DocumentRef) => void;
  },
): Promise<ListingChange | undefined> => {
  const typed = asCatalogEvent(event);
  const id = listingIdOf(typed);
  if (id === undefined) return undefined;
  const stored = await big.listings.get(id);
  const before = stored?.doc;
  const after = evolveListingDoc(before, typed);
  if ((stored?.at ?? 0) >= event.position || (!before && !after)) return undefined;
  const founderUpdates = await founderChanges(big.founders, { before, after }, event.position);
  big.listings.set(id, after ? { at: event.position, doc: after, keys: listingKeys(after, deps.parentOf) } : undefined);
  if (after && deps.mode === 'memory') {
    big.slugs.set(after.slug, after.id);
    big.drafts.set(after.draft_id, after.id);
  }
  for (const { slug, value } of founderUpdates) {
    big.founders.set(slug, value);
    deps.mark({ collection: 'founders', id: slug });
  }
  deps.mark({ collection: 'listings', id });
  return { before, after };
};
