import {
  PLAN_VALIDITY_DAYS,
  type MessageAuthor,
  type PlanDiet,
  type PlanEvaluation,
  type PlanFile,
  type PlanWorkout,
  type Role,
  type SessionRequest,
} from '@acompanha/contract';
import { hashPassword } from '../modules/auth/passwords.js';
import type { Db } from './database.js';

/**
 * The one insert path for plans: demo data, test fixtures and `plan:import` all write through it.
 * Its inputs are the plan file's shapes (packages/contract/src/plan.ts).
 */

/** A local calendar date `n` days from today, as `YYYY-MM-DD`. */
export function daysFromToday(n: number, today = new Date()): string {
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() + n);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface UserInput {
  email: string;
  password?: string | null;
  /** log2 of scrypt's N for the password: config's SCRYPT_COST, production strength when omitted. */
  scryptCost?: number;
  roles?: Role[];
  /** Present for clients: their profile. */
  client?: { nome: string; data_nascimento?: string | null };
  /** A staff member's name, signing their messages. */
  nome?: string | null;
  /** A staff member's professional registration (CREF, CRN), signing the evaluations they publish. */
  registro?: string | null;
}

export async function createUser(db: Db, input: UserInput) {
  const roles = input.roles ?? ['ROLE_CLIENTE'];
  const user = await db
    .insertInto('users')
    .values({
      email: input.email.toLowerCase(),
      password_hash: input.password ? await hashPassword(input.password, input.scryptCost) : null,
      roles: roles.join(','),
      created_at: new Date().toISOString(),
      nome: input.nome ?? null,
      registro: input.registro ?? null,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  if (input.client) {
    await db
      .insertInto('clients')
      .values({ user_id: user.id, nome: input.client.nome, data_nascimento: input.client.data_nascimento ?? null })
      .execute();
  }
  return user;
}

/** Adds `n` days to a `YYYY-MM-DD` date. */
export function addDays(date: string, n: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + n)).toISOString().slice(0, 10);
}

/**
 * The stored dates of an evaluation, defaults filled in. created_at holds the consultation day at
 * 12:00 UTC: that instant falls on the same calendar day in every time zone from UTC-11 to UTC+11,
 * so the app shows the day the team wrote and an export gives it back.
 */
export function consultationDates(evaluation: Pick<PlanEvaluation, 'data_consulta' | 'vencimento'>, today = daysFromToday(0)) {
  const consultation = evaluation.data_consulta ?? today;
  return {
    data_consulta: consultation,
    vencimento: evaluation.vencimento ?? addDays(consultation, PLAN_VALIDITY_DAYS),
    created_at: `${consultation}T12:00:00.000Z`,
  };
}

/** The consultation day of a stored evaluation (the inverse of consultationDates). */
export const consultationDay = (createdAt: string) => createdAt.slice(0, 10);

