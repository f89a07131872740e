import Type from 'typebox';
import { IsoDate, IsoDateTime, Page, PageQuery, PositiveId, Slug } from './common.ts';
import { defineOperation } from './operation.ts';

// ---- rankings anyone can check: the published rules and each launch week's vote ledger ----

/**
 * The version of the ranking rules get_ranking_rules publishes (raised with every change to them;
 * the catalog records each new version as a `RankingRulesAdopted` event).
 * 1: standing votes cast during the week count 1. 2: the vote-integrity discounts below.
 */
export const RANKING_RULES_VERSION = 2;

/**
 * What the vote-integrity discounts of rules version 2 look at, as numbers (docs/ranking.md):
 * accounts younger than `young_account_days`; more than `network_burst_votes` votes from one network
 * on one listing within `burst_minutes`; more than `fresh_burst_accounts` accounts younger than
 * `young_account_days` voting for one listing within `burst_minutes`.
 */
export const VOTE_INTEGRITY = {
  young_account_days: 3,
  burst_minutes: 60,
  network_burst_votes: 3,
  fresh_burst_accounts: 3,
} as const;

/**
 * Why a vote in the ledger counts for less than 1 (null in the ledger: counted in full). The
 * integrity reasons are listed strongest first: a vote that several apply to shows the first.
 */
export const VOTE_DISCOUNT_REASONS = [
  'withdrawn',
  'cast_outside_week',
  'account_suspended',
  'disposable_email',
  'network_burst',
  'fresh_account_burst',
  'young_account',
] as const;
export type VoteDiscountReason = (typeof VOTE_DISCOUNT_REASONS)[number];
/** the reasons decided when a vote is cast (or later, for a burst or a suspension), recorded in the log */
export const VOTE_INTEGRITY_REASONS = [
  'account_suspended',
  'disposable_email',
  'network_burst',
  'fresh_account_burst',
  'young_account',
] as const satisfies readonly VoteDiscountReason[];
export type VoteIntegrityReason = (typeof VOTE_INTEGRITY_REASONS)[number];

/** whether an account made at `createdAt` was younger than the rules' days at `at` (unknown: no) */
export const wasYoung = (createdAt: string | null, at: string): boolean =>
  createdAt !== null && Date.parse(at) - Date.parse(createdAt) < VOTE_INTEGRITY.young_account_days * 86_400_000;

/**
 * The discount the voter's own facts bring to a vote cast at `at`, bursts aside: the strongest of
 * a suspension, a disposable email domain and a young account (null: none). Catalog weighs votes
 * by it; the site tells the voter before they vote.
 */
export const voterDiscountOf = (
  facts: {
    readonly account_created_at: string | null;
    readonly email_disposable: boolean;
    readonly suspended: boolean;
  },
  at: string,
): VoteIntegrityReason | null => {
  if (facts.suspended) return 'account_suspended';
  if (facts.email_disposable) return 'disposable_email';
  return wasYoung(facts.account_created_at, at) ? 'young_account' : null;
};

const { young_account_days: N, burst_minutes: W, network_burst_votes: K, fresh_burst_accounts: M } = VOTE_INTEGRITY;

/** each reason in plain words, as the ledger and the /ranking page show it */
export const VOTE_DISCOUNT_WORDS: Readonly<Record<VoteDiscountReason, string>> = {
  withdrawn: 'withdrawn by the voter',
  cast_outside_week: 'cast outside the launch week',
  account_suspended: 'account suspended by operators',
  disposable_email: 'email address at a disposable email domain',
  network_burst: `more than ${K} votes from one network on this listing within ${W} minutes`,
  fresh_account_burst: `more than ${M} accounts younger than ${N} days voted for this listing within ${W} minutes`,
  young_account: `account younger than ${N} days`,
};

