import { estimatedOneRepMax, type HistoryEntry, type PageQuery, type Session, type SessionRequest } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { createSession } from '../../db/factories.js';
import { ownWorkoutIds } from '../ownership.js';
import { countOf, paginate, type PageLimits } from '../paging.js';

type SessionRow = { id: string; client_id: number; workout_id: number; iniciado_em: string; concluido_em: string };

/** Sessions with their sets, the sets of all of them in one query. */
async function withSets(db: Db, rows: SessionRow[]): Promise<Session[]> {
  if (rows.length === 0) return [];
  const sets = await db
    .selectFrom('session_sets')
    .selectAll()
    .where('session_id', 'in', rows.map((row) => row.id))
    .orderBy('feito_em')
    .orderBy('exercise_id')
    .orderBy('numero')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    treino_id: row.workout_id,
    iniciado_em: row.iniciado_em,
    concluido_em: row.concluido_em,
    series: sets
      .filter((set) => set.session_id === row.id)
      .map((set) => ({ exercicio_id: set.exercise_id, numero: set.numero, carga: set.carga, repeticoes: set.repeticoes, feito_em: set.feito_em })),
  }));
}

/** A stored session, whoever made it, with the client and workout it belongs to. */
export async function findSession(db: Db, id: string) {
  const row = await db.selectFrom('workout_sessions').select(['id', 'client_id', 'workout_id', 'iniciado_em', 'concluido_em']).where('id', '=', id).executeTakeFirst();
  return row && { clientId: row.client_id, workoutId: row.workout_id, session: (await withSets(db, [row]))[0]! };
}

/** The ids of a workout's exercises: a session's sets must be of these. */
export async function exerciseIdsOf(db: Db, workoutId: number) {
  const rows = await db.selectFrom('exercises').select('id').where('workout_id', '=', workoutId).execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Stores a session and its sets in one transaction. False when a session with this id was stored
 * meanwhile (the same session sent twice at once): the caller answers with the stored one.
 */
export function insertSession(db: Db, clientId: number, workoutId: number, session: SessionRequest, now: Date) {
  return db.transaction().execute((trx) => createSession(trx, clientId, workoutId, session, now));
}

/** The client's sessions of one of their workouts, newest first; undefined when the workout is not theirs. */
export function pageOwnSessions(db: Db, workoutId: number, clientId: number, page: PageQuery) {
  return paginate(
    async ({ limit, offset }: PageLimits) => {
      const rows = await db
        .selectFrom('workout_sessions')
        .select(['id', 'client_id', 'workout_id', 'iniciado_em', 'concluido_em'])
        .select((eb) =>
          eb
            .selectFrom('workout_sessions as listed')
            .select(eb.fn.countAll<number>().as('n'))
            .where('listed.workout_id', '=', workoutId)
            .where('listed.client_id', '=', clientId)
            .as('total'),
        )
        .where('workout_id', '=', workoutId)
        .where('client_id', '=', clientId)
        .where('workout_id', 'in', ownWorkoutIds(db, clientId))
        .orderBy('iniciado_em', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
      const sessions = await withSets(db, rows);
      return sessions.map((session, index) => ({ ...session, total: rows[index]!.total }));
    },
    page,
    ({ total: _total, ...session }) => session,
    async () =>
      countOf(
        await db
          .selectFrom('workouts')
          .leftJoin('workout_sessions', (join) => join.onRef('workout_sessions.workout_id', '=', 'workouts.id').on('workout_sessions.client_id', '=', clientId))
          .select((eb) => eb.fn.count<number>('workout_sessions.id').as('total'))
          .where('workouts.id', '=', workoutId)
          .where('workouts.id', 'in', ownWorkoutIds(db, clientId))
          .groupBy('workouts.id')
          .executeTakeFirst(),
      ),
  );
}

/**
 * The best set of each of the client's past sessions of an exercise, oldest first (the one with the
 * highest estimated one-rep max; the heavier of two equal); undefined when the exercise is not theirs.
 */
export async function ownExerciseHistory(db: Db, exerciseId: number, clientId: number): Promise<HistoryEntry[] | undefined> {
  const exercise = await db
    .selectFrom('exercises')
    .select('id')
    .where('id', '=', exerciseId)
    .where('workout_id', 'in', ownWorkoutIds(db, clientId))
    .executeTakeFirst();
  if (!exercise) return undefined;
  const sets = await db
    .selectFrom('session_sets')
    .innerJoin('workout_sessions', 'workout_sessions.id', 'session_sets.session_id')
    .select(['session_sets.session_id', 'workout_sessions.iniciado_em', 'session_sets.carga', 'session_sets.repeticoes'])
    .where('session_sets.exercise_id', '=', exerciseId)
    .where('workout_sessions.client_id', '=', clientId)
    .orderBy('workout_sessions.iniciado_em')
    .orderBy('session_sets.session_id')
    .execute();
  const best = new Map<string, HistoryEntry>();
  for (const set of sets) {
    const current = best.get(set.session_id);
    const entry = {
      sessao_id: set.session_id,
      data: set.iniciado_em,
      carga: set.carga,
      repeticoes: set.repeticoes,
      series: (current?.series ?? 0) + 1,
      rm_estimado: estimatedOneRepMax(set.carga, set.repeticoes),
    };
    const better = !current || entry.rm_estimado > current.rm_estimado || (entry.rm_estimado === current.rm_estimado && entry.carga > current.carga);
    best.set(set.session_id, better ? entry : { ...current, series: entry.series });
  }
  return [...best.values()];
}

/** Every session of a client, newest first, with workout and exercise titles (operator tools). */
export async function listClientSessions(db: Db, clientId: number) {
  const rows = await db
    .selectFrom('workout_sessions')
    .innerJoin('workouts', 'workouts.id', 'workout_sessions.workout_id')
    .select(['workout_sessions.id', 'workouts.titulo', 'workout_sessions.iniciado_em', 'workout_sessions.concluido_em'])
    .where('workout_sessions.client_id', '=', clientId)
    .orderBy('workout_sessions.iniciado_em', 'desc')
    .execute();
  if (rows.length === 0) return [];
  const sets = await db
    .selectFrom('session_sets')
    .innerJoin('exercises', 'exercises.id', 'session_sets.exercise_id')
    .innerJoin('activities', 'activities.id', 'exercises.activity_id')
    .select(['session_sets.session_id', 'activities.titulo', 'session_sets.numero', 'session_sets.carga', 'session_sets.repeticoes', 'session_sets.feito_em'])
    .where('session_sets.session_id', 'in', rows.map((row) => row.id))
    .orderBy('session_sets.feito_em')
    .orderBy('session_sets.numero')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    treino: row.titulo,
    iniciado_em: row.iniciado_em,
    concluido_em: row.concluido_em,
    series: sets
      .filter((set) => set.session_id === row.id)
      .map(({ titulo, numero, carga, repeticoes, feito_em }) => ({ exercicio: titulo, numero, carga, repeticoes, feito_em })),
  }));
}
