import {
  bestSet,
  estimatedOneRepMax,
  HISTORY_SESSIONS_MAX,
  isSuspectLoad,
  type ActivityProgress,
  type HistoryEntry,
  type PageQuery,
  type Paged,
  type SessionFeedback,
  type SessionFeedbackRequest,
  type SessionRequest,
  type TeamSession,
} from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { ownWorkoutIds } from '../ownership.js';
import { countOf, paginate, type PageLimits } from '../paging.js';
import { refreshRosterEntry } from '../roster/repository.js';

/** Sessions with their workout's title. */
const sessionsQuery = (db: Db) =>
  db
    .selectFrom('workout_sessions')
    .innerJoin('workouts', 'workouts.id', 'workout_sessions.workout_id')
    .select([
      'workout_sessions.id',
      'workout_sessions.client_id',
      'workout_sessions.workout_id',
      'workout_sessions.iniciado_em',
      'workout_sessions.concluido_em',
      'workout_sessions.esforco',
      'workout_sessions.dor',
      'workout_sessions.dor_local',
      'workout_sessions.nota',
      'workouts.titulo as treino_titulo',
    ]);

/** 'Como foi?' as the columns hold it: null when the effort is (skipped). */
const feedbackOf = (row: { esforco: number | null; dor: number | null; dor_local: string | null; nota: string | null }): SessionFeedback | null =>
  row.esforco === null ? null : { esforco: row.esforco, dor: Boolean(row.dor), dor_local: row.dor_local, nota: row.nota };

/** 'Como foi?' as the columns take it. */
const feedbackColumns = (feedback: SessionFeedbackRequest | null) => ({
  esforco: feedback?.esforco ?? null,
  dor: feedback ? Number(feedback.dor) : null,
  dor_local: (feedback?.dor && feedback.dor_local) || null,
  nota: feedback?.nota || null,
});

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionsQuery>['executeTakeFirstOrThrow']>>;

/**
 * The sets of these sessions in the order they were done, each with the activity done: the
 * exercise's, or the one the session swapped it for; and the sessions' swaps. Four reads by primary
 * key, joined here: one statement joining them let PostgreSQL hash a whole table of exercises at a
 * business's size (issue 39).
 */
async function setsOf(db: Db, sessionIds: string[]) {
  if (sessionIds.length === 0) return { sets: [], swaps: [] };
  const rows = await db
    .selectFrom('session_sets')
    .select(['session_id', 'exercise_id', 'numero', 'carga', 'repeticoes', 'feito_em', 'carga_suspeita'])
    .where('session_id', 'in', sessionIds)
    .orderBy('feito_em')
    .orderBy('exercise_id')
    .orderBy('numero')
    .execute();
  const swapRows = await db
    .selectFrom('session_swaps')
    .select(['session_id', 'exercise_id', 'activity_id', 'nome'])
    .where('session_id', 'in', sessionIds)
    .orderBy('exercise_id')
    .execute();
  const exerciseIds = [...new Set(rows.map((row) => row.exercise_id))];
  const exercises = new Map(
    (exerciseIds.length === 0 ? [] : await db.selectFrom('exercises').select(['id', 'activity_id', 'atividade_titulo']).where('id', 'in', exerciseIds).execute()).map((row) => [row.id, row]),
  );
  const activityIds = [...new Set([...exercises.values()].map((row) => row.activity_id).concat(swapRows.flatMap((swap) => swap.activity_id ?? [])))];
  const activityTitles = new Map(
    (activityIds.length === 0 ? [] : await db.selectFrom('activities').select(['id', 'titulo']).where('id', 'in', activityIds).execute()).map((row) => [row.id, row.titulo]),
  );
  // What was done instead: the library's activity as it reads now, or the name the client wrote.
  const swaps = swapRows.map((swap) => ({ ...swap, nome: (swap.activity_id === null ? undefined : activityTitles.get(swap.activity_id)) ?? swap.nome }));
  const swapOf = new Map(swaps.map((swap) => [`${swap.session_id} ${swap.exercise_id}`, swap]));
  const sets = rows.flatMap((row) => {
    const exercise = exercises.get(row.exercise_id);
    if (!exercise) return [];
    const swap = swapOf.get(`${row.session_id} ${row.exercise_id}`);
    const done = swap ? swap.activity_id : exercise.activity_id;
    return {
      ...row,
      // The exercise as its plan names it (decision 055).
      planejada: exercise.atividade_titulo,
      troca: swap ? swap.nome : null,
      /** The library activity done (null for a name the client wrote) and its title as it reads now. */
      atividade_id: done,
      nome: done === null ? null : (activityTitles.get(done) ?? null),
    };
  });
  return { sets, swaps };
}