/** The ranking rules of RANKING_RULES_VERSION, as data and in plain words (get_ranking_rules, /ranking). */
export const RANKING_RULES = {
  version: RANKING_RULES_VERSION,
  integrity: VOTE_INTEGRITY,
  boards: [
    {
      board: 'community-weekly',
      shown_by: ['get_launch_week', 'get_leaderboard', 'list_awards', 'get_vote_ledger'],
      summary:
        "A launch week's live launches, ranked by the weights of the votes cast for them during that week. Launch of the Week #1, #2 and #3 are the first three with at least one counted vote once the week is over.",
      ranked: 'live listings whose launch week is the week',
      counted:
        'one vote per person per listing; a vote counts when it is still standing (not withdrawn), was cast from Monday 00:00 to Sunday 23:59:59.999 UTC of the launch week, and no integrity discount applies to it',
      weights: [
        { reason: null, weight: 1, words: 'a standing vote cast during the launch week, with no discount, counts 1' },
        {
          reason: 'withdrawn',
          weight: 0,
          words: 'a withdrawn vote counts 0 (it stays in the ledger with the withdrawal)',
        },
        {
          reason: 'cast_outside_week',
          weight: 0,
          words: 'a vote cast before or after the launch week counts 0 for that week',
        },
        {
          reason: 'account_suspended',
          weight: 0,
          words: `${VOTE_DISCOUNT_WORDS.account_suspended}: its votes count 0 from the suspension on (votes cast while suspended, and its standing votes on weeks not yet over; weeks already over stay as they closed)`,
        },
        {
          reason: 'disposable_email',
          weight: 0,
          words: `the voter's ${VOTE_DISCOUNT_WORDS.disposable_email} (a maintained list of such domains): the vote counts 0`,
        },
        {
          reason: 'network_burst',
          weight: 0,
          words: `${VOTE_DISCOUNT_WORDS.network_burst}: every vote of the burst counts 0, the earlier ones too (the ledger shows when they were discounted). A network is the voter's IPv4 /24 or IPv6 /48, kept only as a keyed hash`,
        },
        {
          reason: 'fresh_account_burst',
          weight: 0,
          words: `${VOTE_DISCOUNT_WORDS.fresh_account_burst}: every such vote of the burst counts 0, the earlier ones too`,
        },
        {
          reason: 'young_account',
          weight: 0,
          words: `${VOTE_DISCOUNT_WORDS.young_account} when it voted: the vote counts 0 (the account's later votes count once it is older)`,
        },
      ],
      tie_breaks: [
        { by: 'votes', order: 'desc', words: 'more counted votes first (the sum of their weights)' },
        {
          by: 'last_counted_vote_at',
          order: 'asc',
          words: 'then the listing that reached its count first (its last counted vote earlier); no vote sorts first',
        },
        { by: 'listing_id', order: 'asc', words: 'then the smaller listing id' },
      ],
      closes:
        'Sunday 23:59:59.999 UTC: votes cast later do not count for the week; the awards are decided after it ends, under the rules version then in force (recorded with them)',
    },
    {
      board: 'community-all-time',
      shown_by: ['get_leaderboard'],
      summary: 'Every live listing, ranked by the weights of all its standing votes.',
      ranked: 'live listings',
      counted:
        'one vote per person per listing, whenever cast, while it is standing (not withdrawn) and no integrity discount applies to it',
      weights: [
        { reason: null, weight: 1, words: 'a standing vote with no discount counts 1' },
        { reason: 'withdrawn', weight: 0, words: 'a withdrawn vote counts 0' },
        ...VOTE_INTEGRITY_REASONS.map((reason) => ({
          reason,
          weight: 0,
          words: `${VOTE_DISCOUNT_WORDS[reason]}: the vote counts 0, as on the weekly board`,
        })),
      ],
      tie_breaks: [
        { by: 'votes', order: 'desc', words: 'more counted votes first' },
        { by: 'listing_id', order: 'asc', words: 'then the smaller listing id' },
      ],
      closes: null,
    },
  ],
} as const;

const Weight = Type.Number({ minimum: 0, maximum: 1 });
const Reason = Type.Union([Type.Enum([...VOTE_DISCOUNT_REASONS]), Type.Null()]);

const BoardRules = Type.Object({
  board: Type.String({ description: 'the board (a get_leaderboard board, or `launch-of-the-week`)' }),
  /** the operations that show this board */
  shown_by: Type.Array(Type.String()),
  summary: Type.String({ description: 'the rule in plain words' }),
  ranked: Type.String({ description: 'which listings the board ranks' }),
  counted: Type.String({ description: 'which votes count' }),
  weights: Type.Array(
    Type.Object({
      /** null: the vote counts in full */
      reason: Reason,
      weight: Weight,
      words: Type.String(),
    }),
  ),
  tie_breaks: Type.Array(Type.Object({ by: Type.String(), order: Type.Enum(['asc', 'desc']), words: Type.String() })),
  /** when a week's board is final (null: the board never closes) */
  closes: Type.Union([Type.String(), Type.Null()]),
});

export const getRankingRules = defineOperation({
  operationId: 'get_ranking_rules',
  method: 'GET',
  path: '/ranking-rules',
  service: 'catalog',
  scope: null,
  summary: 'Ranking rules',
  description:
    'How each vote-decided board is computed, as data and in plain words: which votes count, their weights and discounts with reasons, the tie-breaks, when a week closes; with the rules version.',
  response: Type.Object({
    version: Type.Integer({ minimum: 1 }),
    integrity: Type.Object(
      {
        young_account_days: Type.Integer({ minimum: 1 }),
        burst_minutes: Type.Integer({ minimum: 1 }),
        network_burst_votes: Type.Integer({ minimum: 1 }),
        fresh_burst_accounts: Type.Integer({ minimum: 1 }),
      },
      { description: 'the numbers the vote-integrity discounts use (their words are in each board)' },
    ),
    boards: Type.Array(BoardRules),
  }),
});

export const getVoteLedger = defineOperation({
  operationId: 'get_vote_ledger',
  method: 'GET',
  path: '/launches/weeks/{week}/ledger',
  service: 'catalog',
  scope: null,
  summary: 'Vote ledger of a launch week',
  description:
    "Every vote on the week's live launches, oldest first: the listing, a pseudonymous voter id (the same voter within the week, unlinkable across weeks), when it was cast (to the minute), its weight and the reason for any discount. Withdrawn votes stay, with their withdrawal. `week`: any date of the week, snapped to its Monday.",
  params: Type.Object({ week: IsoDate }, { additionalProperties: false }),
  query: Type.Object({ ...PageQuery }, { additionalProperties: false }),
  response: Type.Object({
    ...Page(
      Type.Object({
        listing: Slug,
        listing_id: PositiveId,
        voter: Type.String({ description: 'keyed hash of the voter and the week: stable within the week only' }),
        cast_at: IsoDateTime,
        withdrawn_at: Type.Union([IsoDateTime, Type.Null()]),
        weight: Weight,
        reason: Reason,
        reason_words: Type.Union([Type.String(), Type.Null()], { description: 'the reason in plain words' }),
        discounted_at: Type.Union([IsoDateTime, Type.Null()], {
          description:
            'when an integrity discount was applied after the vote was cast (a burst found by later votes, the account suspended); null when it was decided as the vote was cast, or none applies',
        }),
      }),
    ).properties,
    week_start: IsoDate,
    week_end: IsoDate,
    rules_version: Type.Integer({
      minimum: 1,
      description:
        'the rules version the week was ranked under: recorded with its awards once it is over, else the version now in force',
    }),
  }),
});
