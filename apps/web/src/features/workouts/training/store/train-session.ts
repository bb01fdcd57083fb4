import { newUuid, type Activity, type Exercise } from '@acompanha/contract';
import { useSyncExternalStore } from 'react';
import { currentUserIdOrNull } from '../../../../lib/session/current-user';
import { STORAGE_KEYS } from '../../../../lib/storage';
import { canRemoveSet, plannedSets, setsOf, SETS_PER_EXERCISE_MAX, trainSessionSchema, type ExerciseSwap, type SetLog, type TrainSession } from '../model/session';
import { userStore } from '../../../../lib/persisted-store';

/**
 * The session being trained, kept on the device as it changes (lib/persisted-store.ts): closing the
 * app, a reload or a dead battery mid-workout and opening it again resumes it. One at a time,
 * tagged with its client, so another account on the same phone never sees it.
 */

const sessionStore = userStore(STORAGE_KEYS.trainSession, trainSessionSchema);

/** The session kept on the device, when the signed-in client is the one who started it. */
const readSession = sessionStore.read;
const writeSession = sessionStore.write;

/** The session being trained by the signed-in client, or null. */
export const useTrainSession = sessionStore.useValue;

/** The session, when it is this workout's: the one test of whether a workout is being trained. */
export function useTrainingOf(workoutId: number): TrainSession | null {
  const session = useTrainSession();
  return session?.workoutId === workoutId ? session : null;
}

/**
 * Parts of the session, each read on its own: a set ticked renders what shows that exercise's
 * sets and the counts, not the whole workout screen (nor the app's layout). Each snapshot keeps its
 * identity until its part changes (lib/persisted-store.ts keeps what a write left as it was).
 */
const usePart = <T>(part: (session: TrainSession | null) => T) => useSyncExternalStore(sessionStore.subscribe, () => part(readSession()));

/** Whether a session of this workout is being trained. */
export const useIsTraining = (workoutId: number) => usePart((session) => session?.workoutId === workoutId);

/** The workout being trained, if any: focus mode and the bars on other screens need only this. */
export const useTrainedWorkoutId = () => usePart((session) => session?.workoutId ?? null);

/** The title of the workout being trained, if any, for the screens that point back to it. */
export const useTrainedWorkoutTitle = () => usePart((session) => session?.workoutTitle ?? null);

/** An exercise's sets in the session: as logged, or as planned while untouched (`setsOf`). */
export function useSets(exercise: Exercise): SetLog[] {
  return usePart((session) => session?.sets[exercise.id]) ?? plannedSets(exercise);
}

/** What an exercise is swapped for in the session, if it is. */
export const useSwap = (exercise: Exercise) => usePart((session) => session?.swaps[exercise.id]);

/** The activity an exercise is done as (`activityOf`); undefined for no exercise. */
export function useActivityOf(exercise: Exercise | undefined): Activity | undefined {
  const swap = usePart((session) => (exercise ? session?.swaps[exercise.id] : undefined));
  return exercise && (swap ?? exercise.atividade);
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

/** Adds a set after an exercise's last, with its load and reps, still to do. */
export function addSet(exercise: Exercise): void {
  const session = readSession();
  if (!session) return;
  const sets = setsOf(session, exercise);
  const last = sets.at(-1);
  if (!last || sets.length >= SETS_PER_EXERCISE_MAX) return;
  writeSession({ ...session, sets: { ...session.sets, [exercise.id]: [...sets, { ...last, feito_em: null }] } });
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