/**
 * Sessions with their sets and swaps, each set named by the activity done. The client's calls
 * answer the same objects: their schema leaves the names out.
 */
async function withSets(db: Db, rows: SessionRow[]): Promise<TeamSession[]> {
  const { sets, swaps } = await setsOf(
    db,
    rows.map((row) => row.id),
  );
  const workoutIds = [...new Set(rows.map((row) => row.workout_id))];
  const planned = workoutIds.length === 0 ? [] : await db.selectFrom('exercises').select(['id', 'workout_id']).where('workout_id', 'in', workoutIds).execute();
  return rows.map((row) => {
    const sessionSets = sets.filter((set) => set.session_id === row.id);
    const done = new Set(sessionSets.map((set) => set.exercise_id));
    return {
      id: row.id,
      treino_id: row.workout_id,
      treino_titulo: row.treino_titulo,
      iniciado_em: row.iniciado_em,
      concluido_em: row.concluido_em,
      como_foi: feedbackOf(row),
      incompleta: planned.some((exercise) => exercise.workout_id === row.workout_id && !done.has(exercise.id)),
      series: sessionSets
        .map((set) => ({
          exercicio_id: set.exercise_id,
          atividade_nome: set.troca ?? set.planejada,
          troca_de: set.troca === null ? null : set.planejada,
          numero: set.numero,
          carga: set.carga,
          repeticoes: set.repeticoes,
          feito_em: set.feito_em,
          carga_suspeita: Boolean(set.carga_suspeita),
        })),
      trocas: swaps
        .filter((swap) => swap.session_id === row.id)
        .map((swap) => ({ exercicio_id: swap.exercise_id, atividade_id: swap.activity_id, nome: swap.nome ?? '' })),
    };
  });
}

/** A stored session, whoever made it, with the client and workout it belongs to. */
export async function findSession(db: Db, id: string) {
  const row = await sessionsQuery(db).where('workout_sessions.id', '=', id).executeTakeFirst();
  return row && { clientId: row.client_id, workoutId: row.workout_id, session: (await withSets(db, [row]))[0]! };
}

/** The ids of a workout's exercises: a session's sets and swaps must be of these. */
export async function exerciseIdsOf(db: Db, workoutId: number) {
  const rows = await db.selectFrom('exercises').select('id').where('workout_id', '=', workoutId).execute();
  return new Set(rows.map((row) => row.id));
}

/** Which of these activity ids the library holds: a swap must be to one of them. */
export async function existingActivityIds(db: Db, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db.selectFrom('activities').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Which of a session's sets have a load far above the best of their activity (the exercise's, or
 * the one it was swapped for) in the client's sessions that started before it: possibly mistyped
 * (`isSuspectLoad`). A name the client wrote for a swap has no history.
 */
async function suspectLoads(db: Db, clientId: number, session: SessionRequest) {
  const started = Date.parse(session.iniciado_em);
  const best = new Map<number, number>();
  for (const set of await historySets(db, clientId)) {
    if (set.atividade_id === null || Date.parse(set.iniciado_em) >= started) continue;
    best.set(set.atividade_id, Math.max(best.get(set.atividade_id) ?? 0, set.carga));
  }
  if (best.size === 0) return session.series.map(() => false);
  const exerciseIds = [...new Set(session.series.map((set) => set.exercicio_id))];
  const activityOf = new Map<number, number | null>((await db.selectFrom('exercises').select(['id', 'activity_id']).where('id', 'in', exerciseIds).execute()).map((row) => [row.id, row.activity_id]));
  for (const swap of session.trocas ?? []) activityOf.set(swap.exercicio_id, swap.atividade_id ?? null);
  return session.series.map((set) => {
    const activity = activityOf.get(set.exercicio_id);
    return activity != null && isSuspectLoad(set.carga, best.get(activity));
  });
}

/**
 * Stores a train-mode session and its sets, unless a session with its id exists: false then (the
 * same session sent twice). Run it inside a transaction, so that a session is stored whole.
 */
