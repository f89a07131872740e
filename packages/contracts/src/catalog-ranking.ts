import Type from 'typebox';
import { IsoDate, IsoDateTime, Page, PageQuery, PositiveId, Slug } from './common.ts';
import { defineOperation } from './operation.ts';

// ---- rankings anyone can check: the published rules and each launch week's vote ledger ----

/** The version of the ranking rules get_ranking_rules publishes (raised with every change to them). */
export const RANKING_RULES_VERSION = 1;

/** Why a vote in the ledger counts for less than 1 (null in the ledger: counted in full). */
export const VOTE_DISCOUNT_REASONS = ['withdrawn', 'cast_outside_week'] as const;

const Weight = Type.Number({ minimum: 0, maximum: 1 });

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
      reason: Type.Union([Type.Enum([...VOTE_DISCOUNT_REASONS]), Type.Null()]),
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
        reason: Type.Union([Type.Enum([...VOTE_DISCOUNT_REASONS]), Type.Null()]),
      }),
    ).properties,
    week_start: IsoDate,
    week_end: IsoDate,
    rules_version: Type.Integer({ minimum: 1 }),
  }),
});
