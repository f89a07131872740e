import {
  acceptInvite as acceptInviteContract,
  answerClientModel as answerClientModelContract,
  cancelDraftWork as cancelDraftWorkContract,
  clientModelRequest as clientModelRequestContract,
  describeInvite as describeInviteContract,
  getDraft,
  inviteCofounder,
  listMyDrafts,
  type Operation,
  submitDraft,
  submitListing,
  updateDraft,
} from '@listings/contracts';
import type { Bus } from '@listings/platform/bus';
import type { Logger } from '@listings/platform/logger';
import {
  type CallOf,
  type InternalOperationServed,
  type OperationCall,
  serveInternalOperations,
  serveOperations,
} from '@listings/platform/service-host';
import { acceptInvite } from '../application/accept-invite.ts';
import { answerClientModel } from '../application/answer-client-model.ts';
import { cancelDraftWork } from '../application/cancel-draft-work.ts';
import { clientModelRequest } from '../application/client-model-request.ts';
import { describeInvite } from '../application/describe-invite.ts';
import { get_draft } from '../application/get_draft.ts';
import { invite_cofounder } from '../application/invite_cofounder.ts';
import { list_my_drafts } from '../application/list_my_drafts.ts';
import type { DraftingOperationDeps } from '../application/operation-deps.ts';
import { submit_draft } from '../application/submit_draft.ts';
import { submit_listing } from '../application/submit_listing.ts';
import { update_draft } from '../application/update_draft.ts';

type Handle<Call> = (deps: DraftingOperationDeps, call: Call) => Promise<unknown>;

/** a row of the table: the contract and the handler that implements it (typed from that contract) */
const row = <O extends Operation>(contract: O, handle: Handle<CallOf<O>>) => ({
  contract,
  handle: handle as Handle<OperationCall>,
});

/** Drafting's public operations (REST, MCP, the bus), each handled by application/<operation_id>.ts. */
export const DRAFTING_ENDPOINTS = [
  row(submitListing, submit_listing),
  row(listMyDrafts, list_my_drafts),
  row(getDraft, get_draft),
  row(updateDraft, update_draft),
  row(inviteCofounder, invite_cofounder),
  row(submitDraft, submit_draft),
];

/** Drafting's internal requests (the web edge and the MCP gateway ask them on the bus). */
export const DRAFTING_INTERNAL_ENDPOINTS: readonly {
  readonly contract: InternalOperationServed['contract'];
  readonly handle: Handle<never>;
}[] = [
  { contract: acceptInviteContract, handle: acceptInvite },
  { contract: describeInviteContract, handle: describeInvite },
  { contract: cancelDraftWorkContract, handle: cancelDraftWork },
  { contract: clientModelRequestContract, handle: clientModelRequest },
  { contract: answerClientModelContract, handle: answerClientModel },
];

/** Serves both tables on the bus, every handler given `deps`; `stop` ends both. */
export const serveDraftingEndpoints = async (options: {
  readonly bus: Bus;
  readonly logger: Logger;
  readonly deps: DraftingOperationDeps;
}) => {
  const { bus, logger, deps } = options;
  const served = await serveOperations({
    service: 'drafting',
    bus,
    logger,
    handlers: Object.fromEntries(
      DRAFTING_ENDPOINTS.map(({ contract, handle }) => [contract.operationId, (call) => handle(deps, call)]),
    ),
  });
  const internal = await serveInternalOperations({
    service: 'drafting',
    bus,
    logger,
    operations: DRAFTING_INTERNAL_ENDPOINTS.map(({ contract, handle }) => ({
      contract,
      handle: (request: never) => handle(deps, request),
    })),
  });
  return {
    stop: async () => {
      await served.stop();
      await internal.stop();
    },
  };
};
