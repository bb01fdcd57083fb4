import type { Evaluation, Meal, Plan, PlanDraft, PlanDraftRequest, PlanEvaluation, PlanFile, PlanMeal } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { createDiet, listDiets, listMeals } from '../diets/repository.js';
import { consultationDay, createEvaluation, evaluationsQuery, listEvaluations, toEvaluation } from '../evaluations/repository.js';
import { staffRefOf } from '@acompanha/contract';
import type { PageLimits } from '../paging.js';
import { createWorkout, listExercises, listWorkouts } from '../workouts/repository.js';

/** The plan file leaves empty optional fields out, so that an export reads like a hand-written plan. */
function withoutEmpty<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null && field !== undefined)) as T;
}

function toPlanEvaluation(evaluation: Evaluation): PlanEvaluation {
  // Who published it is the history's (publicado_por), not the plan's: a copy is published by whoever publishes it.
  const { id: _id, profissional: _by, created_at, plano, vencimento, peso, altura, objetivo, consumo_ideal_agua, observacoes, ...measurements } = evaluation;
  return withoutEmpty({ plano, data_consulta: consultationDay(created_at), vencimento, peso, altura, objetivo, consumo_ideal_agua, observacoes, ...measurements });
}

function toPlanMeal(meal: Meal): PlanMeal {
  const time = meal.is_horario_customizado
    ? { horario_customizado: meal.horario_customizado }
    : { horario_inicio: meal.horario_inicio, horario_fim: meal.horario_fim };
  return withoutEmpty({ titulo: meal.titulo, ...time, opcoes: meal.opcoes.map((option) => option.grupos.map((group) => group.descricao)) });
}

/** A stored evaluation with its diets and workouts as a plan file. */
async function planOf(db: Db, evaluation: Evaluation): Promise<PlanFile> {
  const diets = await listDiets(db, evaluation.id);
  const workouts = await listWorkouts(db, evaluation.id);
  return {
    evaluation: toPlanEvaluation(evaluation),
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

/** The client's current plan (the latest evaluation with its diets and workouts) as a plan file. */
export async function findCurrentPlan(db: Db, clientId: number): Promise<PlanFile | undefined> {
  const [latest] = await listEvaluations(db, clientId);
  return latest && planOf(db, latest);
}

/** One of the client's evaluations as a plan file; undefined when the id is not one of theirs. */
export async function findPlan(db: Db, clientId: number, evaluationId: number): Promise<PlanFile | undefined> {
  const row = await evaluationsQuery(db).where('evaluations.id', '=', evaluationId).where('evaluations.client_id', '=', clientId).executeTakeFirst();
  return row && planOf(db, toEvaluation(row));
}

/** The client's latest evaluation (the plan they see), as the roster orders them. */
export function findLatestEvaluation(db: Db, clientId: number) {
  return db
    .selectFrom('evaluations')
    .select('id')
    .where('client_id', '=', clientId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** How many evaluations the client has: the history's length. */
export async function countPlans(db: Db, clientId: number): Promise<number> {
  const row = await db.selectFrom('evaluations').select((count) => count.fn.countAll<number | string>().as('total')).where('client_id', '=', clientId).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The client's evaluations, latest first (a page of them, or the one `evaluationId`), with how many diets and workouts each holds and who published it, named as then. */
export async function listPlanSummaries(db: Db, clientId: number, evaluationId?: number, page?: PageLimits) {
  let query = db
    .selectFrom('evaluations')
    .select((eb) => [
      'evaluations.id',
      'evaluations.created_at',
      'evaluations.plano',
      'evaluations.vencimento',
      'evaluations.published_at',
      'evaluations.published_by',
      'evaluations.publisher_nome',
      eb.selectFrom('diets').select((count) => count.fn.countAll<number>().as('n')).whereRef('diets.evaluation_id', '=', 'evaluations.id').as('diets'),
      eb.selectFrom('workouts').select((count) => count.fn.countAll<number>().as('n')).whereRef('workouts.evaluation_id', '=', 'evaluations.id').as('workouts'),
    ])
    .where('evaluations.client_id', '=', clientId)
    .orderBy('evaluations.created_at', 'desc')
    .orderBy('evaluations.id', 'desc');
  if (evaluationId !== undefined) query = query.where('evaluations.id', '=', evaluationId);
  if (page) query = query.limit(page.limit).offset(page.offset);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    data_consulta: consultationDay(row.created_at),
    plano: row.plano as Plan,
    vencimento: row.vencimento,
    publicado_em: row.published_at,
    publicado_por: staffRefOf(row.published_by, row.publisher_nome),
    diets: Number(row.diets),
    workouts: Number(row.workouts),
  }));
}

/** The client's draft with the name of who saved it last. */
export async function findDraft(db: Db, clientId: number): Promise<PlanDraft | undefined> {
  const row = await db
    .selectFrom('plan_drafts')
    .innerJoin('users as editor', 'editor.id', 'plan_drafts.updated_by')
    .select(['plan_drafts.plano', 'plan_drafts.avaliacao_base', 'plan_drafts.updated_by', 'plan_drafts.updated_at', 'editor.nome'])
    .where('plan_drafts.client_id', '=', clientId)
    .executeTakeFirst();
  return (
    row && {
      plano: JSON.parse(row.plano) as PlanDraft['plano'],
      avaliacao_base: row.avaliacao_base,
      editado_por: staffRefOf(row.updated_by, row.nome)!,
      editado_em: row.updated_at,
    }
  );
}

/** Stores the client's draft, replacing the one there was. */
export async function saveDraft(db: Db, clientId: number, draft: PlanDraftRequest, editorId: number, now: Date) {
  const values = { plano: JSON.stringify(draft.plano), avaliacao_base: draft.avaliacao_base, updated_by: editorId, updated_at: now.toISOString() };
  await db
    .insertInto('plan_drafts')
    .values({ client_id: clientId, ...values })
    .onConflict((conflict) => conflict.column('client_id').doUpdateSet(values))
    .execute();
}

export async function deleteDraft(db: Db, clientId: number) {
  await db.deleteFrom('plan_drafts').where('client_id', '=', clientId).execute();
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
