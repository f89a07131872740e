import { type CancelDraftWorkRequest, DRAFT_CANCELLED_REASON } from '@listings/contracts';
import { CLIENT_MODEL_ANSWERED_SIGNAL } from '../workflows/draft-workflows.ts';
import { draftWriter, loadOwnedDraft, nowIso, runDraftCommand } from './draft-access.ts';
import type { DraftingOperationDeps } from './operation-deps.ts';
import { askingWorkflowId } from './workflow-ids.ts';

/**
 * drafting.internal.cancel_draft_work: an owner's client stops the draft's running work. It is
 * recorded on the draft (the source of truth, whichever runner runs the workflow): a crawl or
 * draft in progress ends `failed`, pending redrafts are abandoned. The workflow's activities see
 * it: the crawl watches the draft and stops (create-activities.ts), and what a step still
 * returns is no longer recorded (the decider ignores it on a failed draft or an abandoned redraft).
 */
export const cancelDraftWork = async (
  deps: DraftingOperationDeps,
  request: CancelDraftWorkRequest,
): Promise<{ draft_id: string; cancelled: boolean }> => {
  const account = draftWriter(request.principal);
  const draftId = request.draft_id;
  const state = await loadOwnedDraft(deps.store, draftId, account);
  const meta = { at: nowIso(deps.clock) };
  let position = 0;
  if (state.status === 'crawling' || state.status === 'drafting')
    position = (
      await runDraftCommand(deps.store, draftId, { type: 'FailDraft', reason: DRAFT_CANCELLED_REASON, meta }, account)
    ).position;
  for (const requestId of Object.keys(state.regenerating)) {
    const result = await runDraftCommand(
      deps.store,
      draftId,
      { type: 'AbandonRegeneration', requestId, reason: DRAFT_CANCELLED_REASON, meta },
      account,
    );
    position = Math.max(position, result.position);
  }
  if (position > 0) await deps.indexCaughtUp(position);
  // a workflow waiting for the client's model stops waiting: its next step sees the cancel
  for (const ask of state.clientModelAsks.filter((a) => a.answer === null))
    await deps.runner.signal(askingWorkflowId(draftId, ask.requestId), CLIENT_MODEL_ANSWERED_SIGNAL, {
      ask_id: ask.askId,
    });
  return { draft_id: draftId, cancelled: position > 0 };
};
