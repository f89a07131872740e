import type { RecordedEvent } from '@listings/platform/event-store';
import {
  createDocumentSet,
  type DocumentRef,
  type DocumentSet,
  type ReadModelStore,
} from '@listings/platform/read-models';
import { type ListingAnalyticsDoc, listingAnalyticsProjection } from '../analytics/listing-analytics.ts';
import { type AwardsDoc, awardsProjection } from '../awards/awards.ts';
import { type BlogPostDoc, blogProjection } from '../blog/blog-posts.ts';
import { type CategoryDoc, categoriesProjection } from '../categories/categories.ts';
import { type ModerationDoc, moderationProjection } from '../moderation/moderation.ts';
import { type SettingsDoc, settingsProjection } from '../settings/site-settings.ts';
import { type VoteLedgerDoc, voteLedgerProjection } from '../vote-ledger/vote-ledger.ts';
import { storedOf } from './rows.ts';

type MapSet<Doc> = DocumentSet<Doc, Map<string, Doc>>;

/** The catalog's small collections (tens to hundreds of documents each), held in memory. */
export interface SmallCollections {
  readonly categories: MapSet<CategoryDoc>;
  readonly blog: MapSet<BlogPostDoc>;
  readonly awards: MapSet<AwardsDoc>;
  readonly settings: MapSet<SettingsDoc>;
  /** each voted listing's votes, withdrawn ones kept (get_vote_ledger) */
  readonly ledger: MapSet<VoteLedgerDoc>;
  /** reported and moderated items: their reports and the operator actions on them */
  readonly moderation: MapSet<ModerationDoc>;
  /** each listing's owner analytics by day (get_listing_analytics) */
  readonly analytics: MapSet<ListingAnalyticsDoc>;
  /** the collection a document of this name belongs to, if it is a small one */
  of(collection: string): DocumentSet<unknown, unknown> | undefined;
  /** folds an event into the collections it is for; the documents it changed (none: not for these) */
  fold(event: RecordedEvent): DocumentRef[];
  /**
   * folds an event into the listing's analytics: apart from `fold`, as the events it counts (views,
   * votes, follows, reviews) also fold into the ledger and the listing
   */
  foldAnalytics(event: RecordedEvent): DocumentRef | undefined;
}

/**
 * Loads the small collections from the store. `pending`: documents stored ahead of the checkpoint
 * (a crash between the documents and it), written again at the next flush; `legacy`: some were
 * stored before documents carried their position.
 */
export const loadSmallCollections = async (
  store: ReadModelStore,
  position: number,
): Promise<{ small: SmallCollections; pending: DocumentRef[]; legacy: boolean }> => {
  const small = {
    categories: createDocumentSet(categoriesProjection),
    blog: createDocumentSet(blogProjection),
    awards: createDocumentSet(awardsProjection),
    settings: createDocumentSet(settingsProjection),
    ledger: createDocumentSet(voteLedgerProjection),
    moderation: createDocumentSet(moderationProjection),
  };
  const analytics = createDocumentSet(listingAnalyticsProjection);
  const folded: DocumentSet<unknown, unknown>[] = Object.values(small);
  const sets: DocumentSet<unknown, unknown>[] = [...folded, analytics];
  const pending: DocumentRef[] = [];
  let legacy = false;
  for (const set of sets)
    for (const { id, doc } of await store.all(set.collection)) {
      const stored = storedOf(doc);
      if (stored.at === 0) legacy = true;
      set.load(id, stored);
      if (stored.at > position) pending.push({ collection: set.collection, id });
    }
  return {
    small: {
      ...small,
      analytics,
      of: (collection) => sets.find((set) => set.collection === collection),
      foldAnalytics: (event) => {
        const id = analytics.fold(event);
        return id === undefined ? undefined : { collection: analytics.collection, id };
      },
      fold: (event) =>
        // an operator's category edit folds into the category and into the audit (moderation)
        folded.flatMap((set) => {
          const id = set.fold(event);
          return id === undefined ? [] : [{ collection: set.collection, id }];
        }),
    },
    pending,
    legacy,
  };
};
