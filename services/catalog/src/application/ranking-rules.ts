import { RANKING_RULES_VERSION, type VOTE_DISCOUNT_REASONS } from '@listings/contracts';
import type { Week } from '../domain/weeks.ts';

export type DiscountReason = (typeof VOTE_DISCOUNT_REASONS)[number];

/**
 * The ranking rules as the catalog applies them (week-board.ts, get_leaderboard, the week's awards),
 * published by get_ranking_rules. A change to how a board ranks changes this text and raises
 * RANKING_RULES_VERSION in the contracts.
 */
export const RANKING_RULES = {
  version: RANKING_RULES_VERSION,
  boards: [
    {
      board: 'community-weekly',
      shown_by: ['get_launch_week', 'get_leaderboard', 'list_awards', 'get_vote_ledger'],
      summary:
        "A launch week's live launches, ranked by the votes cast for them during that week. Launch of the Week #1, #2 and #3 are the first three with at least one vote once the week is over.",
      ranked: 'live listings whose launch week is the week',
      counted:
        'one vote per person per listing; a vote counts when it is still standing (not withdrawn) and was cast from Monday 00:00 to Sunday 23:59:59.999 UTC of the launch week',
      weights: [
        { reason: null, weight: 1, words: 'a standing vote cast during the launch week counts 1' },
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
      ],
      tie_breaks: [
        { by: 'votes', order: 'desc', words: 'more counted votes first' },
        {
          by: 'last_counted_vote_at',
          order: 'asc',
          words: 'then the listing that reached its count first (its last counted vote earlier); no vote sorts first',
        },
        { by: 'listing_id', order: 'asc', words: 'then the smaller listing id' },
      ],
      closes:
        'Sunday 23:59:59.999 UTC: votes cast later do not count for the week; the awards are decided after it ends',
    },
    {
      board: 'community-all-time',
      shown_by: ['get_leaderboard'],
      summary: 'Every live listing, ranked by all its standing votes.',
      ranked: 'live listings',
      counted: 'one vote per person per listing, whenever cast, while it is standing (not withdrawn)',
      weights: [
        { reason: null, weight: 1, words: 'a standing vote counts 1' },
        { reason: 'withdrawn', weight: 0, words: 'a withdrawn vote counts 0' },
      ],
      tie_breaks: [
        { by: 'votes', order: 'desc', words: 'more votes first' },
        { by: 'listing_id', order: 'asc', words: 'then the smaller listing id' },
      ],
      closes: null,
    },
  ],
} as const;

/** The weight of one vote on a launch of `week` and, below 1, why (the community-weekly rules above). */
export const voteWeight = (
  vote: { readonly cast_at: string; readonly withdrawn_at: string | null },
  week: Week,
): { weight: number; reason: DiscountReason | null } => {
  if (vote.withdrawn_at !== null) return { weight: 0, reason: 'withdrawn' };
  const at = Date.parse(vote.cast_at);
  if (at < week.startMs || at >= week.endMs) return { weight: 0, reason: 'cast_outside_week' };
  return { weight: 1, reason: null };
};
