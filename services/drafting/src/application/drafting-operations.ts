import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type AcceptInviteRequest,
  type AnswerClientModelRequest,
  type CancelDraftWorkRequest,
  type ClientModelRequest,
  type ClientModelRequestReply,
  type ClientModelRequestRequest,
  type DescribeInviteReply,
  type DescribeInviteRequest,
  DRAFT_CANCELLED_REASON,
  type draftingOperations,
  inviteAcceptPath,
  operationById,
  type Principal,
} from '@listings/contracts';
import type { BlobStore } from '@listings/platform/blobs';
import type { Clock } from '@listings/platform/clock';
import { foldStream, handleCommand, useDailyQuota } from '@listings/platform/decider';
import {
  DomainError,
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
  ValidationError,
} from '@listings/platform/errors';
import type { EventStore } from '@listings/platform/event-store';
import { type ImageIntake, ImageRefused } from '@listings/platform/images';
import type { Logger } from '@listings/platform/logger';
import type { Mailer } from '@listings/platform/mail';
import { type PersonalDataVault, revealPersonalData } from '@listings/platform/personal-data';
import { callerAccount, type OperationCall, signedInAccount, typedHandlers } from '@listings/platform/service-host';
import type { WorkflowRunner } from '@listings/platform/workflows';
import type { CatalogClient } from '../adapters/catalog-client.ts';
import { type DraftCommand, draftDecider, inviteExpiresAt } from '../domain/draft/decide.ts';
import { type DraftState, draftStream, SECTION_KEYS } from '../domain/draft/draft.ts';
import type { DraftsIndex } from '../projections/drafts-index/evolve.ts';
import { CLIENT_MODEL_ANSWERED_SIGNAL } from '../workflows/draft-workflows.ts';
import { draftView, listingProfileOf } from './draft-view.ts';

export interface DraftingOperationDeps {
  readonly store: EventStore;
  /** where the requests to clients' models and their answers are kept (the events hold references) */
  readonly blobs: BlobStore;
  readonly index: () => DraftsIndex;
  /** resolves once the index has folded the event at this position */
  readonly indexCaughtUp: (position: number) => Promise<void>;
  readonly runner: WorkflowRunner;
  readonly catalog: CatalogClient;
  readonly mailer: Mailer;
  /** an invitee's address is stored sealed for the inviting account (erased with that account) */
  readonly vault: PersonalDataVault;
  readonly clock: Clock;
  readonly publicUrl: string;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** drafts one account can start per UTC day (DRAFTS_PER_ACCOUNT_PER_DAY) */
  readonly draftsPerDay: number;
  /** copies a logo URL an owner types into the images bucket (the listing shows that copy) */
  readonly images?: ImageIntake;
}

