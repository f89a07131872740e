import type { ClientModelRequest, ClientModelRequestReply, ClientModelRequestRequest } from '@listings/contracts';
import { draftSignedIn, loadOwnedDraft } from './draft-access.ts';
import type { DraftingOperationDeps } from './operation-deps.ts';

/** drafting.internal.client_model_request: the open request to the client's model, for an owner */
export const clientModelRequest = async (
  deps: DraftingOperationDeps,
  request: ClientModelRequestRequest,
): Promise<ClientModelRequestReply> => {
  const state = await loadOwnedDraft(deps.store, request.draft_id, draftSignedIn(request.principal));
  // an ask whose work is still running (the draft drafting, or its regeneration pending)
  const ask = state.clientModelAsks.find(
    (a) =>
      a.answer === null && (a.requestId === null ? state.status === 'drafting' : a.requestId in state.regenerating),
  );
  if (!ask) return { draft_id: state.id, ask: null };
  const stored = JSON.parse(new TextDecoder().decode(await deps.blobs.get(ask.requestRef))) as ClientModelRequest;
  return { draft_id: state.id, ask: { ask_id: ask.askId, request: stored } };
};
