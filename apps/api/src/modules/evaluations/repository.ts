import type { Evaluation, Plan } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import type { EvaluationRow } from '../../db/schema.js';

export function toEvaluation({ client_id: _client, ...row }: EvaluationRow): Evaluation {
  return { ...row, plano: row.plano as Plan };
}

/** The client's evaluations, latest first. */
export async function listEvaluations(db: Db, clientId: number): Promise<Evaluation[]> {
  const rows = await db
    .selectFrom('evaluations')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toEvaluation);
}

export async function isOwnEvaluation(db: Db, evaluationId: number, clientId: number): Promise<boolean> {
  const row = await db
    .selectFrom('evaluations')
    .select('id')
    .where('id', '=', evaluationId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row !== undefined;
}
