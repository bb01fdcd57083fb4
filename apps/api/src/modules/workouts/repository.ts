import { normalizeWeekday, type Exercise, type PageQuery, type PlanWorkout, type Weekday, type Workout } from '@acompanha/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { preparedQuery, type Param } from '../../db/prepared.js';
import type { WorkoutsTable } from '../../db/schema.js';
import { ownEvaluationIds, ownWorkoutIds } from '../ownership.js';
import { countOf, paginate, type PageLimits } from '../paging.js';
import { findSameActivity, insertActivity, restoreActivity } from '../activities/repository.js';

type WorkoutRow = Pick<Selectable<WorkoutsTable>, 'id' | 'titulo' | 'dias' | 'observacao'>;

const toWorkout = (row: WorkoutRow): Workout => ({
  id: row.id,
  titulo: row.titulo,
  dias: row.dias
    .split(',')
    .map(normalizeWeekday)
    .filter((day): day is Weekday => day !== undefined),
  observacao: row.observacao,
});

/** The workouts of an evaluation in display order. */
const workoutsOf = (db: Db, evaluationId: number) =>
  db.selectFrom('workouts').select(['id', 'titulo', 'dias', 'observacao']).where('evaluation_id', '=', evaluationId).orderBy('posicao').orderBy('id');

const ownWorkoutsPage = preparedQuery((db, param: Param<{ evaluationId: number; clientId: number } & PageLimits>) =>
  workoutsOf(db, param('evaluationId'))
    .select((eb) =>
      eb.selectFrom('workouts as listed').select(eb.fn.countAll<number>().as('n')).where('listed.evaluation_id', '=', param('evaluationId')).as('total'),
    )
    .where('evaluation_id', 'in', ownEvaluationIds(db, param('clientId')))
    .limit(param('limit'))
    .offset(param('offset')),
);

/** The workouts of one of the client's evaluations; undefined when the evaluation is not theirs. */
export function pageOwnWorkouts(db: Db, evaluationId: number, clientId: number, page: PageQuery) {
  return paginate(
    async (limits: PageLimits) => (await ownWorkoutsPage(db, { evaluationId, clientId, ...limits })).rows,
    page,
    toWorkout,
    async () =>
      countOf(
        await db
          .selectFrom('evaluations')
          .leftJoin('workouts', 'workouts.evaluation_id', 'evaluations.id')
          .select((eb) => eb.fn.count<number>('workouts.id').as('total'))
          .where('evaluations.id', '=', evaluationId)
          .where('evaluations.id', 'in', ownEvaluationIds(db, clientId))
          .groupBy('evaluations.id')
          .executeTakeFirst(),
      ),
  );
}

const ownWorkout = preparedQuery((db, param: Param<{ workoutId: number; clientId: number }>) =>
  db
    .selectFrom('workouts')
    .select(['id', 'titulo', 'dias', 'observacao'])
    .where('id', '=', param('workoutId'))
    .where('id', 'in', ownWorkoutIds(db, param('clientId'))),
);

export async function findOwnWorkout(db: Db, workoutId: number, clientId: number): Promise<Workout | undefined> {
  const [row] = (await ownWorkout(db, { workoutId, clientId })).rows;
  return row && toWorkout(row);
}

/** Exercises with their activity as it was published (decision 055), not as the library reads it now. */
function exercisesQuery(db: Db) {
  return db
    .selectFrom('exercises')
    .select([
      'exercises.id',
      'exercises.series',
      'exercises.repeticoes',
      'exercises.carga',
      'exercises.tempo_descanso',
      'exercises.observacao',
      'exercises.atividade_titulo',
      'exercises.atividade_grupo_muscular',
      'exercises.atividade_video',
    ]);
}

/** The exercises of a workout in display order. */
const exercisesOf = (db: Db, workoutId: number) =>
  exercisesQuery(db).where('exercises.workout_id', '=', workoutId).orderBy('exercises.posicao').orderBy('exercises.id');

type ExerciseRow = Awaited<ReturnType<ReturnType<typeof exercisesQuery>['executeTakeFirstOrThrow']>>;

const toExercise = (row: ExerciseRow): Exercise => ({
  id: row.id,
  series: row.series,
  repeticoes: row.repeticoes,
  carga: row.carga,
  tempo_descanso: row.tempo_descanso,
  observacao: row.observacao,
  atividade: { titulo: row.atividade_titulo, grupo_muscular: row.atividade_grupo_muscular, video: row.atividade_video },
});

