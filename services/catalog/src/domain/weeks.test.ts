import { manualClock } from '@listings/platform/clock';
import { ValidationError } from '@listings/platform/errors';
import { describe, expect, it } from 'vitest';
import { resolveWeek } from './weeks.ts';

describe('launch weeks (Monday to Sunday, UTC) with an injected clock', () => {
  it('when it is Sunday 23:59:59 UTC then this week is the one that started on Monday', () => {
    const clock = manualClock('2026-11-22T23:59:59.999Z');
    expect(resolveWeek('this', clock.now(), 'w')).toMatchObject({ start: '2026-11-16', end: '2026-11-22' });
    expect(resolveWeek('next', clock.now(), 'w').start).toBe('2026-11-23');
    expect(resolveWeek('last', clock.now(), 'w').start).toBe('2026-11-09');
  });
  it('when the clock reaches Monday 00:00 UTC then a new week begins', () => {
    const clock = manualClock('2026-11-22T23:59:59.999Z');
    clock.advance(1);
    expect(resolveWeek('this', clock.now(), 'w')).toMatchObject({ start: '2026-11-23', end: '2026-11-29' });
    expect(resolveWeek('last', clock.now(), 'w').start).toBe('2026-11-16');
  });
  it('when the year ends mid-week then the week spans both years', () => {
    const clock = manualClock('2026-12-31T12:00:00Z');
    expect(resolveWeek('this', clock.now(), 'w')).toMatchObject({ start: '2026-12-28', end: '2027-01-03' });
    expect(resolveWeek('next', clock.now(), 'w').start).toBe('2027-01-04');
    clock.set('2027-01-03T23:59:59Z');
    expect(resolveWeek('this', clock.now(), 'w').start).toBe('2026-12-28');
    expect(resolveWeek('2027-01-01', clock.now(), 'w').start).toBe('2026-12-28');
  });
  it('when a date is given then it snaps to its Monday', () => {
    const now = new Date('2026-11-18T00:00:00Z');
    expect(resolveWeek('2026-11-16', now, 'w').start).toBe('2026-11-16');
    expect(resolveWeek('2026-11-22', now, 'w').start).toBe('2026-11-16');
    expect(resolveWeek('2024-02-29', now, 'w').start).toBe('2024-02-26');
  });
  it('when the date is impossible then a validation error names the field', () => {
    const now = new Date('2026-11-18T00:00:00Z');
    expect(() => resolveWeek('2026-02-30', now, 'params.week')).toThrow(ValidationError);
    expect(() => resolveWeek('2025-02-29', now, 'params.week')).toThrow(/this, next, last/);
    expect(() => resolveWeek('2026-13-01', now, 'params.week')).toThrow(ValidationError);
  });
});

describe('the range of weeks a date can name', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('when a date of a year below 100 is named then its own week is found, not one in the 1900s', () => {
    expect(resolveWeek('0050-06-15', now, 'params.week')).toMatchObject({ start: '0050-06-13', end: '0050-06-19' });
    expect(resolveWeek('0001-01-01', now, 'params.week')).toMatchObject({ start: '0001-01-01', end: '0001-01-07' });
  });
  it('when the last week of year 9999 is named then it ends 9999-12-26, and a later date is 400 naming the field', () => {
    expect(resolveWeek('9999-12-26', now, 'params.week')).toMatchObject({ start: '9999-12-20', end: '9999-12-26' });
    for (const late of ['9999-12-27', '9999-12-31']) {
      const refused = (() => {
        try {
          resolveWeek(late, now, 'query.week');
        } catch (error) {
          return error;
        }
      })();
      expect(refused, late).toBeInstanceOf(ValidationError);
      expect((refused as ValidationError).errors[0]?.field).toBe('query.week');
    }
  });
});
