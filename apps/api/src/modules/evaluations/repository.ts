import { EVALUATION_LIST_MAX, MESSAGE_AUTHOR_ROLES, PLAN_VALIDITY_DAYS, type Evaluation, type EvaluationProfessional, type Plan, type PlanEvaluation } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { UNNAMED_STAFF } from '@acompanha/contract';
import { addDays, daysFromToday } from '../../dates.js';
import { refreshRosterEntry } from '../roster/repository.js';

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
  await refreshRosterEntry(db, clientId);
  return row.id;
}