/** Every workout of an evaluation in display order, whoever owns it (operator tools). */
export async function listWorkouts(db: Db, evaluationId: number): Promise<Workout[]> {
  const rows = await workoutsOf(db, evaluationId).execute();
  return rows.map(toWorkout);
}

/** Every exercise of a workout in display order, whoever owns it (operator tools). */
export async function listExercises(db: Db, workoutId: number): Promise<Exercise[]> {
  const rows = await exercisesOf(db, workoutId).execute();
  return rows.map(toExercise);
}

const ownExercisesPage = preparedQuery((db, param: Param<{ workoutId: number; clientId: number } & PageLimits>) =>
  exercisesOf(db, param('workoutId'))
    .select((eb) =>
      eb.selectFrom('exercises as listed').select(eb.fn.countAll<number>().as('n')).where('listed.workout_id', '=', param('workoutId')).as('total'),
    )
    .where('exercises.workout_id', 'in', ownWorkoutIds(db, param('clientId')))
    .limit(param('limit'))
    .offset(param('offset')),
);

/** The exercises of one of the client's workouts; undefined when the workout is not theirs. */
export function pageOwnExercises(db: Db, workoutId: number, clientId: number, page: PageQuery) {
  return paginate(
    async (limits: PageLimits) => (await ownExercisesPage(db, { workoutId, clientId, ...limits })).rows,
    page,
    toExercise,
    async () =>
      countOf(
        await db
          .selectFrom('workouts')
          .leftJoin('exercises', 'exercises.workout_id', 'workouts.id')
          .select((eb) => eb.fn.count<number>('exercises.id').as('total'))
          .where('workouts.id', '=', workoutId)
          .where('workouts.id', 'in', ownWorkoutIds(db, clientId))
          .groupBy('workouts.id')
          .executeTakeFirst(),
      ),
  );
}

const setOwnExerciseLoad = preparedQuery((db, param: Param<{ exerciseId: number; clientId: number; carga: number | null }>) =>
  db
    .updateTable('exercises')
    .set({ carga: param('carga') })
    .where('id', '=', param('exerciseId'))
    .where('workout_id', 'in', ownWorkoutIds(db, param('clientId'))),
);

const exercise = preparedQuery((db, param: Param<{ exerciseId: number }>) => exercisesQuery(db).where('exercises.id', '=', param('exerciseId')));

/** Sets the load of one of the client's exercises; undefined when the exercise is not theirs. */
export async function updateOwnExerciseLoad(db: Db, exerciseId: number, clientId: number, carga: number | null) {
  const { numAffectedRows } = await setOwnExerciseLoad(db, { exerciseId, clientId, carga });
  if (Number(numAffectedRows) !== 1) return undefined;
  const [row] = (await exercise(db, { exerciseId })).rows;
  return toExercise(row!);
}

/** Weekday codes are stored as given, so tests can also write the accented spellings old data holds. */
export type WorkoutInput = Omit<PlanWorkout, 'dias'> & { dias: readonly string[] };
type ActivityInput = PlanWorkout['exercises'][number]['atividade'];

/**
 * Exercises share an activity only when title, muscle group and video all match, so that a new
 * video in one client's plan never changes another client's. A retired one named again is back in
 * the library: a plan uses it.
 */
async function findOrCreateActivity(db: Db, activity: ActivityInput) {
  const existing = await findSameActivity(db, activity);
  if (!existing) return (await insertActivity(db, activity)).id;
  if (existing.retired_at !== null) await restoreActivity(db, existing.id);
  return existing.id;
}

export async function createWorkout(db: Db, evaluationId: number, input: WorkoutInput, posicao = 0) {
  const workout = await db
    .insertInto('workouts')
    .values({
      evaluation_id: evaluationId,
      titulo: input.titulo,
      dias: input.dias.join(','),
      observacao: input.observacao ?? null,
      posicao,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [index, exercise] of input.exercises.entries()) {
    await db
      .insertInto('exercises')
      .values({
        workout_id: workout.id,
        activity_id: await findOrCreateActivity(db, exercise.atividade),
        // The plan keeps its activity as published, whatever the library's becomes (decision 055).
        atividade_titulo: exercise.atividade.titulo,
        atividade_grupo_muscular: exercise.atividade.grupo_muscular,
        atividade_video: exercise.atividade.video ?? null,
        posicao: index + 1,
        series: exercise.series,
        repeticoes: exercise.repeticoes,
        carga: exercise.carga ?? null,
        tempo_descanso: exercise.tempo_descanso,
        observacao: exercise.observacao ?? null,
      })
      .execute();
  }
  return workout.id;
}
