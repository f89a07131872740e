import { RANKING_RULES, VOTE_DISCOUNT_WORDS, type VoteDiscountReason } from '@listings/contracts';
import type { Week } from '../domain/weeks.ts';
import type { CatalogView } from '../projections/catalog/read-model.ts';
import type { LedgerVote } from '../projections/vote-ledger/vote-ledger.ts';

export type DiscountReason = VoteDiscountReason;

/**
 * The ranking rules as the catalog applies them (week-board.ts, get_leaderboard, the week's awards),
 * published by get_ranking_rules: data in the contracts (RANKING_RULES), with the version the
 * catalog records as RankingRulesAdopted when it changes.
 */
export { RANKING_RULES };

/**
 * The rules version a week is ranked under: the one recorded with its awards once decided (a week
 * over keeps the rules it closed under), else the version in force now.
 */
export const weekRulesVersion = (view: Pick<CatalogView, 'awards'>, week: Week): number =>
  view.awards.get(week.start)?.rules_version ?? RANKING_RULES.version;

/**
 * The weight of one ledger vote on a launch of `week` and, below 1, why (the community-weekly
 * rules): withdrawn, cast outside the week, else the integrity weight recorded in the log.
 */
export const voteWeight = (
  vote: LedgerVote,
  week: Week,
): { weight: number; reason: DiscountReason | null; reason_words: string | null; discounted_at: string | null } => {
  const of = (weight: number, reason: DiscountReason | null, discountedAt: string | null = null) => ({
    weight,
    reason,
    reason_words: reason === null ? null : VOTE_DISCOUNT_WORDS[reason],
    discounted_at: discountedAt,
  });
  if (vote.withdrawn_at !== null) return of(0, 'withdrawn');
  const at = Date.parse(vote.cast_at);
  if (at < week.startMs || at >= week.endMs) return of(0, 'cast_outside_week');
  return of(vote.weight ?? 1, vote.reason ?? null, vote.discounted_at ?? null);
};
