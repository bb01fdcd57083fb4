import { WEEKDAYS, type Weekday } from '@acompanha/contract';

/**
 * Wall-clock time in a client's time zone (IANA), with Intl only: reminders are set as `HH:mm` on
 * the client's calendar, and the server runs in whatever zone it was given.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string) {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The fields of `instant` on a clock in `zone`. */
function fieldsOf(instant: number, zone: string) {
  const parts = Object.fromEntries(formatterOf(zone).formatToParts(instant).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

const pad = (value: number) => String(value).padStart(2, '0');

export interface LocalTime {
  /** The calendar date, `YYYY-MM-DD`. */
  date: string;
  /** Minutes since local midnight. */
  minutes: number;
}

/** `instant` as a date and minutes on the clock of `zone`. */
export function localTimeOf(instant: Date, zone: string): LocalTime {
  const { year, month, day, hour, minute } = fieldsOf(instant.getTime(), zone);
  return { date: `${year}-${pad(month)}-${pad(day)}`, minutes: hour * 60 + minute };
}

/** How far `zone`'s clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, zone: string) {
  const { year, month, day, hour, minute, second } = fieldsOf(instant, zone);
  return Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant the clock of `zone` shows `date` at `minutes`. A time a daylight-saving change skips
 * is read with the offset before the change (02:30 on a spring-forward night is 03:30).
 */
export function instantOf(date: string, minutes: number, zone: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  const first = wall - offsetAt(wall, zone);
  return new Date(wall - offsetAt(first, zone));
}

/** The weekday code of a calendar date (SPEC.md's SEGUNDA ... DOMINGO). */
export function weekdayOf(date: string): Weekday {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]!;
}

/** `HH:mm` as minutes since midnight, and back. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
