import type { CatalogHandler } from './operation-context.ts';
import { RANKING_RULES } from './ranking-rules.ts';

/** get_ranking_rules: how each vote-decided board ranks, as data and in plain words, with the rules version. */
export const getRankingRules: CatalogHandler<'get_ranking_rules'> = async () => RANKING_RULES;
