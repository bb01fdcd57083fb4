import { DEFAULT_WATER_GOAL_ML, type WaterDay } from '@acompanha/contract';
import { isPostgres, type Db } from '../../db/database.js';

/** The statements of the day's water log (decision 041). */

/** The client's day as stored; an empty day when nothing was logged. */
export async function findWaterDay(db: Db, clientId: number, data: string): Promise<WaterDay> {
  const row = await db
    .selectFrom('water_days')
    .select(['registros', 'recomecado_em'])
    .where('client_id', '=', clientId)
    .where('data', '=', data)
    .executeTakeFirst();
  return { data, registros: row ? (JSON.parse(row.registros) as string[]) : [], recomecado_em: row?.recomecado_em ?? null };
}

/**
 * Runs `change` on the client's day with the row locked (PostgreSQL: FOR UPDATE; SQLite writes one
 * transaction at a time), so two devices saving at once both count; stores what it returns.
 */
export function updateWaterDay(db: Db, clientId: number, data: string, now: Date, change: (day: WaterDay) => Promise<WaterDay> | WaterDay) {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('water_days')
      .values({ client_id: clientId, data, registros: '[]', recomecado_em: null, atualizado_em: now.toISOString() })
      .onConflict((conflict) => conflict.columns(['client_id', 'data']).doNothing())
      .execute();
    const locked = trx.selectFrom('water_days').select(['registros', 'recomecado_em']).where('client_id', '=', clientId).where('data', '=', data);
    const row = await (isPostgres(trx) ? locked.forUpdate() : locked).executeTakeFirstOrThrow();
    const day = await change({ data, registros: JSON.parse(row.registros) as string[], recomecado_em: row.recomecado_em });
    await trx
      .updateTable('water_days')
      .set({ registros: JSON.stringify(day.registros), recomecado_em: day.recomecado_em, atualizado_em: now.toISOString() })
      .where('client_id', '=', clientId)
      .where('data', '=', data)
      .execute();
    return day;
  });
}

/** The day's goal in millilitres: the latest evaluation's ideal intake, else 2000 ml (SPEC.md §3). */
export async function waterGoalOf(db: Db, clientId: number): Promise<number> {
  const latest = await db
    .selectFrom('evaluations')
    .select('consumo_ideal_agua')
    .where('client_id', '=', clientId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return latest?.consumo_ideal_agua && latest.consumo_ideal_agua > 0 ? latest.consumo_ideal_agua : DEFAULT_WATER_GOAL_ML;
}
