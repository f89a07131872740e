import type { Decider } from '@listings/platform/decider';
import {
  evolveRankingRules,
  initialRankingRules,
  type RankingRulesEvent,
  type RankingRulesState,
} from './ranking-rules.ts';

export type RankingRulesCommand = { type: 'AdoptRankingRules'; data: { version: number; now: string } };

/** a version other than the one in force is recorded as adopted; the same one again changes nothing */
export const decideRankingRules = (command: RankingRulesCommand, state: RankingRulesState): RankingRulesEvent[] => {
  const { version, now } = command.data;
  if (state.version === version) return [];
  return [{ type: 'RankingRulesAdopted', data: { version, previous: state.version, at: now } }];
};

export const rankingRulesDecider: Decider<RankingRulesCommand, RankingRulesState, RankingRulesEvent> = {
  initialState: initialRankingRules,
  evolve: evolveRankingRules,
  decide: decideRankingRules,
};
