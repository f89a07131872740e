import { INVITE_TTL_DAYS, INVITES_MAX } from '@listings/contracts';
import type { Decider } from '@listings/platform/decider';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '@listings/platform/errors';
import {
  clientModelAskFor,
  type DraftEvent,
  type DraftState,
  evolve,
  initialDraftState,
  isFilled,
  type Proposal,
  type StoredPage,
} from './draft.ts';

interface Meta {
  readonly at: string;
}

export type DraftCommand =
  | {
      type: 'StartDraft';
      draftId: string;
      url: string;
      ownerId: string;
      idempotencyKey: string | null;
      /** the client that asks can answer model requests (an MCP task whose client declared sampling) */
      clientModel?: boolean;
      meta: Meta;
    }
  /**
   * asks the client's model (MCP sampling) for `keys`: once for the draft while it is drafting
   * (`requestId` null), or once for a pending regeneration, when their client offered its model
   */
  | {
      type: 'AskClientModel';
      askId: string;
      requestId: string | null;
      keys: string[];
      /** the sampling request, already in the blob store */
      requestRef: string;
      meta: Meta;
    }
  /** the client's answer, or why there is none; the first one for the open request counts */
  | {
      type: 'AnswerClientModel';
      askId: string;
      outcome: 'answered' | 'declined' | 'failed' | 'timed_out';
      /** the answer text, already in the blob store */
      textRef?: string;
      model?: string;
      meta: Meta;
    }
  | { type: 'RecordProgress'; step: string; pagesRead: number; pagesPlanned: number; meta: Meta }
  /** the pages already in the blob store: the event holds their references */
  | { type: 'RecordCrawl'; pages: StoredPage[]; meta: Meta }
  | { type: 'FailDraft'; reason: string; meta: Meta }
  | { type: 'RecordProfile'; keys: string[]; proposals: Record<string, Proposal>; requestId: string | null; meta: Meta }
  | { type: 'AbandonRegeneration'; requestId: string; reason: string; meta: Meta }
  | {
      type: 'EditDraft';
      by: string;
      values: Record<string, unknown>;
      lock: string[];
      restore: string[];
      /** clientModel: the client that asks can answer model requests (an MCP task whose client declared sampling) */
      regenerate: { requestId: string; keys: string[]; clientModel?: boolean } | null;
      meta: Meta;
    }
  | { type: 'InviteCofounder'; by: string; inviteId: string; email: string; tokenHash: string; meta: Meta }
  | { type: 'AcceptInvite'; tokenHash: string; accountId: string; meta: Meta }
  | { type: 'SubmitDraft'; by: string; listingId: number; meta: Meta }
  /** a copy of the logo at `sourceUrl` is stored in the images bucket and served at `url` */
  | { type: 'StoreLogo'; sourceUrl: string; url: string; meta: Meta };

export class InviteExpiredError extends DomainError {
  constructor(detail: string) {
    super(410, 'gone', 'Gone', detail);
  }
}

/** when an invite sent at `invitedAt` stops being accepted */
export const inviteExpiresAt = (invitedAt: string): string =>
  new Date(Date.parse(invitedAt) + INVITE_TTL_DAYS * 24 * 60 * 60 * 1000).toISOString();

/** what a draft whose site could not be read needs, filled in by hand, to be submitted */
export const SUBMIT_BY_HAND_NEEDS = ['name', 'tagline'] as const;

const mustExist = (state: DraftState): void => {
  if (!state.exists) throw new NotFoundError('no such draft');
};

