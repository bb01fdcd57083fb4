import { weekdayLabel, weekdayOf, type TeamSession } from '@acompanha/contract';
import { formatTime } from '@acompanha/ui/dates';
import { formatDay } from '@acompanha/ui/format';

/** What the history shows of a session, worked out from its start, its end and its sets. */

/** 'Terça, 24/11/2026 · 18:30', on the device's calendar and clock. */
export const formatStart = (start: Date) => `${weekdayLabel(weekdayOf(start))}, ${formatDay(start)} · ${formatTime(start)}`;

/** The whole minutes from start to end; null when either cannot be read or the end comes first. */
export function minutesOf(session: Pick<TeamSession, 'iniciado_em' | 'concluido_em'>): number | null {
  const minutes = (Date.parse(session.concluido_em) - Date.parse(session.iniciado_em)) / 60_000;
  return Number.isNaN(minutes) || minutes < 0 ? null : Math.round(minutes);
}