export async function createEvaluation(db: Db, clientId: number, input: PlanEvaluation) {
  const { vencimento, created_at } = consultationDates(input);
  const row = await db
    .insertInto('evaluations')
    .values({
      client_id: clientId,
      plano: input.plano,
      vencimento,
      created_at,
      peso: input.peso,
      altura: input.altura,
      objetivo: input.objetivo,
      consumo_ideal_agua: input.consumo_ideal_agua ?? null,
      percentual_gordura: input.percentual_gordura ?? null,
      massa_magra: input.massa_magra ?? null,
      circunferencia_cintura: input.circunferencia_cintura ?? null,
      circunferencia_quadril: input.circunferencia_quadril ?? null,
      circunferencia_braco: input.circunferencia_braco ?? null,
      circunferencia_coxa: input.circunferencia_coxa ?? null,
      circunferencia_peito: input.circunferencia_peito ?? null,
      dobra_triceps: input.dobra_triceps ?? null,
      dobra_subescapular: input.dobra_subescapular ?? null,
      dobra_suprailiaca: input.dobra_suprailiaca ?? null,
      dobra_abdominal: input.dobra_abdominal ?? null,
      dobra_coxa: input.dobra_coxa ?? null,
      dobra_peitoral: input.dobra_peitoral ?? null,
      dobra_axilar_media: input.dobra_axilar_media ?? null,
      observacoes: input.observacoes ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createDiet(db: Db, evaluationId: number, input: PlanDiet, posicao = 0) {
  const diet = await db
    .insertInto('diets')
    .values({ evaluation_id: evaluationId, titulo: input.titulo, is_dia_de_treino: input.is_dia_de_treino ? 1 : 0, posicao })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [mealIndex, meal] of input.meals.entries()) {
    const custom = meal.horario_customizado != null;
    const { id: mealId } = await db
      .insertInto('meals')
      .values({
        diet_id: diet.id,
        titulo: meal.titulo,
        posicao: mealIndex + 1,
        is_horario_customizado: custom ? 1 : 0,
        horario_customizado: meal.horario_customizado ?? null,
        horario_inicio: meal.horario_inicio ?? null,
        horario_fim: meal.horario_fim ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [optionIndex, groups] of meal.opcoes.entries()) {
      const { id: optionId } = await db
        .insertInto('meal_options')
        .values({ meal_id: mealId, posicao: optionIndex })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (groups.length) {
        await db
          .insertInto('meal_groups')
          .values(groups.map((descricao, posicao) => ({ option_id: optionId, descricao, posicao })))
          .execute();
      }
    }
  }
  return diet.id;
}

/** Weekday codes are stored as given, so tests can also write the accented spellings old data holds. */
export type WorkoutInput = Omit<PlanWorkout, 'dias'> & { dias: readonly string[] };
type ActivityInput = PlanWorkout['exercises'][number]['atividade'];

/**
 * Exercises share an activity only when title, muscle group and video all match, so that a new
 * video in one client's plan never changes another client's.
 */
async function findOrCreateActivity(db: Db, activity: ActivityInput) {
  const video = activity.video ?? null;
  const existing = await db
    .selectFrom('activities')
    .select('id')
    .where('titulo', '=', activity.titulo)
    .where('grupo_muscular', '=', activity.grupo_muscular)
    .where('video', video === null ? 'is' : '=', video)
    .executeTakeFirst();
  if (existing) return existing.id;
  const created = await db
    .insertInto('activities')
    .values({ titulo: activity.titulo, grupo_muscular: activity.grupo_muscular, video })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
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

/**
 * A whole plan: the evaluation, then its diets and workouts in file order. Run it inside a
 * transaction so that a plan is stored whole or not at all. Answers the evaluation's id.
 */
export async function createPlan(db: Db, clientId: number, plan: PlanFile) {
  const evaluationId = await createEvaluation(db, clientId, plan.evaluation);
  for (const [index, diet] of plan.diets.entries()) await createDiet(db, evaluationId, diet, index);
  for (const [index, workout] of plan.workouts.entries()) await createWorkout(db, evaluationId, workout, index);
  return evaluationId;
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
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  if (session.series.length > 0) {
    await db
      .insertInto('session_sets')
      .values(
        session.series.map((set) => ({
          session_id: session.id,
          exercise_id: set.exercicio_id,
          numero: set.numero,
          carga: set.carga,
          repeticoes: set.repeticoes,
          feito_em: set.feito_em,
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
  return true;
}

export interface MessageInput {
  id: string;
  clientId: number;
  /** The client, or the team member who wrote it. */
  authorId: number;
  autor: MessageAuthor;
  texto: string;
  enviadaEm: Date;
  lidaEm?: Date | null;
}

/**
 * Stores a message of a client's conversation, unless a message with its id exists: false then
 * (the same message sent twice, or an id already used).
 */
export async function createMessage(db: Db, message: MessageInput) {
  const inserted = await db
    .insertInto('messages')
    .values({
      id: message.id,
      client_id: message.clientId,
      author_id: message.authorId,
      autor: message.autor,
      texto: message.texto,
      enviada_em: message.enviadaEm.toISOString(),
      lida_em: message.lidaEm?.toISOString() ?? null,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
