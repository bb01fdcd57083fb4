import type { Exercise } from '@acompanha/contract';
import { setsOf, type SetLog, type TrainSession } from './session';

/** How far an exercise of the session is done: every set, some, or none. */
export interface ExerciseProgress {
  state: 'done' | 'partial' | 'untouched';
  /** 'Feito', '2 de 4', 'Não iniciado'. */
  label: string;
}

export function exerciseProgress(session: TrainSession, exercise: Exercise): ExerciseProgress {
  return progressOf(setsOf(session, exercise));
}

/** How far these sets (an exercise's, at least one) are done. */
export function progressOf(sets: readonly SetLog[]): ExerciseProgress {
  const done = sets.filter((set) => set.feito_em !== null).length;
  if (done === sets.length) return { state: 'done', label: 'Feito' };
  if (done === 0) return { state: 'untouched', label: 'Não iniciado' };
  return { state: 'partial', label: `${done} de ${sets.length}` };
}

/** The exercises with a set still to do: what concluding now would leave behind. */
export function exercisesLeft(session: TrainSession, exercises: readonly Exercise[]): number {
  return exercises.filter((exercise) => exerciseProgress(session, exercise).state !== 'done').length;
}
