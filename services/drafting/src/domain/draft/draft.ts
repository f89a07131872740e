import { type CLIENT_MODEL_OUTCOMES, DRAFT_FIELD_KEYS, PROFILE_SECTION_KEYS } from '@listings/contracts';
import type { DomainEventOf, draftingEvents, EventDataOf } from '@listings/contracts/events';

/**
 * The draft aggregate: events, state and evolve (pure). Every profile value lives in a "slot":
 * the 18 `fields` keys and the 8 profile sections (faqs, founders, socials, story, milestones,
 * competitor_url, seo) behave alike: an AI value with evidence, a state, the AI's original
 * proposal for `restore`, and a lock against AI redrafts.
 */

export type DraftStatus = 'crawling' | 'drafting' | 'ready' | 'failed';
export type FieldState = 'ai' | 'not_found' | 'edited' | 'manual' | 'override' | 'deleted';

export const FIELD_KEYS = DRAFT_FIELD_KEYS;
export const SECTION_KEYS: readonly string[] = PROFILE_SECTION_KEYS;
export const SLOT_KEYS: readonly string[] = [...FIELD_KEYS, ...SECTION_KEYS];

export interface Evidence {
  readonly quote: string;
  /** the crawled page the quote is on */
  readonly url: string;
  /** which part of a structured value it supports, e.g. `faqs[0].answer` */
  readonly field?: string;
}

/** What a drafter proposes for one slot: a value and the quotes it stands on. */
export interface Proposal {
  readonly value: unknown;
  readonly evidence: readonly Evidence[];
}

/** A page as the crawler read it and the drafter reads it: content in hand, never in an event. */
export interface CrawledPage {
  readonly url: string;
  readonly title: string;
  /** visible text plus the page's metadata lines (meta tags, JSON-LD, links): the evidence base */
  readonly text: string;
  /** the HTML as fetched (bounded), for redrafts by the extractive drafter */
  readonly html: string;
}

/**
 * A page as the draft keeps it (SiteCrawled v2): its text and HTML in the blob store, by content
 * hash; or, for drafts crawled before pages moved out of events (v1 lifted to v2), inline.
 */
export type StoredPage = EventDataOf<typeof draftingEvents, 'SiteCrawled'>['pages'][number];

export interface Slot {
  readonly value: unknown;
  readonly state: FieldState;
  readonly evidence: readonly Evidence[];
  readonly locked: boolean;
  /** the AI's last proposal (value null and state not_found when it found nothing); null before drafting */
  readonly ai: {
    readonly value: unknown;
    readonly state: 'ai' | 'not_found';
    readonly evidence: readonly Evidence[];
  } | null;
}

export interface Invite {
  readonly id: string;
  readonly email: string;
  readonly tokenHash: string;
  readonly invitedAt: string;
  /** the owner who sent it */
  readonly invitedBy: string;
  readonly acceptedBy: string | null;
}

/** A request to the model of the client that started the draft or a regeneration (MCP sampling), and its answer once there is one. */
export interface ClientModelAsk {
  readonly askId: string;
  /** the regeneration it drafts for; null for the first draft */
  readonly requestId: string | null;
  readonly keys: readonly string[];
  /** the sampling request (JSON) in the blob store */
  readonly requestRef: string;
  readonly answer: {
    readonly outcome: (typeof CLIENT_MODEL_OUTCOMES)[number];
    /** the answer text in the blob store, when answered */
    readonly textRef: string | null;
  } | null;
}

export interface DraftState {
  readonly exists: boolean;
  readonly id: string;
  readonly url: string;
  readonly status: DraftStatus;
  readonly failureReason: string | null;
  readonly owners: readonly string[];
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly progress: { readonly step: string; readonly pagesRead: number; readonly pagesPlanned: number };
  readonly pages: readonly StoredPage[];
  readonly slots: Readonly<Record<string, Slot>>;
  /** regenerations asked for and not finished: request id -> keys */
  readonly regenerating: Readonly<Record<string, readonly string[]>>;
  /** the last recrawl asked for (a failed draft regenerated): its request id and the keys it redrafts even when typed */
  readonly recrawl: { readonly requestId: string; readonly keys: readonly string[] } | null;
  readonly invites: readonly Invite[];
  readonly listingId: number | null;
  readonly submittedAt: string | null;
  readonly idempotencyKey: string | null;
  /** the client that started the draft can answer model requests (DraftStarted.client_model) */
  readonly clientModel: boolean;
  /** regenerations whose client can answer model requests (RegenerationRequested.client_model) */
  readonly clientModelRegenerations: readonly string[];
  /** the requests to those clients' models, in the order asked */
  readonly clientModelAsks: readonly ClientModelAsk[];
  /** logos stored in the images bucket (LogoStored): the site's (or owner's) URL -> our copy's URL */
  readonly logos: Readonly<Record<string, string>>;
}

