/** Launch weeks run Monday to Sunday, UTC; a week is named by its Monday (YYYY-MM-DD). */
export const mondayOf = (date: Date): string => {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
};

/** the Monday `weeks` weeks after (or before, when negative) the given Monday */
export const addWeeks = (monday: string, weeks: number): string => {
  const day = new Date(`${monday}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + weeks * 7);
  return day.toISOString().slice(0, 10);
};

const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "24 Nov – 30 Nov 2026" */
/** the labels made so far, by Monday (a few hundred weeks at most: formatting one costs more than keeping it) */
const weekLabels = new Map<string, string>();
export const weekLabel = (monday: string): string => {
  let label = weekLabels.get(monday);
  if (label === undefined) {
    const start = new Date(`${monday}T00:00:00Z`);
    const end = new Date(`${addWeeks(monday, 1)}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() - 1);
    label = `${DAY_MONTH.format(start)} – ${DAY_MONTH_YEAR.format(end)}`;
    if (weekLabels.size >= 1_000) weekLabels.clear();
    weekLabels.set(monday, label);
  }
  return label;
};

/** "24 Nov 2026" from a date or date-time */
export const dateLabel = (iso: string): string =>
  DAY_MONTH_YEAR.format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso));