export async function createSession(db: Db, clientId: number, workoutId: number, session: SessionRequest, now = new Date()) {
  const swaps = session.trocas ?? [];
  const inserted = await db
    .insertInto('workout_sessions')
    .values({
      id: session.id,
      client_id: clientId,
      workout_id: workoutId,
      iniciado_em: session.iniciado_em,
      concluido_em: session.concluido_em,
      created_at: now.toISOString(),
      ...feedbackColumns(session.como_foi ?? null),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  if (session.series.length > 0) {
    const suspect = await suspectLoads(db, clientId, session);
    await db
      .insertInto('session_sets')
      .values(
        session.series.map((set, index) => ({
          session_id: session.id,
          exercise_id: set.exercicio_id,
          numero: set.numero,
          carga: set.carga,
          repeticoes: set.repeticoes,
          feito_em: set.feito_em,
          carga_suspeita: Number(suspect[index]),
        })),
      )
      .execute();
  }
  if (swaps.length > 0) {
    await db
      .insertInto('session_swaps')
      .values(swaps.map((swap) => ({ session_id: session.id, exercise_id: swap.exercicio_id, activity_id: swap.atividade_id ?? null, nome: swap.nome ?? null })))
      .execute();
  }
  await refreshRosterEntry(db, clientId);
  return true;
}

/**
 * Stores a session and its sets in one transaction. False when a session with this id was stored
 * meanwhile (the same session sent twice at once): the caller answers with the stored one.
 */
export function insertSession(db: Db, clientId: number, workoutId: number, session: SessionRequest, now: Date) {
  return db.transaction().execute((trx) => createSession(trx, clientId, workoutId, session, now));
}

/** Sets a session's 'Como foi?' (sent after it); false when the session is not the client's. */
export async function updateFeedback(db: Db, sessionId: string, clientId: number, feedback: SessionFeedback) {
  const updated = await db
    .updateTable('workout_sessions')
    .set(feedbackColumns(feedback))
    .where('id', '=', sessionId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** A client's sessions, of one of their workouts or of all, newest first (the id breaks ties of one instant). */
function clientSessionsQuery(db: Db, clientId: number, workoutId?: number) {
  let query = sessionsQuery(db).where('workout_sessions.client_id', '=', clientId);
  if (workoutId !== undefined) query = query.where('workout_sessions.workout_id', '=', workoutId).where('workout_sessions.workout_id', 'in', ownWorkoutIds(db, clientId));
  return query.orderBy('workout_sessions.iniciado_em', 'desc').orderBy('workout_sessions.id');
}

/** A page of `clientSessionsQuery`'s sessions with their sets, each with the list's length as `total`. */
async function readSessionPage(db: Db, clientId: number, workoutId: number | undefined, { limit, offset }: PageLimits) {
  let listed = db.selectFrom('workout_sessions as listed').select((eb) => eb.fn.countAll<number>().as('n')).where('listed.client_id', '=', clientId);
  if (workoutId !== undefined) listed = listed.where('listed.workout_id', '=', workoutId);
  const rows = await clientSessionsQuery(db, clientId, workoutId).select(listed.as('total')).limit(limit).offset(offset).execute();
  const sessions = await withSets(db, rows);
  return sessions.map((session, index) => ({ ...session, total: rows[index]!.total }));
}

const withoutTotal = <T extends { total: unknown }>({ total: _total, ...session }: T) => session;

/** The client's sessions of one of their workouts, newest first; undefined when the workout is not theirs. */
export function pageOwnSessions(db: Db, workoutId: number, clientId: number, page: PageQuery) {
  return paginate(
    (limits) => readSessionPage(db, clientId, workoutId, limits),
    page,
    withoutTotal,
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

/** Every session of a client, of all their plans, newest first, for the team; undefined when the id is not a client's. */
export function pageClientSessions(db: Db, clientId: number, page: PageQuery): Promise<Paged<TeamSession> | undefined> {
  return paginate(
    (limits) => readSessionPage(db, clientId, undefined, limits),
    page,
    withoutTotal,
    async () =>
      countOf(
        await db
          .selectFrom('clients')
          .leftJoin('workout_sessions', 'workout_sessions.client_id', 'clients.user_id')
          .select((eb) => eb.fn.count<number>('workout_sessions.id').as('total'))
          .where('clients.user_id', '=', clientId)
          .groupBy('clients.user_id')
          .executeTakeFirst(),
      ),
  );
}

/**
 * A client's sets of their latest HISTORY_SESSIONS_MAX sessions, with when their session started,
 * oldest session first, and the activity each was: the exercise's, or the library activity it was
 * swapped for (null for a name the client wrote). A history narrows or groups them by that activity.
 */
async function historySets(db: Db, clientId: number) {
  const sessions = await db.selectFrom('workout_sessions').select(['id', 'iniciado_em']).where('client_id', '=', clientId).orderBy('iniciado_em', 'desc').orderBy('id', 'desc').limit(HISTORY_SESSIONS_MAX).execute();
  const { sets } = await setsOf(
    db,
    sessions.map((session) => session.id),
  );
  // Oldest session first; within one, as the sets were done (a stable sort).
  const oldestFirst = new Map(sessions.reverse().map((session, position) => [session.id, { position, iniciado_em: session.iniciado_em }]));
  return sets.map((set) => ({ ...set, ...oldestFirst.get(set.session_id)! })).sort((a, b) => a.position - b.position);
}

type HistorySet = Awaited<ReturnType<typeof historySets>>[number];

/**
 * The best set of each session among `sets` (in session order), with how many sets the session
 * had: the contract's `bestSet`, the one rule the web app ranks sets by too.
 */
function bestSetOfEachSession(sets: HistorySet[]): HistoryEntry[] {
  const sessions = new Map<string, HistorySet[]>();
  for (const set of sets) {
    const sessionSets = sessions.get(set.session_id);
    if (sessionSets) sessionSets.push(set);
    else sessions.set(set.session_id, [set]);
  }
  return [...sessions.values()].map((sessionSets) => {
    const best = bestSet(sessionSets)!;
    return {
      sessao_id: best.session_id,
      data: best.iniciado_em,
      carga: best.carga,
      repeticoes: best.repeticoes,
      series: sessionSets.length,
      rm_estimado: estimatedOneRepMax(best.carga, best.repeticoes),
    };
  });
}

/**
 * The best set of each of the client's past sessions of an exercise's activity, oldest first: in
 * any workout of any plan, and under a swap to it, but not where this exercise was swapped for
 * another. Undefined when the exercise is not theirs.
 */
export async function ownExerciseHistory(db: Db, exerciseId: number, clientId: number): Promise<HistoryEntry[] | undefined> {
  const exercise = await db
    .selectFrom('exercises')
    .select('activity_id')
    .where('id', '=', exerciseId)
    .where('workout_id', 'in', ownWorkoutIds(db, clientId))
    .executeTakeFirst();
  if (!exercise) return undefined;
  const sets = await historySets(db, clientId);
  return bestSetOfEachSession(sets.filter((set) => set.atividade_id === exercise.activity_id));
}

/** Activity names in the console's order: Brazilian Portuguese, whatever collation the database has. */
const byName = new Intl.Collator('pt-BR');

/**
 * The client's progress per activity, by name: the best set of each session, oldest first. Grouped
 * by activity, not exercise, since each new plan makes new exercises of the same activities.
 */
export async function clientProgress(db: Db, clientId: number): Promise<ActivityProgress[]> {
  const sets = await historySets(db, clientId);
  const activities = new Map<number, { nome: string; sets: HistorySet[] }>();
  for (const set of sets) {
    // A name the client wrote for a swap is no activity of the library: it has no progress line.
    if (set.atividade_id === null || set.nome === null) continue;
    const activity = activities.get(set.atividade_id) ?? { nome: set.nome, sets: [] };
    activity.sets.push(set);
    activities.set(set.atividade_id, activity);
  }
  return [...activities]
    .map(([atividade_id, { nome, sets: activitySets }]) => ({ atividade_id, nome, pontos: bestSetOfEachSession(activitySets) }))
    .sort((a, b) => byName.compare(a.nome, b.nome) || a.atividade_id - b.atividade_id);
}

/** Every session of a client, newest first, with workout and exercise titles (operator tools). */
export async function listClientSessions(db: Db, clientId: number) {
  const sessions = await withSets(db, await clientSessionsQuery(db, clientId).execute());
  return sessions.map((session) => ({
    id: session.id,
    treino: session.treino_titulo,
    iniciado_em: session.iniciado_em,
    concluido_em: session.concluido_em,
    series: session.series.map(({ atividade_nome, troca_de, numero, carga, repeticoes, feito_em }) => ({ exercicio: atividade_nome, troca_de, numero, carga, repeticoes, feito_em })),
  }));
}
