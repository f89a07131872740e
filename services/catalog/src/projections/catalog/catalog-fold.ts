import type { RecordedEvent } from '@listings/platform/event-store';
import type { Logger } from '@listings/platform/logger';
import type { DocumentRef } from '@listings/platform/read-models';
import type { ListingDoc } from '../listings/listing.ts';
import { foldListingEvent } from '../listings/listing-fold.ts';
import { MODERATION_LISTING_EVENTS } from '../moderation/moderation.ts';
import { LEDGER_EVENTS } from '../vote-ledger/vote-ledger.ts';
import type { BigCollections } from './big-collections.ts';
import type { SmallCollections } from './small-collections.ts';

export type ListingChangeListener = (before: ListingDoc | undefined, after: ListingDoc | undefined) => void;

/** The catalog's fold: every projection at one position, with the counters caches key on. */
export interface CatalogFold {
  /** folds one event into the projection it is for (an event at or below `position` is folded already) */
  apply(event: RecordedEvent): Promise<void>;
  readonly position: number;
  readonly version: number;
  readonly versionBesidesViews: number;
  waitFor(position: number): Promise<void>;
  onListingChange(listener: ListingChangeListener): () => void;
  /** calls `listener` after each event that changed what a query reads (`version` bumped), once the view holds it */
  onChange(listener: () => void): () => void;
}

export const createCatalogFold = (deps: {
  small: SmallCollections;
  big: BigCollections;
  mode: 'memory' | 'store';
  position: number;
  mark: (ref: DocumentRef) => void;
  logger: Pick<Logger, 'error'>;
}): CatalogFold => {
  let position = deps.position;
  let version = 0;
  let versionBesidesViews = 0;
  const waiters: { position: number; resolve: () => void }[] = [];
  const listeners = new Set<ListingChangeListener>();
  const changeListeners = new Set<() => void>();
  const parentOf = (slug: string) => deps.small.categories.view.get(slug)?.parent;

  const tellListeners = (before: ListingDoc | undefined, after: ListingDoc | undefined, at: number) => {
    for (const listener of listeners)
      try {
        listener(before, after);
      } catch (error) {
        deps.logger.error({ err: error, position: at }, 'a listing change listener failed');
      }
  };
  const foldIn = async (event: RecordedEvent) => {
    // the owner's analytics change no cache: no version bump
    const analyticsChange = deps.small.foldAnalytics(event);
    if (analyticsChange) deps.mark(analyticsChange);
    const smallChanges = deps.small.fold(event);
    if (smallChanges.length > 0) {
      for (const change of smallChanges) deps.mark(change);
      version++;
      versionBesidesViews++;
      // a vote folds into the ledger and into its listing, an operator's action into the audit and its listing
      if (!LEDGER_EVENTS.has(event.type) && !MODERATION_LISTING_EVENTS.has(event.type)) return;
    }
    const change = await foldListingEvent(deps.big, event, { mode: deps.mode, parentOf, mark: deps.mark });
    if (!change) return;
    version++;
    if (event.type !== 'ListingViewed') versionBesidesViews++;
    tellListeners(change.before, change.after, event.position);
  };
  const resolveWaiters = () => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const waiter = waiters[i] as (typeof waiters)[number];
      if (waiter.position <= position) {
        waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  };

  return {
    apply: async (event) => {
      if (event.position <= position) return;
      const before = version;
      await foldIn(event);
      position = event.position;
      resolveWaiters();
      if (version !== before)
        for (const listener of changeListeners)
          try {
            listener();
          } catch (error) {
            deps.logger.error({ err: error, position }, 'a read-model change listener failed');
          }
    },
    get position() {
      return position;
    },
    get version() {
      return version;
    },
    get versionBesidesViews() {
      return versionBesidesViews;
    },
    waitFor: (at) =>
      at <= position ? Promise.resolve() : new Promise((resolve) => waiters.push({ position: at, resolve })),
    onListingChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onChange: (listener) => {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
  };
};
