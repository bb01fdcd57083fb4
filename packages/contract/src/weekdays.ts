import { normalizeWeekday, WEEKDAYS, type Weekday } from './workouts.js';

const WEEKDAY_LABELS: Record<Weekday, string> = {
  SEGUNDA: 'Segunda',
  TERCA: 'Terça',
  QUARTA: 'Quarta',
  QUINTA: 'Quinta',
  SEXTA: 'Sexta',
  SABADO: 'Sábado',
  DOMINGO: 'Domingo',
};

/** The weekday of a date on the device's calendar. */
export function weekdayOf(date: Date = new Date()): Weekday {
  // getDay() counts from Sunday = 0; the codes count from Monday.
  return WEEKDAYS[(date.getDay() + 6) % 7]!;
}

export function weekdayLabel(day: Weekday): string {
  return WEEKDAY_LABELS[day];
}

/** 'Segunda, Quinta': known codes in week order, each once, unknown ones left out. */
export function formatWeekdays(codes: readonly string[]): string {
  const days = new Set(codes.map(normalizeWeekday));
  return WEEKDAYS.filter((day) => days.has(day))
    .map(weekdayLabel)
    .join(', ');
}
