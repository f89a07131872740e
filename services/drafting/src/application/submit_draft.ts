import type { submitDraft } from '@listings/contracts';
import type { CallOf } from '@listings/platform/service-host';
import { draftDecider } from '../domain/draft/decide.ts';
import { draftCaller, loadOwnedDraft, nowIso, runDraftCommand } from './draft-access.ts';
import { revealedDraftView } from './draft-view.ts';
import { syncListing } from './listing-sync.ts';
import type { DraftingOperationDeps } from './operation-deps.ts';

/** submit_draft: the ready draft saved as a listing in catalog (the same listing again after edits). */
export const submit_draft = async (deps: DraftingOperationDeps, call: CallOf<typeof submitDraft>) => {
  const account = draftCaller(call);
  const draftId = String(call.params.id);
  const state = await loadOwnedDraft(deps.store, draftId, account);
  // the decider says why a draft that is not ready cannot be submitted, before catalog is asked
  draftDecider.decide(
    { type: 'SubmitDraft', by: account, listingId: state.listingId ?? 1, meta: { at: nowIso(deps.clock) } },
    state,
  );
  const saved = await syncListing(deps.catalog, state, state.listingId);
  const result = await runDraftCommand(
    deps.store,
    draftId,
    { type: 'SubmitDraft', by: account, listingId: saved.listing_id, meta: { at: nowIso(deps.clock) } },
    account,
  );
  return { listing_id: saved.listing_id, draft: await revealedDraftView(deps.vault, result.state) };
};