/** A stable uuid from a string: the same Idempotency-Key from the same account names the same thing. */
const uuidFrom = (seed: string): string => {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((Number.parseInt(h[16] ?? '0', 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const draftWorkflowId = (draftId: string) => `draft-${draftId}`;
/** the stream category of an account's drafts of one UTC day: `daily-drafts-<account>-<yyyy-mm-dd>` */
export const DAILY_DRAFTS = 'daily-drafts';
export const regenerateWorkflowId = (draftId: string, requestId: string) => `draft-${draftId}-regenerate-${requestId}`;
/** the workflow that waits for an ask to the client's model: the draft's (`requestId` null) or the regeneration's */
const askingWorkflowId = (draftId: string, requestId: string | null) =>
  requestId === null ? draftWorkflowId(draftId) : regenerateWorkflowId(draftId, requestId);

/** The drafting operations and the accept-invite internal request. */
export const createDraftingOperations = (deps: DraftingOperationDeps) => {
  /** the draft with its invitees' addresses opened (null once the inviting account was erased) */
  const reveal = async (state: DraftState): Promise<DraftState> =>
    !state.exists || state.invites.length === 0
      ? state
      : {
          ...state,
          invites: await Promise.all(
            state.invites.map(async (i) => ({ ...i, email: (await revealPersonalData(deps.vault, i.email)) ?? '' })),
          ),
        };
  const view = async (state: DraftState) => draftView(await reveal(state));
  const at = () => deps.clock.now().toISOString();

  const signedIn = (principal: Principal): string => signedInAccount(principal, 'use drafts');
  /** a change to a draft on an internal subject (no operation to carry a scope): the scope update_draft needs */
  const writer = (principal: Principal): string => {
    const account = signedIn(principal);
    const scope = operationById('update_draft')?.scope;
    if (scope && !principal.scopes.includes(scope))
      throw new ForbiddenError(`changing a draft needs the ${scope} scope`);
    return account;
  };
  const callerOf = (call: OperationCall): string => callerAccount(call, 'use drafts');

  const load = async (draftId: string): Promise<DraftState> =>
    (await foldStream(deps.store, draftStream(draftId), draftDecider)).state;
  /** another account's draft answers exactly like an unknown id */
  const loadOwned = async (draftId: string, account: string): Promise<DraftState> => {
    const state = await load(draftId);
    if (!state.exists || !state.owners.includes(account)) throw new NotFoundError(`no draft ${draftId}`);
    return state;
  };
  const run = (draftId: string, command: DraftCommand, by: string) =>
    handleCommand({
      store: deps.store,
      stream: draftStream(draftId),
      decider: draftDecider,
      command,
      metadata: { by },
    });

  const syncListing = async (state: DraftState, listingId: number | null) =>
    deps.catalog.saveListing({
      listing_id: listingId,
      draft_id: state.id,
      owner_account_ids: [...state.owners],
      profile: listingProfileOf(state) as never,
    });

  const handlers = typedHandlers<(typeof draftingOperations)[number]>({
    async submit_listing(call) {
      const account = callerOf(call);
      const { url } = call.body;
      const draftId = call.idempotencyKey
        ? uuidFrom(`submit_listing\n${account}\n${call.idempotencyKey}`)
        : randomUUID();
      // a new draft counts against the account's drafts of the day (429 past the limit); the same
      // Idempotency-Key again names the same draft and counts once
      const at0 = at();
      if (!(await load(draftId)).exists)
        await useDailyQuota({
          store: deps.store,
          category: DAILY_DRAFTS,
          what: 'start a draft (submit_listing)',
          setting: 'DRAFTS_PER_ACCOUNT_PER_DAY',
          accountId: account,
          key: draftId,
          limit: deps.draftsPerDay,
          at: at0,
        });
      const result = await run(
        draftId,
        {
          type: 'StartDraft',
          draftId,
          url,
          ownerId: account,
          idempotencyKey: call.idempotencyKey ?? null,
          clientModel: call.clientModel === true,
          meta: { at: at0 },
        },
        account,
      );
      if (result.position > 0) await deps.indexCaughtUp(result.position);
      await deps.runner.start('draft', draftWorkflowId(draftId), { draftId });
      return view(result.state);
    },

    async list_my_drafts(call) {
      const account = callerOf(call);
      const { page = 1, per_page = 20 } = call.query;
      const mine = [...deps.index().drafts.entries()]
        .filter(([, d]) => d.owners.includes(account))
        .sort(([ida, a], [idb, b]) => b.createdAt.localeCompare(a.createdAt) || idb.localeCompare(ida));
      const slice = mine.slice((page - 1) * per_page, page * per_page);
      const items = await Promise.all(slice.map(async ([id]) => view(await load(id))));
      return { items, page, per_page, total: mine.length };
    },

    async get_draft(call) {
      const account = callerOf(call);
      return view(await loadOwned(String(call.params.id), account));
    },

    async update_draft(call) {
      const account = callerOf(call);
      const draftId = String(call.params.id);
      const body = call.body as Record<string, unknown>;
      const before = await loadOwned(draftId, account);

      const values: Record<string, unknown> = { ...((body.fields as Record<string, unknown> | undefined) ?? {}) };
      for (const key of SECTION_KEYS) if (key in body) values[key] = body[key];
      const categories = values.categories;
      if (Array.isArray(categories) && categories.length > 0) {
        const known = new Set(await deps.catalog.categoryNames());
        const unknown = categories.map((name, i) => ({ name: String(name), i })).filter(({ name }) => !known.has(name));
        if (unknown.length > 0)
          throw new ValidationError(
            unknown.map(({ name, i }) => ({
              field: `body.fields.categories.${i}`,
              message: `"${name}" is not a category name list_categories knows`,
            })),
          );
      }
      // a logo URL typed by an owner is fetched, checked and stored now: one that is not an image is a 400
      const logo = values.logo_url;
      if (deps.images && typeof logo === 'string' && logo.trim() !== '' && !before.logos[logo]) {
        let stored: { url: string };
        try {
          stored = await deps.images.logoFromUrl(logo);
        } catch (error) {
          if (!(error instanceof ImageRefused)) throw error;
          throw new ValidationError([
            { field: 'body.fields.logo_url', message: `the logo was not accepted: ${error.reason}` },
          ]);
        }
        await run(draftId, { type: 'StoreLogo', sourceUrl: logo, url: stored.url, meta: { at: at() } }, account);
      }
      const regenerateKeys = (body.regenerate as string[] | undefined) ?? [];
      const requestId =
        regenerateKeys.length === 0
          ? null
          : call.idempotencyKey
            ? uuidFrom(`update_draft\n${account}\n${draftId}\n${call.idempotencyKey}`)
            : randomUUID();
      const result = await run(
        draftId,
        {
          type: 'EditDraft',
          by: account,
          values,
          lock: [...new Set((body.lock_fields as string[] | undefined) ?? [])],
          restore: [...new Set((body.restore as string[] | undefined) ?? [])],
          regenerate: requestId
            ? { requestId, keys: [...new Set(regenerateKeys)], ...(call.clientModel ? { clientModel: true } : {}) }
            : null,
          meta: { at: at() },
        },
        account,
      );
      if (requestId && result.state.regenerating[requestId])
        await deps.runner.start('regenerate', regenerateWorkflowId(draftId, requestId), { draftId, requestId });
      // a failed draft regenerated: the draft workflow runs again under the draft's id (the last run ended)
      if (requestId && result.state.recrawl?.requestId === requestId && result.state.status === 'crawling')
        await deps.runner.start('draft', draftWorkflowId(draftId), { draftId });
      // a submitted draft keeps its listing in step: no new submit needed. Synced on every PATCH,
      // even one that changed nothing: a PATCH retried after the catalog could not be reached (the
      // edit was kept) brings the listing up to date
      if (result.state.listingId !== null)
        await syncListing(result.state, result.state.listingId).catch((error: unknown) => {
          // a verified claim gave the listing to its website's owner: the draft keeps the edit, the listing does not
          if (error instanceof DomainError && error.status === 403)
            throw new ForbiddenError(`the edit is saved in your draft, but ${error.message}`);
          if (!(error instanceof DomainError) || error.status < 500) throw error;
          throw new ServiceUnavailableError(
            `the edit is saved, but listing ${result.state.listingId} could not be updated (${error.message}): send the PATCH again`,
          );
        });
      return view(result.events.length > 0 ? result.state : before);
    },

    async invite_cofounder(call) {
      const account = callerOf(call);
      const draftId = String(call.params.id);
      const before = await loadOwned(draftId, account);
      const { email } = call.body;
      const inviteId = call.idempotencyKey
        ? uuidFrom(`invite_cofounder\n${account}\n${draftId}\n${call.idempotencyKey}`)
        : randomUUID();
      const token = `${draftId}.${randomBytes(32).toString('base64url')}`;
      const command: DraftCommand = {
        type: 'InviteCofounder',
        by: account,
        inviteId,
        email: await deps.vault.seal(account, email),
        tokenHash: sha256(token),
        meta: { at: at() },
      };
      // mailed before it is recorded: when the mail server refuses, no invite is left behind without
      // its mail, and the same request again (same Idempotency-Key too) sends it. The decider says
      // first whether there is anything to record (an 11th invite is refused, a repeat is a no-op).
      if (draftDecider.decide(command, before).length > 0) {
        const link = `${deps.publicUrl}${inviteAcceptPath(token)}`;
        await deps.mailer.send({
          kind: 'draft-invite',
          to: email,
          subject: 'You are invited to co-own a product listing draft',
          text: [
            'Hello,',
            '',
            `You have been invited to co-own the draft listing for ${before.url}.`,
            `Sign in and accept the invite here: ${link}`,
            '',
            'If you did not expect this, ignore this email.',
          ].join('\n'),
        });
      }
      const result = await run(draftId, command, account);
      const invite = result.state.invites.find((i) => i.id === inviteId);
      if (!invite) throw new Error('invite missing after append');
      return {
        id: invite.id,
        email: (await revealPersonalData(deps.vault, invite.email)) ?? '',
        invited_at: invite.invitedAt,
      };
    },

    async submit_draft(call) {
      const account = callerOf(call);
      const draftId = String(call.params.id);
      const state = await loadOwned(draftId, account);
      // the decider says why a draft that is not ready cannot be submitted, before catalog is asked
      draftDecider.decide(
        { type: 'SubmitDraft', by: account, listingId: state.listingId ?? 1, meta: { at: at() } },
        state,
      );
      const saved = await syncListing(state, state.listingId);
      const result = await run(
        draftId,
        { type: 'SubmitDraft', by: account, listingId: saved.listing_id, meta: { at: at() } },
        account,
      );
      return { listing_id: saved.listing_id, draft: await view(result.state) };
    },
  });

  /** drafting.internal.accept_invite: the signed-in person becomes a co-owner */
  const acceptInvite = async (request: AcceptInviteRequest): Promise<{ draft_id: string }> => {
    const account = signedIn(request.principal);
    const draftId = request.token.split('.')[0] as string;
    const state = await load(draftId);
    if (!state.exists) throw new NotFoundError('no such invite');
    const result = await run(
      draftId,
      { type: 'AcceptInvite', tokenHash: sha256(request.token), accountId: account, meta: { at: at() } },
      account,
    );
    if (result.position > 0) await deps.indexCaughtUp(result.position);
    return { draft_id: draftId };
  };

  /** drafting.internal.describe_invite: what the accept page shows (the token is the credential) */
  const describeInvite = async (request: DescribeInviteRequest): Promise<DescribeInviteReply> => {
    const draftId = request.token.split('.')[0] as string;
    const state = await load(draftId);
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
      state: invite.acceptedBy !== null ? 'accepted' : at() >= expiresAt ? 'expired' : 'open',
      accepted_by: invite.acceptedBy,
      owner_account_ids: [...state.owners],
    };
  };

  /**
   * drafting.internal.cancel_draft_work: an owner's client stops the draft's running work. It is
   * recorded on the draft (the source of truth, whichever runner runs the workflow): a crawl or
   * draft in progress ends `failed`, pending redrafts are abandoned. The workflow's activities see
   * it: the crawl watches the draft and stops (create-activities.ts), and what a step still
   * returns is no longer recorded (the decider ignores it on a failed draft or an abandoned redraft).
   */
  const cancelDraftWork = async (
    request: CancelDraftWorkRequest,
  ): Promise<{ draft_id: string; cancelled: boolean }> => {
    const account = writer(request.principal);
    const draftId = request.draft_id;
    const state = await loadOwned(draftId, account);
    const meta = { at: at() };
    let position = 0;
    if (state.status === 'crawling' || state.status === 'drafting')
      position = (await run(draftId, { type: 'FailDraft', reason: DRAFT_CANCELLED_REASON, meta }, account)).position;
    for (const requestId of Object.keys(state.regenerating)) {
      const result = await run(
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

  /** drafting.internal.client_model_request: the open request to the client's model, for an owner */
  const clientModelRequest = async (request: ClientModelRequestRequest): Promise<ClientModelRequestReply> => {
    const state = await loadOwned(request.draft_id, signedIn(request.principal));
    // an ask whose work is still running (the draft drafting, or its regeneration pending)
    const ask = state.clientModelAsks.find(
      (a) =>
        a.answer === null && (a.requestId === null ? state.status === 'drafting' : a.requestId in state.regenerating),
    );
    if (!ask) return { draft_id: state.id, ask: null };
    const stored = JSON.parse(new TextDecoder().decode(await deps.blobs.get(ask.requestRef))) as ClientModelRequest;
    return { draft_id: state.id, ask: { ask_id: ask.askId, request: stored } };
  };

  /**
   * drafting.internal.answer_client_model: an owner's client answered (or declined) the draft's
   * request to its model. Recorded on the draft first (so a workflow resumed after a crash finds
   * it), then the workflow is signalled to go on.
   */
  const answerClientModel = async (
    request: AnswerClientModelRequest,
  ): Promise<{ draft_id: string; recorded: boolean }> => {
    const account = writer(request.principal);
    const before = await loadOwned(request.draft_id, account);
    const ask = before.clientModelAsks.find((a) => a.askId === request.ask_id);
    // the answer text can outgrow an event: it goes to the blob store first (idempotent)
    const textRef =
      request.outcome === 'answered' && request.text !== undefined ? await deps.blobs.put(request.text) : undefined;
    const result = await run(
      request.draft_id,
      {
        type: 'AnswerClientModel',
        askId: request.ask_id,
        outcome: request.outcome,
        ...(textRef !== undefined ? { textRef } : {}),
        ...(request.model !== undefined ? { model: request.model } : {}),
        meta: { at: at() },
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

  return { handlers, acceptInvite, describeInvite, cancelDraftWork, clientModelRequest, answerClientModel };
};
