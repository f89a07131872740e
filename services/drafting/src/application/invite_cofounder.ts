import { randomBytes } from 'node:crypto';
import { inviteAcceptPath, type inviteCofounder } from '@listings/contracts';
import { revealPersonalData } from '@listings/platform/personal-data';
import type { CallOf } from '@listings/platform/service-host';
import { type DraftCommand, draftDecider } from '../domain/draft/decide.ts';
import { draftCaller, loadOwnedDraft, nowIso, runDraftCommand } from './draft-access.ts';
import type { DraftingOperationDeps } from './operation-deps.ts';
import { idFor, sha256 } from './request-ids.ts';

/**
 * invite_cofounder: mails a link to co-own the draft, then records the invite (the address sealed
 * for the inviting account, the link's token only as a hash).
 */
export const invite_cofounder = async (deps: DraftingOperationDeps, call: CallOf<typeof inviteCofounder>) => {
  const account = draftCaller(call);
  const draftId = String(call.params.id);
  const before = await loadOwnedDraft(deps.store, draftId, account);
  const { email } = call.body;
  const inviteId = idFor(call.idempotencyKey, ['invite_cofounder', account, draftId]);
  const token = `${draftId}.${randomBytes(32).toString('base64url')}`;
  const command: DraftCommand = {
    type: 'InviteCofounder',
    by: account,
    inviteId,
    email: await deps.vault.seal(account, email),
    tokenHash: sha256(token),
    meta: { at: nowIso(deps.clock) },
  };
  // mailed before it is recorded: when the mail server refuses, no invite is left behind without
  // its mail, and the same request again (same Idempotency-Key too) sends it. The decider says
  // first whether there is anything to record (an 11th invite is refused, a repeat is a no-op).
  if (draftDecider.decide(command, before).length > 0) await mailInvite(deps, email, before.url, token);
  const result = await runDraftCommand(deps.store, draftId, command, account);
  const invite = result.state.invites.find((i) => i.id === inviteId);
  if (!invite) throw new Error('invite missing after append');
  return {
    id: invite.id,
    email: (await revealPersonalData(deps.vault, invite.email)) ?? '',
    invited_at: invite.invitedAt,
  };
};

const mailInvite = (deps: DraftingOperationDeps, to: string, productUrl: string, token: string) =>
  deps.mailer.send({
    kind: 'draft-invite',
    to,
    subject: 'You are invited to co-own a product listing draft',
    text: [
      'Hello,',
      '',
      `You have been invited to co-own the draft listing for ${productUrl}.`,
      `Sign in and accept the invite here: ${deps.publicUrl}${inviteAcceptPath(token)}`,
      '',
      'If you did not expect this, ignore this email.',
    ].join('\n'),
  });
