import type { Plan, Role } from '@acompanha/contract';
import { hashPassword } from '../modules/auth/passwords.js';
import type { Db } from './database.js';

/** The building blocks of demo data and test fixtures: one insert path for both. */

/** A local calendar date `n` days from today, as `YYYY-MM-DD`. */
export function daysFromToday(n: number, today = new Date()): string {
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() + n);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface UserInput {
  email: string;
  password?: string | null;
  roles?: Role[];
  /** Present for clients: their profile. */
  client?: { nome: string; data_nascimento?: string | null };
}

export async function createUser(db: Db, input: UserInput) {
  const roles = input.roles ?? ['ROLE_CLIENTE'];
  const user = await db
    .insertInto('users')
    .values({
      email: input.email.toLowerCase(),
      password_hash: input.password ? await hashPassword(input.password) : null,
      roles: roles.join(','),
      created_at: new Date().toISOString(),
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

export interface EvaluationInput {
  plano: Plan;
  /** Day of the consultation, relative to today; access lasts `validDays` from it. */
  daysAgo: number;
  validDays?: number;
  peso: number;
  altura: number;
  objetivo: string;
  consumo_ideal_agua?: number | null;
  percentual_gordura?: number | null;
  massa_magra?: number | null;
  circunferencia_cintura?: number | null;
  circunferencia_quadril?: number | null;
  circunferencia_braco?: number | null;
  circunferencia_coxa?: number | null;
  circunferencia_peito?: number | null;
}

export async function createEvaluation(db: Db, clientId: number, { daysAgo, validDays = 60, ...input }: EvaluationInput) {
  const created = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
  const row = await db
    .insertInto('evaluations')
    .values({
      client_id: clientId,
      plano: input.plano,
      vencimento: daysFromToday(validDays - daysAgo),
      created_at: created.toISOString(),
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface MealInput {
  titulo: string;
  /** `['07:00', '08:00']` for a window, or `'10:30'` for a custom time. */
  horario: [string, string] | string;
  /** Each option is a list of food-group descriptions. */
  opcoes: string[][];
}

export interface DietInput {
  titulo: string;
  is_dia_de_treino: boolean;
  meals: MealInput[];
}

export async function createDiet(db: Db, evaluationId: number, input: DietInput, posicao = 0) {
  const diet = await db
    .insertInto('diets')
    .values({ evaluation_id: evaluationId, titulo: input.titulo, is_dia_de_treino: input.is_dia_de_treino ? 1 : 0, posicao })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [mealIndex, meal] of input.meals.entries()) {
    const custom = typeof meal.horario === 'string';
    const { id: mealId } = await db
      .insertInto('meals')
      .values({
        diet_id: diet.id,
        titulo: meal.titulo,
        posicao: mealIndex + 1,
        is_horario_customizado: custom ? 1 : 0,
        horario_customizado: custom ? (meal.horario as string) : null,
        horario_inicio: custom ? null : meal.horario[0]!,
        horario_fim: custom ? null : meal.horario[1]!,
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

export interface ExerciseInput {
  atividade: { titulo: string; grupo_muscular: string; video?: string | null };
  series: number;
  repeticoes: string;
  carga?: number | null;
  tempo_descanso: number;
  observacao?: string | null;
}

export interface WorkoutInput {
  titulo: string;
  dias: string[];
  observacao?: string | null;
  exercises: ExerciseInput[];
}

async function findOrCreateActivity(db: Db, activity: ExerciseInput['atividade']) {
  const existing = await db
    .selectFrom('activities')
    .select('id')
    .where('titulo', '=', activity.titulo)
    .where('grupo_muscular', '=', activity.grupo_muscular)
    .executeTakeFirst();
  if (existing) return existing.id;
  const created = await db
    .insertInto('activities')
    .values({ titulo: activity.titulo, grupo_muscular: activity.grupo_muscular, video: activity.video ?? null })
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
