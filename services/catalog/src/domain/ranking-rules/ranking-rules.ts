import type { CatalogEventOf } from '../catalog-events.ts';

/**
 * The published ranking rules' versions, one stream (`rankingrules-published`): each new version
 * the catalog puts in force is recorded as it takes effect, so anyone reading the log sees when the
 * rules changed; each week's awards name the version they were ranked under.
 */
export type RankingRulesEvent = CatalogEventOf<'RankingRulesAdopted'>;

/** the version in force (null: none recorded yet) */
export type RankingRulesState = { readonly version: number | null };
export const initialRankingRules: RankingRulesState = { version: null };
export const evolveRankingRules = (_state: RankingRulesState, event: RankingRulesEvent): RankingRulesState => ({
  version: event.data.version,
});

export const RANKING_RULES_STREAM = 'rankingrules-published';
