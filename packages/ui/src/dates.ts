import { differenceInCalendarDays, differenceInYears, parseISO } from 'date-fns';

/**
 * Calendar dates (`YYYY-MM-DD`) are read as the device's local date (DECISIONS.md §3):
 * date-fns' parseISO does that for a date without a time, where `new Date('2026-03-15')` would read UTC.
 */
export function parseLocalDate(isoDate: string): Date {
  return parseISO(isoDate);
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A day on the device's calendar as the API writes days: 2026-03-15. */
export const isoDay = (date: Date) => `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;

/** The day and month of a date on the device's calendar: 15/03. */
export const formatDayMonth = (date: Date) => `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}`;

/** The time of day on the device's clock: 07:05. */
export const formatTime = (date: Date) => `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;

const shortMonth = new Intl.DateTimeFormat('pt-BR', { month: 'short' });

/** The month and year of a date, as a chart's axis names them: mar/26 (Intl writes 'mar.'). */
export const formatMonthYear = (date: Date) => `${shortMonth.format(date).replace('.', '')}/${twoDigits(date.getFullYear() % 100)}`;

/** Whole days from today to the given date on the device's calendar: 1 tomorrow, 0 today, -1 yesterday. */
export function daysUntil(isoDate: string, today: Date = new Date()): number {
  return differenceInCalendarDays(parseLocalDate(isoDate), today);
}

/**
 * Whole days from a moment (an ISO date-time, such as when a session started) to today, both on
 * the device's calendar: 0 the same day, 1 yesterday, whatever the hours.
 */
export function daysSince(isoDateTime: string, today: Date = new Date()): number {
  return differenceInCalendarDays(today, parseISO(isoDateTime));
}

/** Age in completed years on the given day. */
export function ageOn(birthDate: string, today: Date = new Date()): number {
  return differenceInYears(today, parseLocalDate(birthDate));
}
