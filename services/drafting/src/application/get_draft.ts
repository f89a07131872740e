import type { getDraft } from '@listings/contracts';
import type { CallOf } from '@listings/platform/service-host';
import { draftCaller, loadOwnedDraft } from './draft-access.ts';
import { revealedDraftView } from './draft-view.ts';
import type { DraftingOperationDeps } from './operation-deps.ts';

/** get_draft: one of the caller's drafts, every slot with its value, state and evidence. */
export const get_draft = async (deps: DraftingOperationDeps, call: CallOf<typeof getDraft>) => {
  const account = draftCaller(call);
  return revealedDraftView(deps.vault, await loadOwnedDraft(deps.store, String(call.params.id), account));
};
