import type { Diet, Meal, PageQuery, PlanDiet } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { preparedQuery, type Param } from '../../db/prepared.js';
import type { DietsTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';
import { ownDietIds, ownEvaluationIds } from '../ownership.js';
import { countOf, paginate, type PageLimits } from '../paging.js';

const toDiet = (row: Pick<Selectable<DietsTable>, 'id' | 'titulo' | 'is_dia_de_treino'>): Diet => ({
  id: row.id,
  titulo: row.titulo,
  is_dia_de_treino: row.is_dia_de_treino === 1,
});

/** The diets of an evaluation in display order. */
const dietsOf = (db: Db, evaluationId: number) =>
  db.selectFrom('diets').select(['id', 'titulo', 'is_dia_de_treino']).where('evaluation_id', '=', evaluationId).orderBy('posicao').orderBy('id');

const ownDietsPage = preparedQuery((db, param: Param<{ evaluationId: number; clientId: number } & PageLimits>) =>
  dietsOf(db, param('evaluationId'))
    .select((eb) =>
      eb.selectFrom('diets as listed').select(eb.fn.countAll<number>().as('n')).where('listed.evaluation_id', '=', param('evaluationId')).as('total'),
    )
    .where('evaluation_id', 'in', ownEvaluationIds(db, param('clientId')))
    .limit(param('limit'))
    .offset(param('offset')),
);

/** The diets of one of the client's evaluations; undefined when the evaluation is not theirs. */
export function pageOwnDiets(db: Db, evaluationId: number, clientId: number, page: PageQuery) {
  return paginate(
    async (limits: PageLimits) => (await ownDietsPage(db, { evaluationId, clientId, ...limits })).rows,
    page,
    toDiet,
    async () =>
      countOf(
        await db
          .selectFrom('evaluations')
          .leftJoin('diets', 'diets.evaluation_id', 'evaluations.id')
          .select((eb) => eb.fn.count<number>('diets.id').as('total'))
          .where('evaluations.id', '=', evaluationId)
          .where('evaluations.id', 'in', ownEvaluationIds(db, clientId))
          .groupBy('evaluations.id')
          .executeTakeFirst(),
      ),
  );
}

/** Every diet of an evaluation in display order, whoever owns it (operator tools). */
export async function listDiets(db: Db, evaluationId: number): Promise<Diet[]> {
  const rows = await dietsOf(db, evaluationId).execute();
  return rows.map(toDiet);
}

const ownDiet = preparedQuery((db, param: Param<{ dietId: number; clientId: number }>) =>
  db
    .selectFrom('diets')
    .select(['id', 'titulo', 'is_dia_de_treino'])
    .where('id', '=', param('dietId'))
    .where('id', 'in', ownDietIds(db, param('clientId'))),
);

export async function findOwnDiet(db: Db, dietId: number, clientId: number): Promise<Diet | undefined> {
  const [row] = (await ownDiet(db, { dietId, clientId })).rows;
  return row && toDiet(row);
}

/** The meals of a diet in display order. */
const mealsOf = (db: Db, dietId: number) => db.selectFrom('meals').selectAll().where('diet_id', '=', dietId).orderBy('posicao').orderBy('id');

/** Every meal of a diet, whoever owns it (operator tools, plan files). */
export const listMeals = (db: Db, dietId: number) => withOptions(db, mealsOf(db, dietId));

/** The meals of one of the client's diets; undefined when the diet is not theirs. */
export async function listOwnMeals(db: Db, dietId: number, clientId: number): Promise<Meal[] | undefined> {
  const meals = await withOptions(db, mealsOf(db, dietId).where('diet_id', 'in', ownDietIds(db, clientId)));
  // No meals: an empty diet of theirs, or not their diet.
  if (meals.length === 0 && !(await findOwnDiet(db, dietId, clientId))) return undefined;
  return meals;
}

/** Meals in order, each with its options and their food groups (three queries, no N+1). */
async function withOptions(db: Db, query: ReturnType<typeof mealsOf>): Promise<Meal[]> {
  const meals = await query.execute();
  if (meals.length === 0) return [];
  const options = await db
    .selectFrom('meal_options')
    .selectAll()
    .where('meal_id', 'in', meals.map((meal) => meal.id))
    .orderBy('posicao')
    .orderBy('id')
    .execute();
  const groups = options.length
    ? await db
        .selectFrom('meal_groups')
        .selectAll()
        .where('option_id', 'in', options.map((option) => option.id))
        .orderBy('posicao')
        .orderBy('id')
        .execute()
    : [];
  return meals.map((meal) => ({
    id: meal.id,
    titulo: meal.titulo,
    posicao: meal.posicao,
    is_horario_customizado: meal.is_horario_customizado === 1,
    horario_customizado: meal.horario_customizado,
    horario_inicio: meal.horario_inicio,
    horario_fim: meal.horario_fim,
    opcoes: options
      .filter((option) => option.meal_id === meal.id)
      .map((option) => ({
        id: option.id,
        grupos: groups.filter((group) => group.option_id === option.id).map(({ id, descricao }) => ({ id, descricao })),
      })),
  }));
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
