import type { listMyDrafts } from '@listings/contracts';
import type { CallOf } from '@listings/platform/service-host';
import { draftCaller, loadDraft } from './draft-access.ts';
import { revealedDraftView } from './draft-view.ts';
import type { DraftingOperationDeps } from './operation-deps.ts';

/** list_my_drafts: the caller's drafts, newest first, a page at a time (the drafts index finds them). */
export const list_my_drafts = async (deps: DraftingOperationDeps, call: CallOf<typeof listMyDrafts>) => {
  const account = draftCaller(call);
  const { page = 1, per_page = 20 } = call.query;
  const mine = [...deps.index().drafts.entries()]
    .filter(([, d]) => d.owners.includes(account))
    .sort(([ida, a], [idb, b]) => b.createdAt.localeCompare(a.createdAt) || idb.localeCompare(ida));
  const slice = mine.slice((page - 1) * per_page, page * per_page);
  const items = await Promise.all(
    slice.map(async ([id]) => revealedDraftView(deps.vault, await loadDraft(deps.store, id))),
  );
  return { items, page, per_page, total: mine.length };
};
