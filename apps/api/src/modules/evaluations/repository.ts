import { MESSAGE_AUTHOR_ROLES, type Evaluation, type EvaluationProfessional, type Plan } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { UNNAMED_STAFF } from '../messages/repository.js';

/** Evaluations with who signs them, as stored when they were published. */
export function evaluationsQuery(db: Db) {
  return db.selectFrom('evaluations').selectAll('evaluations');
}

type EvaluationQueryRow = Awaited<ReturnType<ReturnType<typeof evaluationsQuery>['executeTakeFirstOrThrow']>>;

const signingRoleOf = (roles: readonly string[]) => MESSAGE_AUTHOR_ROLES.find((role) => roles.includes(role)) ?? null;

/**
 * What signs an evaluation `publisherId` publishes now: their name, their first professional role
 * in messages' order, and their registration, copied into the evaluation so that a later change to
 * the account leaves what was published as it was (decision 055).
 */
export async function signatureOf(db: Db, publisherId: number) {
  const publisher = await db.selectFrom('users').select(['nome', 'roles', 'registro']).where('id', '=', publisherId).executeTakeFirstOrThrow();
  return { publisher_nome: publisher.nome, publisher_papel: signingRoleOf(publisher.roles.split(',')), publisher_registro: publisher.registro };
}

/** The publisher as the client's Perfil and PDF sign the evaluation; null for imports, older rows and a publisher of no professional role. */
function professionalOf(row: EvaluationQueryRow): EvaluationProfessional | null {
  const papel = MESSAGE_AUTHOR_ROLES.find((role) => role === row.publisher_papel);
  return row.published_by !== null && papel ? { nome: row.publisher_nome ?? UNNAMED_STAFF, papel, registro: row.publisher_registro } : null;
}

/** When it was published is the team's history's (plans/repository.ts), not the client's. */
export function toEvaluation(row: EvaluationQueryRow): Evaluation {
  const { client_id: _client, published_by: _by, published_at: _at, publisher_nome: _nome, publisher_papel: _papel, publisher_registro: _registro, ...evaluation } = row;
  return { ...evaluation, plano: row.plano as Plan, profissional: professionalOf(row) };
}

/** The client's evaluations, latest first; oldest first for measurements over time. */
export async function listEvaluations(db: Db, clientId: number, order: 'latest first' | 'oldest first' = 'latest first'): Promise<Evaluation[]> {
  const direction = order === 'latest first' ? 'desc' : 'asc';
  const rows = await evaluationsQuery(db)
    .where('evaluations.client_id', '=', clientId)
    .orderBy('evaluations.created_at', direction)
    .orderBy('evaluations.id', direction)
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
