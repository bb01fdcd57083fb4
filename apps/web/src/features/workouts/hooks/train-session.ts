import { bestSet, estimatedOneRepMax, isRecord, LOAD_MAX, newUuid, sessionVolume, SET_REPS_MAX, type Activity, type Exercise, type HistoryEntry, type SessionRequest } from '@acompanha/contract';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { currentUserIdOrNull } from '../../../lib/session/current-user';
import { STORAGE_KEYS } from '../../../lib/storage';

/**
 * The session being trained, kept on the device (local storage) as it changes: closing the app,
 * a reload or a dead battery mid-workout and opening it again resumes it. One at a time, tagged
 * with its client, so another account on the same phone never sees it.
 */

const setLogSchema = z.object({
  carga: z.number(),
  repeticoes: z.number(),
  /** When the set was ticked as done (ISO date-time); null while it is still to do. */
  feito_em: z.string().nullable(),
});
export type SetLog = z.infer<typeof setLogSchema>;

/**
 * An exercise done today as another activity (the machine was taken): one of the library's, or a
 * name the client wrote (`atividade_id` null). Kept whole, so that the panel shows it offline.
 */
const swapSchema = z.object({
  atividade_id: z.number().nullable(),
  titulo: z.string(),
  grupo_muscular: z.string(),
  video: z.string().nullable(),
});
export type ExerciseSwap = z.infer<typeof swapSchema>;

const trainSessionSchema = z.object({
  userId: z.number(),
  /** Made here, so that sending it again never stores a second session (decision 024). */
  id: z.string(),
  workoutId: z.number(),
  workoutTitle: z.string(),
  startedAt: z.string(),
  /** The sets of each exercise the client has touched, by exercise id; the others are as planned. */
  sets: z.record(z.string(), z.array(setLogSchema)),
  /** The exercises swapped for today, by exercise id (a session saved before swaps has none). */
  swaps: z.record(z.string(), swapSchema).default({}),
});
export type TrainSession = z.infer<typeof trainSessionSchema>;

/** Load and reps bounds of a set (the contract's). */
export const SET_LIMITS = { carga: { min: 0, max: LOAD_MAX }, repeticoes: { min: 1, max: SET_REPS_MAX } } as const;

/** A plan's reps read as the set's number: '10-12' -> 10, '40 s' -> 40; text without a number, 10. */
export function plannedReps(repeticoes: string): number {
  const first = /\d+/.exec(repeticoes);
  return first ? Math.min(SET_LIMITS.repeticoes.max, Math.max(SET_LIMITS.repeticoes.min, Number(first[0]))) : 10;
}

function plannedSets(exercise: Exercise): SetLog[] {
  const set: SetLog = { carga: exercise.carga ?? 0, repeticoes: plannedReps(exercise.repeticoes), feito_em: null };
  return Array.from({ length: Math.max(1, exercise.series) }, () => ({ ...set }));
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

// The store: local storage is the truth; the parsed copy is cached by its text, so a render reads it for free.
let cachedText: string | null = null;
let cachedSession: TrainSession | null = null;
const listeners = new Set<() => void>();

function readSession(): TrainSession | null {
  const text = localStorage.getItem(STORAGE_KEYS.trainSession);
  if (text !== cachedText) {
    cachedText = text;
    try {
      cachedSession = trainSessionSchema.safeParse(JSON.parse(text ?? 'null')).data ?? null;
    } catch {
      cachedSession = null;
    }
  }
  return cachedSession && cachedSession.userId === currentUserIdOrNull() ? cachedSession : null;
}

function writeSession(session: TrainSession | null): void {
  if (session) localStorage.setItem(STORAGE_KEYS.trainSession, JSON.stringify(session));
  else localStorage.removeItem(STORAGE_KEYS.trainSession);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the app trains too: both show the same session.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The session being trained by the signed-in client, or null. */
export function useTrainSession(): TrainSession | null {
  return useSyncExternalStore(subscribe, readSession);
}

/** The session, when it is this workout's: the one test of whether a workout is being trained. */
export function useTrainingOf(workoutId: number): TrainSession | null {
  const session = useTrainSession();
  return session?.workoutId === workoutId ? session : null;
}

/** Starts a session of this workout now; the one a client may have left running elsewhere is replaced. */
export function startTrainSession(workout: { id: number; titulo: string }): void {
  const userId = currentUserIdOrNull();
  if (userId === null) return;
  writeSession({ userId, id: newUuid(), workoutId: workout.id, workoutTitle: workout.titulo, startedAt: new Date().toISOString(), sets: {}, swaps: {} });
}

/**
 * Does an exercise as another activity for today, or as planned again (null). Its sets stay as
 * they are, done ones included: they count as what it is swapped for.
 */
export function swapExercise(exercise: Exercise, swap: ExerciseSwap | null): void {
  const session = readSession();
  if (!session) return;
  const { [exercise.id]: _replaced, ...others } = session.swaps;
  writeSession({ ...session, swaps: swap ? { ...others, [exercise.id]: swap } : others });
}

/** Changes one set of an exercise (`index` from 0): its load, reps, or whether it is done. */
export function updateSet(exercise: Exercise, index: number, change: Partial<SetLog>): void {
  const session = readSession();
  if (!session) return;
  const sets = setsOf(session, exercise).map((set, at) => (at === index ? { ...set, ...change } : set));
  writeSession({ ...session, sets: { ...session.sets, [exercise.id]: sets } });
}

/** The most sets one exercise may have in a session: the contract numbers them up to 50. */
export const SETS_PER_EXERCISE_MAX = 50;

/** Adds a set after an exercise's last, with its load and reps, still to do. */
export function addSet(exercise: Exercise): void {
  const session = readSession();
  if (!session) return;
  const sets = setsOf(session, exercise);
  const last = sets.at(-1);
  if (!last || sets.length >= SETS_PER_EXERCISE_MAX) return;
  writeSession({ ...session, sets: { ...session.sets, [exercise.id]: [...sets, { ...last, feito_em: null }] } });
}

/** Whether a set may be removed: only one still to do, and never an exercise's only set. */
export function canRemoveSet(sets: readonly SetLog[], index: number): boolean {
  return sets.length > 1 && sets[index]?.feito_em === null;
}

/** Removes one set of an exercise (`index` from 0), if it may be; the sets after it move up a number. */
export function removeSet(exercise: Exercise, index: number): void {
  const session = readSession();
  if (!session) return;
  const sets = setsOf(session, exercise);
  if (!canRemoveSet(sets, index)) return;
  writeSession({ ...session, sets: { ...session.sets, [exercise.id]: sets.filter((_, at) => at !== index) } });
}

/** Ends the session on this device (sent or discarded). */
export function endTrainSession(): void {
  writeSession(null);
}

/** Brings back a session discarded a moment ago ('Desfazer'), unless another has started since or someone else signed in. */
export function restoreTrainSession(session: TrainSession): void {
  if (readSession() === null && session.userId === currentUserIdOrNull()) writeSession(session);
}
