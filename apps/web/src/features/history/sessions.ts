import type { TeamSession, TeamSessionSet } from '@acompanha/contract';
import { weekdayLabel, weekdayOf } from '@acompanha/ui/dates';
import { formatDay } from '@acompanha/ui/format';
import { format } from 'date-fns';

/** What the history shows of a session, worked out from its start, its end and its sets. */

/** 'Terça, 24/11/2026 · 18:30', on the device's calendar and clock. */
export const formatStart = (start: Date) => `${weekdayLabel(weekdayOf(start))}, ${formatDay(start)} · ${format(start, 'HH:mm')}`;

/** The whole minutes from start to end; null when either cannot be read or the end comes first. */
export function minutesOf(session: Pick<TeamSession, 'iniciado_em' | 'concluido_em'>): number | null {
  const minutes = (Date.parse(session.concluido_em) - Date.parse(session.iniciado_em)) / 60_000;
  return Number.isNaN(minutes) || minutes < 0 ? null : Math.round(minutes);
}

export interface ExerciseSets {
  exercicioId: number;
  nome: string;
  sets: TeamSessionSet[];
}

/** The sets by exercise, in the order the client first did each, each exercise's sets by number. */
export function setsByExercise(sets: readonly TeamSessionSet[]): ExerciseSets[] {
  const groups = new Map<number, ExerciseSets>();
  for (const set of sets) {
    const group = groups.get(set.exercicio_id);
    if (group) group.sets.push(set);
    else groups.set(set.exercicio_id, { exercicioId: set.exercicio_id, nome: set.atividade_nome, sets: [set] });
  }
  return [...groups.values()].map((group) => ({ ...group, sets: [...group.sets].sort((a, b) => a.numero - b.numero) }));
}

/** The sessions of the pages loaded, each once: a session sent while paging moves the later ones a page down. */
export function sessionsOf(pages: readonly { results: readonly TeamSession[] }[]): TeamSession[] {
  const byId = new Map<string, TeamSession>();
  for (const session of pages.flatMap((page) => page.results)) if (!byId.has(session.id)) byId.set(session.id, session);
  return [...byId.values()];
}
