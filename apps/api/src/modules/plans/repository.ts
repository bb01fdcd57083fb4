import type { Evaluation, Meal, PlanEvaluation, PlanFile, PlanMeal } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { consultationDay } from '../../db/factories.js';
import { listDiets, listMeals } from '../diets/repository.js';
import { listEvaluations } from '../evaluations/repository.js';
import { listExercises, listWorkouts } from '../workouts/repository.js';

/** The plan file leaves empty optional fields out, so that an export reads like a hand-written plan. */
function withoutEmpty<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null && field !== undefined)) as T;
}

function toPlanEvaluation(evaluation: Evaluation): PlanEvaluation {
  const { id: _id, created_at, plano, vencimento, peso, altura, objetivo, consumo_ideal_agua, ...measurements } = evaluation;
  return withoutEmpty({ plano, data_consulta: consultationDay(created_at), vencimento, peso, altura, objetivo, consumo_ideal_agua, ...measurements });
}

function toPlanMeal(meal: Meal): PlanMeal {
  const time = meal.is_horario_customizado
    ? { horario_customizado: meal.horario_customizado }
    : { horario_inicio: meal.horario_inicio, horario_fim: meal.horario_fim };
  return withoutEmpty({ titulo: meal.titulo, ...time, opcoes: meal.opcoes.map((option) => option.grupos.map((group) => group.descricao)) });
}

/** The client's current plan (the latest evaluation with its diets and workouts) as a plan file. */
export async function findCurrentPlan(db: Db, clientId: number): Promise<PlanFile | undefined> {
  const [latest] = await listEvaluations(db, clientId);
  if (!latest) return undefined;
  const diets = await listDiets(db, latest.id);
  const workouts = await listWorkouts(db, latest.id);
  return {
    evaluation: toPlanEvaluation(latest),
    diets: await Promise.all(
      diets.map(async (diet) => ({
        titulo: diet.titulo,
        is_dia_de_treino: diet.is_dia_de_treino,
        meals: (await listMeals(db, diet.id)).map(toPlanMeal),
      })),
    ),
    workouts: await Promise.all(
      workouts.map(async (workout) =>
        withoutEmpty({
          titulo: workout.titulo,
          dias: workout.dias,
          observacao: workout.observacao,
          exercises: (await listExercises(db, workout.id)).map(({ atividade, series, repeticoes, carga, tempo_descanso, observacao }) =>
            withoutEmpty({ atividade: withoutEmpty(atividade), series, repeticoes, carga, tempo_descanso, observacao }),
          ),
        }),
      ),
    ),
  };
}

/** The client's evaluations, latest first, with how many diets and workouts each holds. */
export async function listPlanSummaries(db: Db, clientId: number) {
  const rows = await db
    .selectFrom('evaluations')
    .select((eb) => [
      'evaluations.id',
      'evaluations.created_at',
      'evaluations.plano',
      'evaluations.vencimento',
      eb.selectFrom('diets').select((count) => count.fn.countAll<number>().as('n')).whereRef('diets.evaluation_id', '=', 'evaluations.id').as('diets'),
      eb.selectFrom('workouts').select((count) => count.fn.countAll<number>().as('n')).whereRef('workouts.evaluation_id', '=', 'evaluations.id').as('workouts'),
    ])
    .where('evaluations.client_id', '=', clientId)
    .orderBy('evaluations.created_at', 'desc')
    .orderBy('evaluations.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    data_consulta: consultationDay(row.created_at),
    plano: row.plano,
    vencimento: row.vencimento,
    diets: Number(row.diets),
    workouts: Number(row.workouts),
  }));
}
