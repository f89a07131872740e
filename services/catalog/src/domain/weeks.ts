import { ValidationError } from '@listings/platform/errors';

/** Launch weeks run Monday 00:00 UTC to Sunday 23:59:59.999 UTC; a week is named by its Monday. */
const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

export const isoDate = (at: Date): string => at.toISOString().slice(0, 10);

/** Monday 00:00 UTC of the week holding `at`. */
export const mondayOf = (at: Date): Date => {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  return new Date(day - weekday * DAY_MS);
};

export const addWeeks = (monday: Date, weeks: number): Date => new Date(monday.getTime() + weeks * WEEK_MS);

export interface Week {
  /** YYYY-MM-DD of the Monday */
  readonly start: string;
  /** YYYY-MM-DD of the Sunday */
  readonly end: string;
  readonly startMs: number;
  /** first instant after the week */
  readonly endMs: number;
}

export const weekOf = (monday: Date): Week => ({
  start: isoDate(monday),
  end: isoDate(new Date(monday.getTime() + 6 * DAY_MS)),
  startMs: monday.getTime(),
  endMs: monday.getTime() + WEEK_MS,
});

/** A real calendar date YYYY-MM-DD, or null (2026-02-30 is not one). */
export const parseIsoDate = (text: string): Date | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d ? at : null;
};

/** `this`, `next`, `last` or a date snapped to its Monday; an impossible date is 400 naming `field`. */
export const resolveWeek = (ref: string, now: Date, field: string): Week => {
  const thisMonday = mondayOf(now);
  if (ref === 'this') return weekOf(thisMonday);
  if (ref === 'next') return weekOf(addWeeks(thisMonday, 1));
  if (ref === 'last') return weekOf(addWeeks(thisMonday, -1));
  const date = parseIsoDate(ref);
  if (!date) throw new ValidationError([{ field, message: 'must be this, next, last or a real date YYYY-MM-DD' }]);
  return weekOf(mondayOf(date));
};
