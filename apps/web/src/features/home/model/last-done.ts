import { daysSince } from '@acompanha/ui/dates';

/** When a workout was last done, from its latest session's start, on the device's calendar. */
export function lastDoneLabel(lastStart: string | null, today: Date = new Date()): string {
  if (lastStart === null) return 'Ainda não feito';
  const days = daysSince(lastStart, today);
  if (days <= 0) return 'Feito hoje';
  if (days === 1) return 'Feito ontem';
  return `Feito há ${days} dias`;
}