/** The draft's events, derived from their declared schemas (packages/contracts/src/events/drafting.ts). */
export type DraftEvent = Exclude<DomainEventOf<typeof draftingEvents>, { type: 'DailyQuotaUsed' }>;

const emptySlot: Slot = { value: null, state: 'not_found', evidence: [], locked: false, ai: null };

export const initialDraftState: DraftState = {
  exists: false,
  id: '',
  url: '',
  status: 'crawling',
  failureReason: null,
  owners: [],
  createdAt: '',
  updatedAt: '',
  progress: { step: 'queued', pagesRead: 0, pagesPlanned: 0 },
  pages: [],
  slots: Object.fromEntries(SLOT_KEYS.map((k) => [k, emptySlot])),
  regenerating: {},
  recrawl: null,
  invites: [],
  listingId: null,
  submittedAt: null,
  idempotencyKey: null,
  clientModel: false,
  clientModelRegenerations: [],
  clientModelAsks: [],
  logos: {},
};

/** the request to the client's model for the draft (`requestId` null) or a regeneration, if asked */
export const clientModelAskFor = (state: DraftState, requestId: string | null): ClientModelAsk | undefined =>
  state.clientModelAsks.find((ask) => ask.requestId === requestId);

/** A value counts as present when it holds something: no null, no empty string, list or object. */
export const isFilled = (value: unknown): boolean => {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value as object).some(isFilled);
  return true;
};

const slotOf = (state: DraftState, key: string): Slot => state.slots[key] ?? emptySlot;

const withSlots = (state: DraftState, changes: Record<string, Slot>): Readonly<Record<string, Slot>> => ({
  ...state.slots,
  ...changes,
});

/**
 * An AI (re)draft of `keys`: the original is always kept for `restore`; the shown value changes
 * unless the user owns it (and did not name the slot explicitly) or locked it.
 */
const applyDrafted = (
  state: DraftState,
  keys: readonly string[],
  proposals: Record<string, Proposal>,
  explicit: (key: string) => boolean,
): Readonly<Record<string, Slot>> => {
  const changes: Record<string, Slot> = {};
  for (const key of keys) {
    const slot = slotOf(state, key);
    const proposal = proposals[key];
    const ai = proposal
      ? { value: proposal.value, state: 'ai' as const, evidence: proposal.evidence }
      : { value: null, state: 'not_found' as const, evidence: [] };
    const userOwned = slot.state === 'edited' || slot.state === 'manual' || slot.state === 'deleted';
    if (slot.locked || (userOwned && !explicit(key))) changes[key] = { ...slot, ai };
    else changes[key] = { value: ai.value, state: ai.state, evidence: ai.evidence, locked: false, ai };
  }
  return withSlots(state, changes);
};

