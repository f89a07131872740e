import type { DescribeInviteReply, DescribeInviteRequest } from '@listings/contracts';
import { NotFoundError } from '@listings/platform/errors';
import { revealPersonalData } from '@listings/platform/personal-data';
import { inviteExpiresAt } from '../domain/draft/decide.ts';
import { loadDraft, nowIso } from './draft-access.ts';
import type { DraftingOperationDeps } from './operation-deps.ts';
import { sha256 } from './request-ids.ts';

/** drafting.internal.describe_invite: what the accept page shows (the token is the credential) */
export const describeInvite = async (
  deps: DraftingOperationDeps,
  request: DescribeInviteRequest,
): Promise<DescribeInviteReply> => {
  const draftId = request.token.split('.')[0] as string;
  const state = await loadDraft(deps.store, draftId);
  const tokenHash = sha256(request.token);
  const invite = state.exists ? state.invites.find((i) => i.tokenHash === tokenHash) : undefined;
  if (!invite) throw new NotFoundError('no such invite');
  const expiresAt = inviteExpiresAt(invite.invitedAt);
  const name = state.slots.name?.value;
  return {
    draft_id: draftId,
    product_url: state.url,
    product_name: typeof name === 'string' && name.trim() !== '' ? name : null,
    invited_by: invite.invitedBy,
    invited_email: (await revealPersonalData(deps.vault, invite.email)) ?? '',
    invited_at: invite.invitedAt,
    expires_at: expiresAt,
    state: invite.acceptedBy !== null ? 'accepted' : nowIso(deps.clock) >= expiresAt ? 'expired' : 'open',
    accepted_by: invite.acceptedBy,
    owner_account_ids: [...state.owners],
  };
};
