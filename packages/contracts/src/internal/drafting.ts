import Type, { type Static } from 'typebox';
import { IsoDateTime, Uuid } from '../common.ts';
import { Principal } from '../envelope.ts';

/**
 * Drafting's internal operations (not REST routes or MCP tools), on `drafting.internal.<name>`.
 * Reply: `{ status, body }` or `{ status, problem }` like an operation reply.
 */
export const INVITE_TOKEN_PATTERN = '^[0-9a-f-]{36}\\.[A-Za-z0-9_-]{43}$';

/** The accept link in an invite email: `${PUBLIC_URL}/invites/{token}` (the website serves the page). */
export const inviteAcceptPath = (token: string): string => `/invites/${token}`;

export const acceptInvite = {
  name: 'accept_invite',
  subject: 'drafting.internal.accept_invite',
  description:
    'A signed-in person opened an invite link and accepts it: they become a co-owner of the draft. Anonymous principals get 401; an unknown token 404; a token accepted by someone else 409; an account that already owns the draft (e.g. the sender) 409, and the invite stays open; an invite older than INVITE_TTL_DAYS 410. Accepting again is a no-op.',
  request: Type.Object(
    { token: Type.String({ pattern: INVITE_TOKEN_PATTERN }), principal: Principal },
    { additionalProperties: false },
  ),
  reply: Type.Object({ draft_id: Uuid }),
} as const;
export type AcceptInviteRequest = Static<typeof acceptInvite.request>;

/** The failure reason (or abandoned-redraft reason) of draft work its owner's client cancelled. */
export const DRAFT_CANCELLED_REASON = 'cancelled by the client';

export const cancelDraftWork = {
  name: 'cancel_draft_work',
  subject: 'drafting.internal.cancel_draft_work',
  description: `An owner's client (an MCP task cancelled with tasks/cancel) stops the draft's running work: a draft still crawling or drafting ends \`failed\` with the reason "${DRAFT_CANCELLED_REASON}" and its crawl stops within about a second; pending redrafts are abandoned with that reason and the draft keeps its fields. Idempotent: a draft with no running work is answered as it is. Anonymous principals get 401; a draft the principal does not own, or an unknown one, 404.`,
  request: Type.Object({ draft_id: Uuid, principal: Principal }, { additionalProperties: false }),
  reply: Type.Object({ draft_id: Uuid, cancelled: Type.Boolean() }),
} as const;
export type CancelDraftWorkRequest = Static<typeof cancelDraftWork.request>;

/** How long an invite link stays valid after it was sent. */
export const INVITE_TTL_DAYS = 14;
export const INVITE_STATES = ['open', 'accepted', 'expired'] as const;

export const describeInvite = {
  name: 'describe_invite',
  subject: 'drafting.internal.describe_invite',
  description:
    'What the invite accept page shows: who invited whom to which draft, and whether the invite is still open. The token is the only credential (whoever holds the link may read this); an unknown token is 404.',
  request: Type.Object({ token: Type.String({ pattern: INVITE_TOKEN_PATTERN }) }, { additionalProperties: false }),
  reply: Type.Object({
    draft_id: Uuid,
    /** the URL the draft was started from */
    product_url: Type.String(),
    /** the draft's current name value, null while it has none */
    product_name: Type.Union([Type.String(), Type.Null()]),
    /** account id of the owner who sent the invite */
    invited_by: Type.String(),
    invited_email: Type.String(),
    invited_at: IsoDateTime,
    expires_at: IsoDateTime,
    state: Type.Enum([...INVITE_STATES]),
    /** the account that accepted it, null while open */
    accepted_by: Type.Union([Type.String(), Type.Null()]),
    /** the draft's owners now (to tell an owner opening their own invite) */
    owner_account_ids: Type.Array(Type.String()),
  }),
} as const;
export type DescribeInviteRequest = Static<typeof describeInvite.request>;
export type DescribeInviteReply = Static<typeof describeInvite.reply>;

/**
 * The model of the client that started a draft (MCP sampling, docs/mcp.md "Sampling"): without a
 * model key, drafting asks it for the profile's values. The request is what an MCP
 * `sampling/createMessage` carries, in the contracts' snake_case; the gateway shows it to the
 * client as the task's input request and brings the answer back.
 */
export const CLIENT_MODEL_MAX_TOKENS = 4096;
/** the longest answer text drafting takes from a client's model */
export const CLIENT_MODEL_ANSWER_MAX_CHARS = 100_000;
/** how long the drafting workflow waits for the answer before it keeps the extractive draft alone */
export const CLIENT_MODEL_WAIT_MS = 5 * 60_000;
/**
 * Crawls and drafter calls a drafting process runs at once in its drafting worker (a thread off the
 * event loop that answers requests); more wait in its queue, in arrival order.
 */
export const DRAFTING_CONCURRENT_JOBS = 4;
export const CLIENT_MODEL_OUTCOMES = ['answered', 'declined', 'failed', 'timed_out'] as const;

const Priority = Type.Number({ minimum: 0, maximum: 1 });
export const ClientModelRequest = Type.Object(
  {
    messages: Type.Array(
      Type.Object(
        {
          role: Type.Enum(['user', 'assistant']),
          content: Type.Object({ type: Type.Literal('text'), text: Type.String() }, { additionalProperties: false }),
        },
        { additionalProperties: false },
      ),
    ),
    system_prompt: Type.String(),
    max_tokens: Type.Integer({ minimum: 1 }),
    model_preferences: Type.Object(
      { intelligence_priority: Priority, speed_priority: Priority, cost_priority: Priority },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'a sampling/createMessage request, snake_case' },
);
export type ClientModelRequest = Static<typeof ClientModelRequest>;

export const clientModelRequest = {
  name: 'client_model_request',
  subject: 'drafting.internal.client_model_request',
  description:
    "What the draft waits for from its client's model: the open sampling request, of the draft or of a regeneration (null when it waits for none). Only an owner of the draft may read it: anonymous principals get 401, a draft the principal does not own (or an unknown one) 404.",
  request: Type.Object({ draft_id: Uuid, principal: Principal }, { additionalProperties: false }),
  reply: Type.Object({
    draft_id: Uuid,
    ask: Type.Union([Type.Object({ ask_id: Uuid, request: ClientModelRequest }), Type.Null()]),
  }),
} as const;
export type ClientModelRequestRequest = Static<typeof clientModelRequest.request>;
export type ClientModelRequestReply = Static<typeof clientModelRequest.reply>;

export const answerClientModel = {
  name: 'answer_client_model',
  subject: 'drafting.internal.answer_client_model',
  description:
    "The client's model answered the draft's sampling request (`answered` with its text), or the client declined or failed it: recorded on the draft, and the drafting workflow goes on at once (the answer's quotes are checked like any drafter's). Only an owner may answer: anonymous 401, another account's or an unknown draft 404. An answer to a request that is no longer open (answered, timed out, another ask id) records nothing (`recorded: false`).",
  request: Type.Object(
    {
      draft_id: Uuid,
      ask_id: Uuid,
      principal: Principal,
      outcome: Type.Enum(['answered', 'declined', 'failed']),
      text: Type.Optional(Type.String({ maxLength: CLIENT_MODEL_ANSWER_MAX_CHARS })),
      model: Type.Optional(Type.String({ maxLength: 200 })),
    },
    { additionalProperties: false },
  ),
  reply: Type.Object({ draft_id: Uuid, recorded: Type.Boolean() }),
} as const;
export type AnswerClientModelRequest = Static<typeof answerClientModel.request>;
