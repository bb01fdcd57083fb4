import type { Evaluation, Plan } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import type { EvaluationRow } from '../../db/schema.js';

/** Who published it and when are the team's history's (plans/repository.ts), not the client's. */
export function toEvaluation({ client_id: _client, published_by: _by, published_at: _at, ...row }: EvaluationRow): Evaluation {
  return { ...row, plano: row.plano as Plan };
}

/** The client's evaluations, latest first; oldest first for measurements over time. */
export async function listEvaluations(db: Db, clientId: number, order: 'latest first' | 'oldest first' = 'latest first'): Promise<Evaluation[]> {
  const direction = order === 'latest first' ? 'desc' : 'asc';
  const rows = await db
    .selectFrom('evaluations')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('created_at', direction)
    .orderBy('id', direction)
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
