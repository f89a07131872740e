import type { AcceptInviteRequest } from '@listings/contracts';
import { NotFoundError } from '@listings/platform/errors';
import { draftSignedIn, loadDraft, nowIso, runDraftCommand } from './draft-access.ts';
import type { DraftingOperationDeps } from './operation-deps.ts';
import { sha256 } from './request-ids.ts';

/** drafting.internal.accept_invite: the signed-in person becomes a co-owner */
export const acceptInvite = async (
  deps: DraftingOperationDeps,
  request: AcceptInviteRequest,
): Promise<{ draft_id: string }> => {
  const account = draftSignedIn(request.principal);
  const draftId = request.token.split('.')[0] as string;
  const state = await loadDraft(deps.store, draftId);
  if (!state.exists) throw new NotFoundError('no such invite');
  const result = await runDraftCommand(
    deps.store,
    draftId,
    { type: 'AcceptInvite', tokenHash: sha256(request.token), accountId: account, meta: { at: nowIso(deps.clock) } },
    account,
  );
  if (result.position > 0) await deps.indexCaughtUp(result.position);
  return { draft_id: draftId };
};
