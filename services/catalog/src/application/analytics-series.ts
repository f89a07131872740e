import { ANALYTICS_TOP_REFERRERS, type AnalyticsRange } from '@listings/contracts';
import type { Week } from '../domain/weeks.ts';
import { type AnalyticsDay, EMPTY_DAY, type ListingAnalyticsDoc } from '../projections/analytics/listing-analytics.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const COUNTS = ['views', 'clicks', 'votes', 'votes_counted', 'follows', 'reviews'] as const;
type Counts = Record<(typeof COUNTS)[number], number>;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** the first and last UTC day of a range: the launch week, or the last 30 or 90 days up to today */
export const rangeDays = (range: AnalyticsRange, nowMs: number, launchWeek: Week | null) => {
  if (range === 'launch_week' && launchWeek) return { from: launchWeek.start, to: launchWeek.end };
  const days = range === '90_days' ? 90 : 30;
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return { from: dayOf(today - (days - 1) * DAY_MS), to: dayOf(today) };
};

/** every UTC day from `from` to `to`, oldest first */
const daysFrom = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (let ms = Date.parse(from); ms <= Date.parse(to); ms += DAY_MS) days.push(dayOf(ms));
  return days;
};

const countsOf = (day: AnalyticsDay): Counts =>
  Object.fromEntries(COUNTS.map((field) => [field, day[field]])) as Counts;

/** the day-by-day series of a range (a day with nothing counted is zeros) and its totals */
export const daySeries = (doc: ListingAnalyticsDoc | undefined, from: string, to: string) => {
  const days = daysFrom(from, to).map((day) => ({ day, ...countsOf(doc?.days[day] ?? EMPTY_DAY) }));
  const totals = Object.fromEntries(
    COUNTS.map((field) => [field, days.reduce((sum, day) => sum + day[field], 0)]),
  ) as Counts;
  return { days, totals };
};

/** the range's views by referring host, most first (ties by host), past ANALYTICS_TOP_REFERRERS summed as `other` */
export const topReferrers = (doc: ListingAnalyticsDoc | undefined, from: string, to: string) => {
  const byHost = new Map<string, number>();
  for (const day of daysFrom(from, to))
    for (const [host, views] of Object.entries(doc?.days[day]?.referrers ?? {}))
      byHost.set(host, (byHost.get(host) ?? 0) + views);
  const ranked = [...byHost].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const top = ranked.slice(0, ANALYTICS_TOP_REFERRERS).map(([host, views]) => ({ host, views }));
  const rest = ranked.slice(ANALYTICS_TOP_REFERRERS).reduce((sum, [, views]) => sum + views, 0);
  return rest > 0 ? [...top, { host: 'other', views: rest }] : top;
};

/** a launch's counted votes of the week at the end of each hour (index 0: the week's first hour) */
const cumulativeByHour = (doc: ListingAnalyticsDoc | undefined, week: Week, hours: number): number[] => {
  const deltas = new Array<number>(hours).fill(0);
  for (const [hour, change] of Object.entries(doc?.vote_hours ?? {})) {
    const index = (Date.parse(`${hour}:00:00.000Z`) - week.startMs) / HOUR_MS;
    if (index >= 0 && index < hours) deltas[index] = (deltas[index] as number) + change;
  }
  let total = 0;
  return deltas.map((change) => (total += change));
};

/**
 * The listing's place on its launch week's board at the end of each hour of the week, up to now:
 * the week's live launches ranked by the votes cast in the week that stand, as counted (after
 * discounts), ties by the lower listing id. `launches`: the analytics of each launch, by id.
 */
export const rankSeries = (
  listingId: number,
  week: Week,
  launches: ReadonlyMap<number, ListingAnalyticsDoc | undefined>,
  nowMs: number,
) => {
  const hours = Math.max(0, Math.min(168, Math.ceil((Math.min(nowMs, week.endMs) - week.startMs) / HOUR_MS)));
  const votes = new Map([...launches].map(([id, doc]) => [id, cumulativeByHour(doc, week, hours)]));
  const mine = votes.get(listingId);
  return Array.from({ length: hours }, (_, hour) => {
    const own = mine?.[hour] ?? 0;
    let ahead = 0;
    for (const [id, series] of votes) {
      const theirs = series[hour] as number;
      if (id !== listingId && (theirs > own || (theirs === own && id < listingId))) ahead++;
    }
    return {
      hour: new Date(week.startMs + hour * HOUR_MS).toISOString(),
      rank: mine ? ahead + 1 : null,
      of: votes.size,
    };
  });
};
