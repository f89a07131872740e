import type { Decider } from '@listings/platform/decider';
import { ConflictError } from '@listings/platform/errors';
import {
  type AwardsEvent,
  evolveWeekAwards,
  initialWeekAwards,
  rankStandings,
  type Standing,
  type WeekAwards,
} from './week-awards.ts';

export type AwardsCommand = {
  type: 'DecideWeekAwards';
  data: {
    week_start: string;
    week_end_ms: number;
    standings: Standing[];
    /** the ranking rules version the standings were counted under (recorded with the awards) */
    rules_version: number;
    now: string;
  };
};

/** The top three of the week's standings, once the week has ended; nothing when decided already. */
export const decideWeekAwards = (command: AwardsCommand, state: WeekAwards): AwardsEvent[] => {
  const d = command.data;
  if (state.decided) return [];
  if (Date.parse(d.now) < d.week_end_ms) throw new ConflictError(`week ${d.week_start} has not ended`);
  const winners = rankStandings(d.standings)
    .slice(0, 3)
    .map((s, i) => ({ rank: i + 1, listing_id: s.listing_id, votes: s.votes }));
  return [
    {
      type: 'WeekAwardsDecided',
      data: { week_start: d.week_start, winners, rules_version: d.rules_version, at: d.now },
    },
  ];
};

export const weekAwardsDecider: Decider<AwardsCommand, WeekAwards, AwardsEvent> = {
  initialState: initialWeekAwards,
  evolve: evolveWeekAwards,
  decide: decideWeekAwards,
};
