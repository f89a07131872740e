import Type from 'typebox';
import { OPERATOR_REASON_MAX } from '../moderation.ts';
import type { InternalOperation } from './catalog.ts';

/** the longest `network` of a page view or a vote (an IPv6 /64 or /48 written out is 25 characters) */
export const NETWORK_MAX_LENGTH = 64;

/**
 * What the ranking rules weigh a vote by (docs/ranking.md), as identity told the web edge
 * (`lookup_session`) and the edge saw the request; each absent: not known (counted in full).
 */
export const VoterFacts = {
  account_created_at: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  email_disposable: Type.Optional(Type.Boolean()),
  suspended: Type.Optional(Type.Boolean()),
  /** the client's IPv4 /24 or IPv6 /48 prefix: catalog keeps only a keyed hash of it, never the address */
  network: Type.Optional(Type.String({ minLength: 1, maxLength: NETWORK_MAX_LENGTH })),
};

const DiscountVotesOfSuspendedRequest = Type.Object(
  { account_id: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
const DiscountVotesOfSuspendedReply = Type.Object({ discounted: Type.Integer({ minimum: 0 }) });

/**
 * The operators suspended an account (identity's `suspendAccount`): catalog discounts its standing
 * votes on launch weeks not over yet, `account_suspended` (VoteDiscounted, shown in the vote ledger).
 * For the operator console; the CLI does the same through the catalog's log.
 */
export const discountVotesOfSuspended: InternalOperation<
  typeof DiscountVotesOfSuspendedRequest,
  typeof DiscountVotesOfSuspendedReply
> = {
  name: 'discount_votes_of_suspended',
  subject: 'catalog.internal.discount_votes_of_suspended',
  description:
    "Discounts a suspended account's standing votes on launch weeks not over yet (account_suspended); again = no-op. Reply: how many were discounted now.",
  request: DiscountVotesOfSuspendedRequest,
  reply: DiscountVotesOfSuspendedReply,
};

const RecordAccountModerationRequest = Type.Object(
  {
    account_id: Type.String({ minLength: 1, maxLength: 200 }),
    action: Type.Enum(['suspended', 'restored']),
    operator: Type.String({ minLength: 1, maxLength: 200 }),
    reason: Type.String({ minLength: 1, maxLength: OPERATOR_REASON_MAX }),
  },
  { additionalProperties: false },
);
const RecordAccountModerationReply = Type.Object({});

/**
 * The operators suspended or restored an account and identity's store changed (suspend_account,
 * restore_account): catalog records it (AccountSuspended / AccountRestored) for the audit.
 */
export const recordAccountModeration: InternalOperation<
  typeof RecordAccountModerationRequest,
  typeof RecordAccountModerationReply
> = {
  name: 'record_account_moderation',
  subject: 'catalog.internal.record_account_moderation',
  description:
    "Records an operator's suspension or restore of an account, with the operator and the reason, for the audit (list_operator_actions).",
  request: RecordAccountModerationRequest,
  reply: RecordAccountModerationReply,
};

/** the catalog's internal operations of the operators' suspensions (catalogInternalOperations) */
export const suspensionOperations = [discountVotesOfSuspended, recordAccountModeration] as const;

/**
 * The web edge's limits on votes (cast and withdraw), before they reach catalog: per account and
 * per client IP in each window; past either the answer is 429.
 */
export const VOTE_RATE_LIMITS = {
  perAccount: { limit: 30, windowSeconds: 60 },
  perIp: { limit: 120, windowSeconds: 60 },
} as const;
