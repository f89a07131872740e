import type { AnswerClientModelRequest } from '@listings/contracts';
import { CLIENT_MODEL_ANSWERED_SIGNAL } from '../workflows/draft-workflows.ts';
import { draftWriter, loadOwnedDraft, nowIso, runDraftCommand } from './draft-access.ts';
import type { DraftingOperationDeps } from './operation-deps.ts';
import { askingWorkflowId } from './workflow-ids.ts';

/**
 * drafting.internal.answer_client_model: an owner's client answered (or declined) the draft's
 * request to its model. Recorded on the draft first (so a workflow resumed after a crash finds
 * it), then the workflow is signalled to go on.
 */
export const answerClientModel = async (
  deps: DraftingOperationDeps,
  request: AnswerClientModelRequest,
): Promise<{ draft_id: string; recorded: boolean }> => {
  const account = draftWriter(request.principal);
  const before = await loadOwnedDraft(deps.store, request.draft_id, account);
  const ask = before.clientModelAsks.find((a) => a.askId === request.ask_id);
  // the answer text can outgrow an event: it goes to the blob store first (idempotent)
  const textRef =
    request.outcome === 'answered' && request.text !== undefined ? await deps.blobs.put(request.text) : undefined;
  const result = await runDraftCommand(
    deps.store,
    request.draft_id,
    {
      type: 'AnswerClientModel',
      askId: request.ask_id,
      outcome: request.outcome,
      ...(textRef !== undefined ? { textRef } : {}),
      ...(request.model !== undefined ? { model: request.model } : {}),
      meta: { at: nowIso(deps.clock) },
    },
    account,
  );
  const recorded = result.events.length > 0;
  if (recorded && ask)
    await deps.runner.signal(askingWorkflowId(request.draft_id, ask.requestId), CLIENT_MODEL_ANSWERED_SIGNAL, {
      ask_id: request.ask_id,
    });
  return { draft_id: request.draft_id, recorded };
};
