import { describe, expect, it } from 'vitest';
import { ageOn, daysSince, daysUntil, formatDayMonth, formatMonthYear, formatTime, isoDay } from './dates';

describe('daysUntil', () => {
  const today = new Date(2026, 2, 15, 23, 30);

  it.each([
    ['2026-03-15', 0],
    ['2026-03-16', 1],
    ['2026-03-24', 9],
    ['2026-03-14', -1],
    ['2026-03-05', -10],
    ['2026-05-04', 50],
  ])('counts %s as %i days away by the calendar, whatever the hour', (date, days) => {
    expect(daysUntil(date, today)).toBe(days);
  });

  it('reads the date on the local calendar, not in UTC', () => {
    expect(daysUntil('2026-03-16', new Date(2026, 2, 16, 0, 5))).toBe(0);
  });
});

describe('daysSince', () => {
  it('counts calendar days on the device, not 24-hour spans', () => {
    // Local times: a session at 23:50 was yesterday at 00:10, and today at 23:59.
    const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).toISOString();
    expect(daysSince(at(25, 23, 50), new Date(2026, 10, 26, 0, 10))).toBe(1);
    expect(daysSince(at(26, 0, 5), new Date(2026, 10, 26, 23, 59))).toBe(0);
    expect(daysSince(at(23, 12, 0), new Date(2026, 10, 26, 8, 0))).toBe(3);
  });
});

describe('ageOn', () => {
  it('counts completed years only', () => {
    expect(ageOn('1994-03-15', new Date(2026, 2, 14))).toBe(31);
    expect(ageOn('1994-03-15', new Date(2026, 2, 15))).toBe(32);
  });
});

describe('the date formats', () => {
  // 5 March 2026, 07:05 on the device's clock.
  const morning = new Date(2026, 2, 5, 7, 5);

  it('writes a day as the API does, on the device calendar', () => {
    expect(isoDay(morning)).toBe('2026-03-05');
    expect(isoDay(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });

  it('writes day and month, the time, and the month and year with two digits where Brazil does', () => {
    expect(formatDayMonth(morning)).toBe('05/03');
    expect(formatTime(morning)).toBe('07:05');
    expect(formatMonthYear(morning)).toBe('mar/26');
    expect(formatMonthYear(new Date(2030, 8, 1))).toBe('set/30');
  });
});
