import { formatDayMonth, parseLocalDate } from './dates';

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** 67.5 -> '67,5' */
export const formatDecimal = (value: number) => decimal.format(value);

/** A calendar date (`YYYY-MM-DD`) or a timestamp as the client reads dates: 15/03/2026. */
export function formatDay(date: string | Date): string {
  const day = typeof date === 'string' ? parseLocalDate(date) : date;
  return `${formatDayMonth(day)}/${day.getFullYear()}`;
}

/** '2.340 kg', '32,5 kg' */
export const formatKilograms = (kilograms: number) => `${formatDecimal(kilograms)} kg`;

/** A set as lifted: '32,5 kg × 8'. */
export const formatSet = (set: { carga: number; repeticoes: number }) => `${formatKilograms(set.carga)} × ${set.repeticoes}`;

/** A duration in whole minutes: '52 min', '1 h', '1 h 5 min'. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * What an exercise swapped for the day replaced, said after the activity done: 'no lugar de Leg
 * press 45°' (a line of its own starts it with a capital: `first-letter:uppercase`).
 */
export const formatSwappedFrom = (planned: string) => `no lugar de ${planned}`;
