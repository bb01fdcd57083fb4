import type { Exercise, SessionRequest } from '@acompanha/contract';
import { formatKilograms, formatMinutes, formatSet, formatSwappedFrom } from '@acompanha/ui/format';
import { activityOf, swapOf, type TrainSession } from '../model/session';

/**
 * The rules of a session's end: what is left to do before concluding, and what the summary says
 * (volume against the last session of the workout, a line per exercise, the text shared).
 */

/** The change from the last session's volume, in whole percent; null without a last session to compare. */
export function volumeChange(volume: number, previous: number | null): number | null {
  if (previous === null || previous <= 0) return null;
  return Math.round(((volume - previous) / previous) * 100);
}

/** '+8 %', '−5 %', '0 %'. */
export function formatChange(percent: number): string {
  if (percent > 0) return `+${percent} %`;
  if (percent < 0) return `−${-percent} %`;
  return '0 %';
}

/** 'Faltam 3 exercícios. Concluir assim mesmo?' */
export function workLeftQuestion(left: number): string {
  return left === 1 ? 'Falta 1 exercício. Concluir assim mesmo?' : `Faltam ${left} exercícios. Concluir assim mesmo?`;
}

export interface ExerciseLine {
  /** The activity done. */
  title: string;
  /** The plan's activity, when it was swapped for the day; null otherwise. */
  swappedFrom: string | null;
  /** '30 kg × 10 · 30 kg × 10'; null for an exercise not done. */
  sets: string | null;
}

/** One line per exercise of the workout, in the plan's order, named by what was done, with the sets done. */
export function exerciseLines(session: TrainSession, request: SessionRequest, exercises: readonly Exercise[]): ExerciseLine[] {
  return exercises.map((exercise) => {
    const done = request.series.filter((set) => set.exercicio_id === exercise.id);
    return {
      title: activityOf(session, exercise).titulo,
      swappedFrom: swapOf(session, exercise) ? exercise.atividade.titulo : null,
      sets: done.length > 0 ? done.map(formatSet).join(' · ') : null,
    };
  });
}

export interface SummaryText {
  workoutTitle: string;
  minutes: number;
  sets: number;
  volume: number;
  change: number | null;
  records: readonly { title: string; carga: number; repeticoes: number }[];
  lines: readonly ExerciseLine[];
}

/** The summary as the client shares it (a message, a note): plain text, one fact a line. */
export function summaryText({ workoutTitle, minutes, sets, volume, change, records, lines }: SummaryText): string {
  const volumeLine = `${formatKilograms(volume)}${change === null ? '' : ` (${formatChange(change)} que o último treino)`}`;
  return [
    `${workoutTitle}: treino concluído no Acompanha`,
    `${formatMinutes(minutes)} · ${sets === 1 ? '1 série' : `${sets} séries`} · ${volumeLine}`,
    ...records.map((record) => `Novo recorde: ${record.title}, ${formatSet(record)}`),
    '',
    ...lines.map((line) => `${line.title}${line.swappedFrom === null ? '' : ` (${formatSwappedFrom(line.swappedFrom)})`}: ${line.sets ?? 'não feito'}`),
  ].join('\n');
}