export const evolve = (state: DraftState, event: DraftEvent): DraftState => {
  switch (event.type) {
    case 'DraftStarted':
      return {
        ...initialDraftState,
        exists: true,
        id: event.data.draft_id,
        url: event.data.url,
        owners: [event.data.owner_id],
        createdAt: event.data.at,
        updatedAt: event.data.at,
        progress: { step: 'reading robots.txt', pagesRead: 0, pagesPlanned: 0 },
        idempotencyKey: event.data.idempotency_key,
        clientModel: event.data.client_model === true,
      };
    case 'CrawlProgressed':
      return {
        ...state,
        progress: { step: event.data.step, pagesRead: event.data.pages_read, pagesPlanned: event.data.pages_planned },
      };
    case 'SiteCrawled':
      return {
        ...state,
        status: 'drafting',
        pages: event.data.pages,
        updatedAt: event.data.at,
        progress: {
          step: 'drafting the profile',
          pagesRead: event.data.pages.length,
          pagesPlanned: event.data.pages.length,
        },
      };
    case 'DraftFailed':
      return {
        ...state,
        status: 'failed',
        failureReason: event.data.reason,
        updatedAt: event.data.at,
        progress: { ...state.progress, step: 'failed' },
      };
    case 'ProfileDrafted': {
      const requestId = event.data.request_id;
      const { [requestId ?? '']: _done, ...regenerating } = state.regenerating;
      // the draft after a recrawl also redrafts the slots the owner named, typed or not
      const named = new Set(requestId === null ? (state.recrawl?.keys ?? []) : []);
      return {
        ...state,
        status: state.status === 'drafting' ? 'ready' : state.status,
        slots: applyDrafted(
          state,
          event.data.keys,
          event.data.proposals,
          (key) => requestId !== null || named.has(key),
        ),
        regenerating: requestId === null ? state.regenerating : regenerating,
        updatedAt: event.data.at,
        progress: state.status === 'drafting' ? { ...state.progress, step: 'done' } : state.progress,
      };
    }
    case 'ClientModelAsked':
      return {
        ...state,
        clientModelAsks: [
          ...state.clientModelAsks,
          {
            askId: event.data.ask_id,
            requestId: event.data.request_id,
            keys: event.data.keys,
            requestRef: event.data.request_ref,
            answer: null,
          },
        ],
        updatedAt: event.data.at,
      };
    case 'ClientModelAnswered':
      return {
        ...state,
        clientModelAsks: state.clientModelAsks.map((ask) =>
          ask.askId === event.data.ask_id
            ? { ...ask, answer: { outcome: event.data.outcome, textRef: event.data.text_ref ?? null } }
            : ask,
        ),
        updatedAt: event.data.at,
      };
    case 'RegenerationRequested':
      return {
        ...state,
        regenerating: { ...state.regenerating, [event.data.request_id]: event.data.keys },
        clientModelRegenerations: event.data.client_model
          ? [...state.clientModelRegenerations, event.data.request_id]
          : state.clientModelRegenerations,
        updatedAt: event.data.at,
      };
    case 'DraftRecrawlRequested':
      return {
        ...state,
        status: 'crawling',
        failureReason: null,
        pages: [],
        progress: { step: 'reading robots.txt', pagesRead: 0, pagesPlanned: 0 },
        recrawl: { requestId: event.data.request_id, keys: event.data.keys },
        // the recrawl was asked for by a call that offered no client model
        clientModel: false,
        clientModelAsks: state.clientModelAsks.filter((ask) => ask.requestId !== null),
        updatedAt: event.data.at,
      };
    case 'RegenerationAbandoned': {
      const { [event.data.request_id]: _gone, ...regenerating } = state.regenerating;
      return { ...state, regenerating, updatedAt: event.data.at };
    }
    case 'FieldsEdited': {
      const changes: Record<string, Slot> = {};
      for (const [key, value] of Object.entries(event.data.values)) {
        const slot = slotOf(state, key);
        const removed = value === null || value === '';
        const typedState: FieldState = removed ? 'deleted' : slot.ai?.state === 'ai' ? 'edited' : 'manual';
        changes[key] = {
          ...slot,
          value: removed ? null : value,
          state: slot.locked ? 'override' : typedState,
          evidence: [],
        };
      }
      return { ...state, slots: withSlots(state, changes), updatedAt: event.data.at };
    }
    case 'FieldsLocked': {
      const changes: Record<string, Slot> = {};
      for (const key of event.data.keys) changes[key] = { ...slotOf(state, key), locked: true, state: 'override' };
      return { ...state, slots: withSlots(state, changes), updatedAt: event.data.at };
    }
    case 'FieldsRestored': {
      const changes: Record<string, Slot> = {};
      for (const key of event.data.keys) {
        const slot = slotOf(state, key);
        changes[key] = slot.ai
          ? { value: slot.ai.value, state: slot.ai.state, evidence: slot.ai.evidence, locked: false, ai: slot.ai }
          : { ...emptySlot };
      }
      return { ...state, slots: withSlots(state, changes), updatedAt: event.data.at };
    }
    case 'CofounderInvited':
      return {
        ...state,
        invites: [
          ...state.invites,
          {
            id: event.data.invite_id,
            email: event.data.email,
            tokenHash: event.data.token_hash,
            invitedAt: event.data.at,
            invitedBy: event.data.by,
            acceptedBy: null,
          },
        ],
        updatedAt: event.data.at,
      };
    case 'InviteAccepted':
      return {
        ...state,
        owners: state.owners.includes(event.data.account_id) ? state.owners : [...state.owners, event.data.account_id],
        invites: state.invites.map((i) =>
          i.id === event.data.invite_id ? { ...i, acceptedBy: event.data.account_id } : i,
        ),
        updatedAt: event.data.at,
      };
    case 'DraftSubmitted':
      return { ...state, listingId: event.data.listing_id, submittedAt: event.data.at, updatedAt: event.data.at };
    case 'LogoStored':
      return { ...state, logos: { ...state.logos, [event.data.source_url]: event.data.url } };
    default: {
      const never: never = event;
      throw new Error(`unknown draft event ${JSON.stringify(never)}`);
    }
  }
};

/** Completeness: the share of the 26 profile slots that hold a value, and the ones that do not. */
export const completenessOf = (state: DraftState): { score: number; missing: string[] } => {
  const missing = SLOT_KEYS.filter((key) => !isFilled(slotOf(state, key).value));
  return { score: Math.round((100 * (SLOT_KEYS.length - missing.length)) / SLOT_KEYS.length), missing };
};

export const draftStream = (draftId: string): string => `draft-${draftId}`;
