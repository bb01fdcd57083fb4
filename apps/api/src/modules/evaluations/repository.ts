import { EVALUATION_LIST_MAX, MESSAGE_AUTHOR_ROLES, type Evaluation, type EvaluationProfessional, type Plan } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { UNNAMED_STAFF } from '../messages/repository.js';

/** Evaluations with the account of the team member who published them (none for imports and older rows). */
export function evaluationsQuery(db: Db) {
  return db
    .selectFrom('evaluations')
    .leftJoin('users as publisher', 'publisher.id', 'evaluations.published_by')
    .selectAll('evaluations')
    .select(['publisher.nome as publisher_nome', 'publisher.roles as publisher_roles', 'publisher.registro as publisher_registro']);
}

type EvaluationQueryRow = Awaited<ReturnType<ReturnType<typeof evaluationsQuery>['executeTakeFirstOrThrow']>>;

/** The publisher as the client's Perfil and PDF sign the evaluation: their professional role first, as messages sign. */
function professionalOf(row: EvaluationQueryRow): EvaluationProfessional | null {
  if (row.published_by === null || row.publisher_roles === null) return null;
  const roles = row.publisher_roles.split(',');
  const papel = MESSAGE_AUTHOR_ROLES.find((role) => roles.includes(role));
  return papel ? { nome: row.publisher_nome ?? UNNAMED_STAFF, papel, registro: row.publisher_registro } : null;
}

/** When it was published is the team's history's (plans/repository.ts), not the client's. */
export function toEvaluation(row: EvaluationQueryRow): Evaluation {
  const { client_id: _client, published_by: _by, published_at: _at, publisher_nome: _nome, publisher_roles: _roles, publisher_registro: _registro, ...evaluation } = row;
  return { ...evaluation, plano: row.plano as Plan, profissional: professionalOf(row) };
}

/** The client's latest EVALUATION_LIST_MAX evaluations, latest first; oldest first for measurements over time. */
export async function listEvaluations(db: Db, clientId: number, order: 'latest first' | 'oldest first' = 'latest first'): Promise<Evaluation[]> {
  const rows = await evaluationsQuery(db)
    .where('evaluations.client_id', '=', clientId)
    .orderBy('evaluations.created_at', 'desc')
    .orderBy('evaluations.id', 'desc')
    .limit(EVALUATION_LIST_MAX)
    .execute();
  const latestFirst = rows.map(toEvaluation);
  return order === 'latest first' ? latestFirst : latestFirst.toReversed();
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
