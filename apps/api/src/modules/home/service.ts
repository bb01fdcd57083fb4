import { HOME_PAGE, LATEST_SESSIONS_PAGE, type Home } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { clientNotFound } from '../../errors.js';
import { findClient } from '../clients/repository.js';
import { pageOwnDiets } from '../diets/repository.js';
import { listEvaluations } from '../evaluations/repository.js';
import { pageOwnSessions } from '../workout-sessions/repository.js';
import { pageOwnExercises, pageOwnWorkouts } from '../workouts/repository.js';

/**
 * Home's first reads in one (decision 050): a thin join of the client's own reads, with their
 * queries and their ownership checks, so that a phone on a weak signal waits one round trip for
 * Home rather than three in a row (the evaluations, then the lists, then each workout's exercises).
 */
export async function readHome(db: Db, userId: number): Promise<Home> {
  const [cliente, evaluations] = await Promise.all([findClient(db, userId), listEvaluations(db, userId)]);
  if (!cliente) throw clientNotFound();
  const latest = evaluations[0];
  const [treinos, dietas] = latest
    ? await Promise.all([pageOwnWorkouts(db, latest.id, userId, HOME_PAGE), pageOwnDiets(db, latest.id, userId, HOME_PAGE)])
    : [undefined, undefined];
  const workouts = treinos?.results ?? [];
  const [exercises, sessions] = await Promise.all([
    Promise.all(workouts.map((workout) => pageOwnExercises(db, workout.id, userId, HOME_PAGE))),
    Promise.all(workouts.map((workout) => pageOwnSessions(db, workout.id, userId, LATEST_SESSIONS_PAGE))),
  ]);
  // By workout id; every workout of the list is the client's, so each has its pages.
  const byWorkout = <T>(pages: (T | undefined)[]) => Object.fromEntries(workouts.map((workout, index) => [String(workout.id), pages[index]!]));
  return {
    cliente,
    avaliacoes: { results: evaluations },
    treinos: treinos ?? null,
    dietas: dietas ?? null,
    exercicios: byWorkout(exercises),
    sessoes: byWorkout(sessions),
  };
}
