import type { Session, SessionFeedback, SessionRequest } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { badField, fieldConflict, sessionNotFound, workoutNotFound } from '../../errors.js';
import { findOwnWorkout } from '../workouts/repository.js';
import { existingActivityIds, exerciseIdsOf, findSession, insertSession, updateFeedback } from './repository.js';

/**
 * Stores a session of train mode for one of the client's workouts, its every set of that workout's
 * exercises and its swaps to activities that exist. A session sent again (a retry after a lost
 * answer, a queue replayed) is answered with the stored one, `created` false; its id used for
 * another workout or client is a conflict.
 */
export async function recordSession(db: Db, clientId: number, workoutId: number, session: SessionRequest, now: Date): Promise<{ created: boolean; session: Session }> {
  if (!(await findOwnWorkout(db, workoutId, clientId))) throw workoutNotFound();

  const stored = async () => {
    const existing = await findSession(db, session.id);
    if (!existing) return undefined;
    if (existing.clientId !== clientId || existing.workoutId !== workoutId) throw fieldConflict('id', 'já existe uma sessão com este id em outro treino.');
    return { created: false, session: existing.session };
  };
  const replayed = await stored();
  if (replayed) return replayed;

  const swaps = session.trocas ?? [];
  const exerciseIds = await exerciseIdsOf(db, workoutId);
  const stranger = session.series.findIndex((set) => !exerciseIds.has(set.exercicio_id));
  if (stranger >= 0) throw badField(`series.${stranger}.exercicio_id`, 'o exercício não é deste treino.');
  const strangeSwap = swaps.findIndex((swap) => !exerciseIds.has(swap.exercicio_id));
  if (strangeSwap >= 0) throw badField(`trocas.${strangeSwap}.exercicio_id`, 'o exercício não é deste treino.');
  const activityIds = await existingActivityIds(db, swaps.flatMap((swap) => (swap.atividade_id === undefined ? [] : [swap.atividade_id])));
  const unknownActivity = swaps.findIndex((swap) => swap.atividade_id !== undefined && !activityIds.has(swap.atividade_id));
  if (unknownActivity >= 0) throw badField(`trocas.${unknownActivity}.atividade_id`, 'a atividade não existe.');

  // Stored meanwhile by the same session sent twice at once: answered with that one.
  if (!(await insertSession(db, clientId, workoutId, session, now))) return (await stored())!;
  return { created: true, session: (await findSession(db, session.id))!.session };
}

/**
 * The client's 'Como foi?' for one of their sessions, sent after it (the summary's step answered
 * later, or changed): the same again changes nothing. Another client's session is not found.
 */
export async function recordFeedback(db: Db, clientId: number, sessionId: string, feedback: SessionFeedback): Promise<Session> {
  if (!(await updateFeedback(db, sessionId, clientId, feedback))) throw sessionNotFound();
  return (await findSession(db, sessionId))!.session;
}
