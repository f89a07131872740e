import { ValidationError } from '@listings/platform/errors';

/** Launch weeks run Monday 00:00 UTC to Sunday 23:59:59.999 UTC; a week is named by its Monday. */
const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

export const isoDate = (at: Date): string => at.toISOString().slice(0, 10);

/** Monday 00:00 UTC of the week holding `at`. */
export const mondayOf = (at: Date): Date => {
  // midnight UTC by arithmetic: Date.UTC would read years 0-99 as 1900-1999
  const day = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
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
  const at = new Date(0);
  at.setUTCFullYear(y, m - 1, d); // not Date.UTC, which reads years 0-99 as 1900-1999
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
  const week = weekOf(mondayOf(date));
  if (week.startMs < FIRST_MONDAY_MS || week.endMs > END_OF_9999_MS)
    throw new ValidationError([
      { field, message: 'weeks run from 0001-01-01 to 9999-12-26: a later date has no week that ends in year 9999' },
    ]);
  return week;
};

/** 0001-01-01, a Monday: the first week a date can name */
const FIRST_MONDAY_MS = Date.parse('0001-01-01T00:00:00Z');
/** Monday 9999-12-27: the last week a date can name ends just before (its Sunday 9999-12-26) */
const END_OF_9999_MS = Date.parse('9999-12-27T00:00:00Z');
