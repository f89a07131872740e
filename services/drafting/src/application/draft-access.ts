import { operationById, type Principal } from '@listings/contracts';
import type { Clock } from '@listings/platform/clock';
import { foldStream, handleCommand } from '@listings/platform/decider';
import { ForbiddenError, NotFoundError } from '@listings/platform/errors';
import type { EventStore } from '@listings/platform/event-store';
import { callerAccount, type OperationCall, signedInAccount } from '@listings/platform/service-host';
import { type DraftCommand, draftDecider } from '../domain/draft/decide.ts';
import { type DraftState, draftStream } from '../domain/draft/draft.ts';

/** Reading and changing a draft, and who may: shared by the drafting operations. */

export const nowIso = (clock: Clock): string => clock.now().toISOString();

export const loadDraft = async (store: EventStore, draftId: string): Promise<DraftState> =>
  (await foldStream(store, draftStream(draftId), draftDecider)).state;

/** another account's draft answers exactly like an unknown id */
export const loadOwnedDraft = async (store: EventStore, draftId: string, account: string): Promise<DraftState> => {
  const state = await loadDraft(store, draftId);
  if (!state.exists || !state.owners.includes(account)) throw new NotFoundError(`no draft ${draftId}`);
  return state;
};

/** load → decide → append on the draft's stream, recorded as done by `by` */
export const runDraftCommand = (store: EventStore, draftId: string, command: DraftCommand, by: string) =>
  handleCommand({ store, stream: draftStream(draftId), decider: draftDecider, command, metadata: { by } });

/** the signed-in caller of a drafting operation, holding its scope */
export const draftCaller = (call: OperationCall): string => callerAccount(call, 'use drafts');

/** the signed-in person behind an internal request (no operation to carry a scope) */
export const draftSignedIn = (principal: Principal): string => signedInAccount(principal, 'use drafts');

/** a change to a draft on an internal subject: the signed-in person, holding the scope update_draft needs */
export const draftWriter = (principal: Principal): string => {
  const account = draftSignedIn(principal);
  const scope = operationById('update_draft')?.scope;
  if (scope && !principal.scopes.includes(scope)) throw new ForbiddenError(`changing a draft needs the ${scope} scope`);
  return account;
};
