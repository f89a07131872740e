import type { RecordedEvent } from '@listings/platform/event-store';
import type { DocumentProjection } from '@listings/platform/read-models';

/** One draft as the index keeps it (stored in the read-model store, collection `drafts`). */
export interface DraftIndexDoc {
  readonly createdAt: string;
  readonly owners: readonly string[];
  /** the initial crawl and draft are still running */
  readonly unfinished: boolean;
  /** request ids of regenerations still running */
  readonly regenerating: readonly string[];
}

/**
 * Which drafts each account owns (newest first for list_my_drafts) and which drafts have work
 * unfinished (resumed after a restart). Derived, in place, from one document per draft, which the
 * read-model store keeps with its checkpoint.
 */
export interface DraftsIndex {
  readonly drafts: ReadonlyMap<string, { readonly createdAt: string; readonly owners: readonly string[] }>;
  /** draft ids whose initial crawl and draft are still running */
  readonly unfinished: ReadonlySet<string>;
  /** `draftId/requestId` of regenerations still running */
  readonly regenerating: ReadonlySet<string>;
}

const without = (list: readonly string[], item: string) => list.filter((x) => x !== item);

/** pure: a draft's index document after one of its events */
export const evolveDraftIndexDoc = (
  doc: DraftIndexDoc | undefined,
  event: RecordedEvent,
): DraftIndexDoc | undefined => {
  const data = event.data as Record<string, unknown>;
  if (event.type === 'DraftStarted')
    return { createdAt: String(data.at), owners: [String(data.owner_id)], unfinished: true, regenerating: [] };
  if (!doc) return doc;
  switch (event.type) {
    case 'InviteAccepted':
      return doc.owners.includes(String(data.account_id))
        ? doc
        : { ...doc, owners: [...doc.owners, String(data.account_id)] };
    case 'DraftFailed':
      return { ...doc, unfinished: false };
    case 'DraftRecrawlRequested':
      return { ...doc, unfinished: true };
    case 'ProfileDrafted':
      return data.request_id === null
        ? { ...doc, unfinished: false }
        : { ...doc, regenerating: without(doc.regenerating, String(data.request_id)) };
    case 'RegenerationRequested':
      return doc.regenerating.includes(String(data.request_id))
        ? doc
        : { ...doc, regenerating: [...doc.regenerating, String(data.request_id)] };
    case 'RegenerationAbandoned':
      return { ...doc, regenerating: without(doc.regenerating, String(data.request_id)) };
    default:
      return doc;
  }
};

/** the lookups over the draft documents, kept in step by `put` (no copies per event) */
export const createDraftsIndex = () => {
  const drafts = new Map<string, { createdAt: string; owners: readonly string[] }>();
  const unfinished = new Set<string>();
  const regenerating = new Set<string>();
  const put = (id: string, before: DraftIndexDoc | undefined, after: DraftIndexDoc | undefined) => {
    for (const request of before?.regenerating ?? []) regenerating.delete(`${id}/${request}`);
    if (!after) {
      drafts.delete(id);
      unfinished.delete(id);
      return;
    }
    drafts.set(id, { createdAt: after.createdAt, owners: after.owners });
    if (after.unfinished) unfinished.add(id);
    else unfinished.delete(id);
    for (const request of after.regenerating) regenerating.add(`${id}/${request}`);
  };
  return { view: { drafts, unfinished, regenerating } as DraftsIndex, put };
};

export const draftsIndexProjection: DocumentProjection<DraftIndexDoc, DraftsIndex> = {
  collection: 'drafts',
  documentOf: (event) => (event.stream.startsWith('draft-') ? event.stream.slice('draft-'.length) : undefined),
  evolve: evolveDraftIndexDoc,
  createView: createDraftsIndex,
};
