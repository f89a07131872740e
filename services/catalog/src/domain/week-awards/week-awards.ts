import type { CatalogEventOf } from '../catalog-events.ts';

/**
 * Launch of the Week #1, #2, #3, decided once the week is over, from community votes only:
 * the votes cast during the week (Monday 00:00 to Sunday 23:59:59 UTC) on listings launching
 * that week. Tie-break, in order: more votes; then the listing that reached its final count
 * first (earlier last counted vote); then the smaller listing id. One stream per week
 * (`weekawards-<week start>`).
 */
export interface Standing {
  readonly listing_id: number;
  readonly votes: number;
  /** ISO time of the last vote counted for the week, null with no votes */
  readonly last_vote_at: string | null;
}
export interface Winner {
  rank: number;
  listing_id: number;
  votes: number;
}
export type AwardsEvent = CatalogEventOf<'WeekAwardsDecided'>;

/** a week's awards are decided once */
export type WeekAwards = { readonly decided: boolean };
export const initialWeekAwards: WeekAwards = { decided: false };
export const evolveWeekAwards = (_state: WeekAwards, _event: AwardsEvent): WeekAwards => ({ decided: true });

/** the awards' order: most votes first, then the earlier last vote, then the lower listing id */
export const compareStandings = (a: Standing, b: Standing): number =>
  b.votes - a.votes || (a.last_vote_at ?? '').localeCompare(b.last_vote_at ?? '') || a.listing_id - b.listing_id;

export const rankStandings = (standings: readonly Standing[]): Standing[] =>
  standings.filter((s) => s.votes > 0).sort(compareStandings);

export const weekAwardsStream = (weekStart: string) => `weekawards-${weekStart}`;
