import type { RecordedEvent } from '@listings/platform/event-store';

/**
 * Which drafts each account owns (newest first for list_my_drafts) and which drafts have work
 * unfinished (resumed after a restart). Pure, guarded by the event's global position, so a replay
 * or a duplicate delivery changes nothing.
 */
export interface DraftsIndex {
  readonly position: number;
  readonly drafts: ReadonlyMap<string, { readonly createdAt: string; readonly owners: readonly string[] }>;
  /** draft id -> whether the initial crawl and draft are still running */
  readonly unfinished: ReadonlySet<string>;
  /** `draftId/requestId` of regenerations still running */
  readonly regenerating: ReadonlySet<string>;
}

export const initialDraftsIndex: DraftsIndex = {
  position: 0,
  drafts: new Map(),
  unfinished: new Set(),
  regenerating: new Set(),
};

const idOf = (stream: string): string => stream.slice('draft-'.length);

export const evolveDraftsIndex = (index: DraftsIndex, event: RecordedEvent): DraftsIndex => {
  if (event.position <= index.position || !event.stream.startsWith('draft-')) return index;
  const id = idOf(event.stream);
  const data = event.data as Record<string, unknown>;
  const next = { ...index, position: event.position };
  switch (event.type) {
    case 'DraftStarted': {
      const drafts = new Map(index.drafts);
      drafts.set(id, { createdAt: String(data.at), owners: [String(data.owner_id)] });
      return { ...next, drafts, unfinished: new Set(index.unfinished).add(id) };
    }
    case 'InviteAccepted': {
      const draft = index.drafts.get(id);
      if (!draft || draft.owners.includes(String(data.account_id))) return next;
      const drafts = new Map(index.drafts);
      drafts.set(id, { ...draft, owners: [...draft.owners, String(data.account_id)] });
      return { ...next, drafts };
    }
    case 'DraftFailed':
    case 'ProfileDrafted': {
      const unfinished = new Set(index.unfinished);
      const regenerating = new Set(index.regenerating);
      if (event.type === 'DraftFailed' || data.request_id === null) unfinished.delete(id);
      else regenerating.delete(`${id}/${String(data.request_id)}`);
      return { ...next, unfinished, regenerating };
    }
    case 'RegenerationRequested':
      return { ...next, regenerating: new Set(index.regenerating).add(`${id}/${String(data.request_id)}`) };
    case 'RegenerationAbandoned': {
      const regenerating = new Set(index.regenerating);
      regenerating.delete(`${id}/${String(data.request_id)}`);
      return { ...next, regenerating };
    }
    default:
      return next;
  }
};