export const decide = (command: DraftCommand, state: DraftState): DraftEvent[] => {
  const at = command.meta.at;
  switch (command.type) {
    case 'StartDraft':
      if (state.exists) {
        if (state.url === command.url && state.owners.includes(command.ownerId)) return [];
        throw new ConflictError('this Idempotency-Key was already used for another request');
      }
      return [
        {
          type: 'DraftStarted',
          data: {
            draft_id: command.draftId,
            url: command.url,
            owner_id: command.ownerId,
            at,
            idempotency_key: command.idempotencyKey,
            ...(command.clientModel ? { client_model: true } : {}),
          },
        },
      ];
    case 'AskClientModel': {
      mustExist(state);
      const offered =
        command.requestId === null
          ? state.status === 'drafting' && state.clientModel
          : command.requestId in state.regenerating && state.clientModelRegenerations.includes(command.requestId);
      if (!offered || clientModelAskFor(state, command.requestId)) return [];
      return [
        {
          type: 'ClientModelAsked',
          data: {
            ask_id: command.askId,
            request_id: command.requestId,
            keys: command.keys,
            request_ref: command.requestRef,
            at,
          },
        },
      ];
    }
    case 'AnswerClientModel': {
      mustExist(state);
      const ask = state.clientModelAsks.find((a) => a.askId === command.askId);
      if (!ask || ask.answer !== null) return [];
      return [
        {
          type: 'ClientModelAnswered',
          data: {
            ask_id: command.askId,
            outcome: command.outcome,
            ...(command.outcome === 'answered' && command.textRef !== undefined ? { text_ref: command.textRef } : {}),
            ...(command.model ? { model: command.model } : {}),
            at,
          },
        },
      ];
    }
    case 'RecordProgress':
      mustExist(state);
      if (state.status !== 'crawling') return [];
      if (state.progress.step === command.step && state.progress.pagesRead === command.pagesRead) return [];
      return [
        {
          type: 'CrawlProgressed',
          data: { step: command.step, pages_read: command.pagesRead, pages_planned: command.pagesPlanned, at },
        },
      ];
    case 'RecordCrawl':
      mustExist(state);
      // a crawl that finished twice (a retried activity) records once
      if (state.status !== 'crawling') return [];
      return [{ type: 'SiteCrawled', data: { pages: command.pages, at } }];
    case 'FailDraft':
      mustExist(state);
      if (state.status !== 'crawling' && state.status !== 'drafting') return [];
      return [{ type: 'DraftFailed', data: { reason: command.reason, at } }];
    case 'RecordProfile':
      mustExist(state);
      if (command.requestId === null) {
        if (state.status !== 'drafting') return [];
      } else if (!(command.requestId in state.regenerating)) return [];
      return [
        {
          type: 'ProfileDrafted',
          data: { keys: command.keys, proposals: command.proposals, request_id: command.requestId, at },
        },
      ];
    case 'AbandonRegeneration':
      mustExist(state);
      if (!(command.requestId in state.regenerating)) return [];
      return [{ type: 'RegenerationAbandoned', data: { request_id: command.requestId, reason: command.reason, at } }];
    case 'EditDraft': {
      mustExist(state);
      const events: DraftEvent[] = [];
      const by = command.by;
      // a failed draft has no pages to redraft from: regenerate reads the site again (it may be fixed)
      const recrawl =
        command.regenerate !== null &&
        command.regenerate.keys.length > 0 &&
        state.status === 'failed' &&
        state.recrawl?.requestId !== command.regenerate.requestId;
      const retriedRecrawl = command.regenerate !== null && state.recrawl?.requestId === command.regenerate.requestId;
      if (command.regenerate && !retriedRecrawl) {
        const { requestId, keys } = command.regenerate;
        if (!(requestId in state.regenerating)) {
          if (state.status !== 'ready' && !recrawl)
            throw new ConflictError(
              `the draft is ${state.status}: regenerate needs a ready draft (the site's evidence is read first)`,
            );
          const locked = keys.filter((k) => state.slots[k]?.locked || command.lock.includes(k));
          if (locked.length > 0)
            throw new ConflictError(
              `locked against AI redrafts, so they cannot be regenerated: ${locked.join(', ')} (restore them first to unlock)`,
            );
          const both = keys.filter((k) => k in command.values || command.restore.includes(k));
          if (both.length > 0)
            throw new ValidationError(
              both.map((k) => ({ field: 'body.regenerate', message: `${k} is also set or restored in this request` })),
            );
        }
      }
      if (Object.keys(command.values).length > 0)
        events.push({ type: 'FieldsEdited', data: { values: command.values, by, at } });
      if (command.restore.length > 0) events.push({ type: 'FieldsRestored', data: { keys: command.restore, by, at } });
      if (command.lock.length > 0) events.push({ type: 'FieldsLocked', data: { keys: command.lock, by, at } });
      if (recrawl && command.regenerate)
        events.push({
          type: 'DraftRecrawlRequested',
          data: { request_id: command.regenerate.requestId, keys: command.regenerate.keys, at },
        });
      else if (
        command.regenerate &&
        !retriedRecrawl &&
        !(command.regenerate.requestId in state.regenerating) &&
        command.regenerate.keys.length > 0
      )
        events.push({
          type: 'RegenerationRequested',
          data: {
            request_id: command.regenerate.requestId,
            keys: command.regenerate.keys,
            at,
            ...(command.regenerate.clientModel ? { client_model: true } : {}),
          },
        });
      return events;
    }
    case 'InviteCofounder': {
      mustExist(state);
      if (state.invites.some((i) => i.id === command.inviteId)) return [];
      if (state.invites.length >= INVITES_MAX)
        throw new ConflictError(`this draft already has ${INVITES_MAX} invites, the most it can have`);
      return [
        {
          type: 'CofounderInvited',
          data: {
            invite_id: command.inviteId,
            email: command.email,
            token_hash: command.tokenHash,
            by: command.by,
            at,
          },
        },
      ];
    }
    case 'AcceptInvite': {
      mustExist(state);
      const invite = state.invites.find((i) => i.tokenHash === command.tokenHash);
      if (!invite) throw new NotFoundError('no such invite');
      if (invite.acceptedBy === command.accountId) return [];
      if (invite.acceptedBy !== null) throw new ConflictError('this invite was already accepted by someone else');
      // the sender (or any other owner) opening the link would use up the invite for nothing
      if (state.owners.includes(command.accountId))
        throw new ConflictError('you already own this draft; the invite stays open for the person it was sent to');
      if (Date.parse(at) >= Date.parse(inviteExpiresAt(invite.invitedAt)))
        throw new InviteExpiredError(`this invite expired ${INVITE_TTL_DAYS} days after it was sent`);
      return [{ type: 'InviteAccepted', data: { invite_id: invite.id, account_id: command.accountId, at } }];
    }
    case 'SubmitDraft': {
      mustExist(state);
      if (state.status === 'failed') {
        // the site could not be read: the owner may fill the listing in by hand and submit it
        const missing = SUBMIT_BY_HAND_NEEDS.filter((key) => !isFilled(state.slots[key]?.value));
        if (missing.length > 0)
          throw new ConflictError(
            `the draft failed (${state.failureReason ?? 'unknown reason'}): fill in ${missing.join(' and ')} by hand (PATCH the draft's fields) to submit it, or regenerate it once the site can be read`,
          );
      } else if (state.status !== 'ready')
        throw new ConflictError(`the draft is still ${state.status}; submit it once its status is ready`);
      if (state.listingId !== null && state.listingId !== command.listingId)
        throw new ConflictError(`the draft belongs to listing ${state.listingId}`);
      return [{ type: 'DraftSubmitted', data: { listing_id: command.listingId, by: command.by, at } }];
    }
    case 'StoreLogo':
      mustExist(state);
      if (state.logos[command.sourceUrl] === command.url) return [];
      return [{ type: 'LogoStored', data: { source_url: command.sourceUrl, url: command.url, at } }];
    default: {
      const never: never = command;
      throw new Error(`unknown draft command ${JSON.stringify(never)}`);
    }
  }
};

export const draftDecider: Decider<DraftCommand, DraftState, DraftEvent> = {
  initialState: initialDraftState,
  evolve,
  decide,
};
