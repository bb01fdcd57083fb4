import type { TeamSession, TeamSessionSet } from '@acompanha/contract';
import { weekdayLabel, weekdayOf } from '@acompanha/ui/dates';
import { formatDay, formatDecimal } from '@acompanha/ui/format';
import { format } from 'date-fns';

/** What the history shows of a session, worked out from its start, its end and its sets. */

/** Load × reps over the sets, in kilograms, to one decimal. */
export function volumeOf(sets: readonly Pick<TeamSessionSet, 'carga' | 'repeticoes'>[]): number {
  return Math.round(sets.reduce((sum, set) => sum + set.carga * set.repeticoes, 0) * 10) / 10;
}

/** '2.340 kg', '512,5 kg' */
export const formatKilograms = (kilograms: number) => `${formatDecimal(kilograms)} kg`;

/** '30 kg × 10' */
export const formatSet = (set: Pick<TeamSessionSet, 'carga' | 'repeticoes'>) => `${formatKilograms(set.carga)} × ${set.repeticoes}`;

/** 'Terça, 24/11/2026 · 18:30', on the device's calendar and clock. */
export const formatStart = (start: Date) => `${weekdayLabel(weekdayOf(start))}, ${formatDay(start)} · ${format(start, 'HH:mm')}`;

/** The whole minutes from start to end; null when either cannot be read or the end comes first. */
export function minutesOf(session: Pick<TeamSession, 'iniciado_em' | 'concluido_em'>): number | null {
  const minutes = (Date.parse(session.concluido_em) - Date.parse(session.iniciado_em)) / 60_000;
  return Number.isNaN(minutes) || minutes < 0 ? null : Math.round(minutes);
}

/** '52 min', '1 h', '1 h 5 min'. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
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
