import { bestSet, estimatedOneRepMax, isRecord, LOAD_MAX, sessionVolume, SET_REPS_MAX, type Activity, type Exercise, type HistoryEntry, type SessionRequest } from '@acompanha/contract';
import { z } from 'zod/mini';

/**
 * A train-mode session's rules: its sets (as planned until touched), its swaps, what is sent when
 * it ends and what the summary says. The session itself lives in store/train-session.ts.
 */

const setLogSchema = z.object({
  carga: z.number(),
  repeticoes: z.number(),
  /** When the set was ticked as done (ISO date-time); null while it is still to do. */
  feito_em: z.nullable(z.string()),
});
export type SetLog = z.infer<typeof setLogSchema>;

/**
 * An exercise done today as another activity (the machine was taken): one of the library's, or a
 * name the client wrote (`atividade_id` null). Kept whole, so that the panel shows it offline.
 */
const swapSchema = z.object({
  atividade_id: z.nullable(z.number()),
  titulo: z.string(),
  grupo_muscular: z.string(),
  video: z.nullable(z.string()),
});
export type ExerciseSwap = z.infer<typeof swapSchema>;

export const trainSessionSchema = z.object({
  userId: z.number(),
  /** Made here, so that sending it again never stores a second session (decision 024). */
  id: z.string(),
  workoutId: z.number(),
  workoutTitle: z.string(),
  startedAt: z.string(),
  /** The sets of each exercise the client has touched, by exercise id; the others are as planned. */
  sets: z.record(z.string(), z.array(setLogSchema)),
  /** The exercises swapped for today, by exercise id (a session saved before swaps has none). */
  swaps: z._default(z.record(z.string(), swapSchema), {}),
});
export type TrainSession = z.infer<typeof trainSessionSchema>;

/** Load and reps bounds of a set (the contract's). */
export const SET_LIMITS = { carga: { min: 0, max: LOAD_MAX }, repeticoes: { min: 1, max: SET_REPS_MAX } } as const;

/** A plan's reps read as the set's number: '10-12' -> 10, '40 s' -> 40; text without a number, 10. */
export function plannedReps(repeticoes: string): number {
  const first = /\d+/.exec(repeticoes);
  return first ? Math.min(SET_LIMITS.repeticoes.max, Math.max(SET_LIMITS.repeticoes.min, Number(first[0]))) : 10;
}

const plannedSetsOf = new WeakMap<Exercise, SetLog[]>();

/**
 * An exercise's sets as the plan has them, none done: made once for each exercise as read, so that
 * the first set logged leaves the others the same objects and only its own row renders again.
 */
export function plannedSets(exercise: Exercise): SetLog[] {
  let sets = plannedSetsOf.get(exercise);
  if (!sets) {
    const set: SetLog = { carga: exercise.carga ?? 0, repeticoes: plannedReps(exercise.repeticoes), feito_em: null };
    sets = Array.from({ length: Math.max(1, exercise.series) }, () => ({ ...set }));
    plannedSetsOf.set(exercise, sets);
  }
  return sets;
}

/** An exercise's sets in the session: as logged, or as planned when untouched (or added to the plan since). */
export function setsOf(session: TrainSession, exercise: Exercise): SetLog[] {
  return session.sets[exercise.id] ?? plannedSets(exercise);
}

/** What an exercise is swapped for in the session, if it is. */
export function swapOf(session: TrainSession | null, exercise: Exercise): ExerciseSwap | undefined {
  return session?.swaps[exercise.id];
}

/** The activity an exercise is done as: the one swapped in for today, else the plan's. */
export function activityOf(session: TrainSession | null, exercise: Exercise): Activity {
  return swapOf(session, exercise) ?? exercise.atividade;
}

/** How many sets are done, of how many, over the exercises given. */
export function setCounts(session: TrainSession, exercises: readonly Exercise[]) {
  const sets = exercises.flatMap((exercise) => setsOf(session, exercise));
  return { done: sets.filter((set) => set.feito_em !== null).length, total: sets.length };
}

/** A session concluded long after its last set (forgotten at the gym) ends this long after that set. */
const LATEST_END_AFTER_LAST_SET_MS = 60 * 60_000;

/**
 * The body of POST /treinos/{id}/sessoes: the sets done of the plan's exercises (one removed from
 * the plan meanwhile would have the whole session refused), numbered within their exercise, and
 * their swaps. It ends when concluded, or an hour after its last set when concluded later than that.
 */
export function sessionRequest(session: TrainSession, exercises: readonly Exercise[], endedAt: Date): SessionRequest {
  const series = exercises.flatMap((exercise) =>
    setsOf(session, exercise).flatMap((set, index) =>
      set.feito_em === null
        ? []
        : [{ exercicio_id: exercise.id, numero: index + 1, carga: set.carga, repeticoes: set.repeticoes, feito_em: set.feito_em }],
    ),
  );
  const lastSet = Math.max(Date.parse(session.startedAt), ...series.map((set) => Date.parse(set.feito_em)));
  const end = Math.min(endedAt.getTime(), lastSet + LATEST_END_AFTER_LAST_SET_MS);
  const trocas = exercises.flatMap((exercise) => {
    const swap = swapOf(session, exercise);
    if (!swap) return [];
    return [swap.atividade_id === null ? { exercicio_id: exercise.id, nome: swap.titulo } : { exercicio_id: exercise.id, atividade_id: swap.atividade_id }];
  });
  return { id: session.id, iniciado_em: session.startedAt, concluido_em: new Date(end).toISOString(), series, trocas };
}

export interface SessionSummary {
  minutes: number;
  sets: number;
  /** Load × reps over the sets done, in kilograms. */
  volume: number;
  /** The exercises whose best set beat every earlier session's, with that set. */
  records: { title: string; carga: number; repeticoes: number }[];
}

/**
 * What 'Concluir treino' shows: how long, how many sets, how much was lifted, and the new bests
 * against the history known on the device (an exercise done for the first time sets none, nor
 * does one swapped for today: the device knows the planned activity's history, not the other's).
 */
export function sessionSummary(
  request: SessionRequest,
  exercises: readonly Exercise[],
  historyOf: (exerciseId: number) => readonly HistoryEntry[] | undefined,
): SessionSummary {
  const swapped = new Set(request.trocas?.map((swap) => swap.exercicio_id));
  const records = exercises.flatMap((exercise) => {
    if (swapped.has(exercise.id)) return [];
    const best = bestSet(request.series.filter((set) => set.exercicio_id === exercise.id));
    return best && isRecord(estimatedOneRepMax(best.carga, best.repeticoes), historyOf(exercise.id) ?? [])
      ? [{ title: exercise.atividade.titulo, carga: best.carga, repeticoes: best.repeticoes }]
      : [];
  });
  return {
    minutes: Math.max(0, Math.round((Date.parse(request.concluido_em) - Date.parse(request.iniciado_em)) / 60_000)),
    sets: request.series.length,
    volume: sessionVolume(request.series),
    records,
  };
}

/** The most sets one exercise may have in a session: the contract numbers them up to 50. */
export const SETS_PER_EXERCISE_MAX = 50;

/** Whether a set may be removed: only one still to do, and never an exercise's only set. */
export function canRemoveSet(sets: readonly SetLog[], index: number): boolean {
  return sets.length > 1 && sets[index]?.feito_em === null;
}
