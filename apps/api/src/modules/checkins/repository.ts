import type { Checkin, CheckinAnswer, CheckinMeasurement, CheckinSettings, TeamCheckin } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import type { CheckinsTable } from '../../db/schema.js';
import { paginate } from '../paging.js';
import { refreshRosterEntry } from '../roster/repository.js';

export type CheckinRow = CheckinsTable;

/** A check-in as both sides read it. */
export function toCheckin(row: CheckinRow): Checkin {
  return {
    id: row.id,
    semana: row.semana,
    peso: row.peso,
    medidas: JSON.parse(row.medidas) as Partial<Record<CheckinMeasurement, number>>,
    respostas: JSON.parse(row.respostas) as CheckinAnswer[],
    fotos: { frente: row.foto_frente, lado: row.foto_lado, costas: row.foto_costas },
    estado: row.revisado_em === null ? 'enviado' : 'revisado',
    enviado_em: row.enviado_em,
    revisao: row.revisado_em === null ? null : { texto: row.revisao_texto ?? '', autor_nome: row.revisao_autor_nome ?? '', revisado_em: row.revisado_em },
  };
}

export const findCheckin = (db: Db, id: string) => db.selectFrom('checkins').selectAll().where('id', '=', id).executeTakeFirst();

export const findWeekCheckin = (db: Db, clientId: number, semana: string) =>
  db.selectFrom('checkins').selectAll().where('client_id', '=', clientId).where('semana', '=', semana).executeTakeFirst();

/** Stores a check-in unless its id or its week is taken: false then. */
export async function insertCheckin(db: Db, row: CheckinRow) {
  const inserted = await db
    .insertInto('checkins')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  const stored = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  if (stored) await refreshRosterEntry(db, row.client_id);
  return stored;
}

/** The settings the team set for a client, if it did. */
export async function findSettings(db: Db, clientId: number): Promise<CheckinSettings | undefined> {
  const row = await db.selectFrom('checkin_settings').select(['dia', 'perguntas']).where('client_id', '=', clientId).executeTakeFirst();
  return row && { dia: row.dia as CheckinSettings['dia'], perguntas: JSON.parse(row.perguntas) as CheckinSettings['perguntas'] };
}

export async function saveSettings(db: Db, clientId: number, settings: CheckinSettings, now: Date) {
  const values = { dia: settings.dia, perguntas: JSON.stringify(settings.perguntas), updated_at: now.toISOString() };
  await db
    .insertInto('checkin_settings')
    .values({ client_id: clientId, ...values })
    .onConflict((conflict) => conflict.column('client_id').doUpdateSet(values))
    .execute();
}

/** When the client's latest evaluation was made, if any: its weekday is their check-in day until the team sets one. */
export async function latestEvaluationDate(db: Db, clientId: number) {
  const row = await db.selectFrom('evaluations').select('created_at').where('client_id', '=', clientId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  return row?.created_at;
}

/** How many rows a count reads: every list here has a length, so a page is never undefined. */
const lengthOf = async (counted: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) => Number((await counted.executeTakeFirstOrThrow()).n);

/** A client's check-ins, newest week first. */
export async function pageClientCheckins(db: Db, clientId: number, page: { page: number; size: number }) {
  const counted = db.selectFrom('checkins as counted').select((eb) => eb.fn.countAll<number>().as('n')).where('counted.client_id', '=', clientId);
  const paged = await paginate(
    ({ limit, offset }) =>
      db.selectFrom('checkins').selectAll().select(counted.as('total')).where('client_id', '=', clientId).orderBy('semana', 'desc').limit(limit).offset(offset).execute(),
    page,
    (row) => toCheckin(row),
    () => lengthOf(counted),
  );
  return paged!;
}

/**
 * The team's queue: check-ins waiting for a review, the longest waiting first; or those reviewed,
 * the latest review first. Each with whose it is.
 */
export async function pageTeamCheckins(db: Db, estado: 'enviado' | 'revisado', page: { page: number; size: number }) {
  const waiting = estado === 'enviado';
  const counted = db
    .selectFrom('checkins as counted')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('counted.revisado_em', waiting ? 'is' : 'is not', null);
  const paged = await paginate(
    ({ limit, offset }) => {
      const rows = db
        .selectFrom('checkins')
        .innerJoin('clients', 'clients.user_id', 'checkins.client_id')
        .selectAll('checkins')
        .select(['clients.nome as cliente_nome', counted.as('total')])
        .where('checkins.revisado_em', waiting ? 'is' : 'is not', null);
      return (waiting ? rows.orderBy('checkins.enviado_em').orderBy('checkins.id') : rows.orderBy('checkins.revisado_em', 'desc').orderBy('checkins.id')).limit(limit).offset(offset).execute();
    },
    page,
    (row): TeamCheckin => ({ ...toCheckin(row), cliente: { id: row.client_id, nome: row.cliente_nome } }),
    () => lengthOf(counted),
  );
  return paged!;
}

/** Writes the team's review of a check-in not reviewed yet: false when it was (or is gone). */
export async function reviewCheckin(db: Db, id: string, review: { clientId: number; texto: string; autorId: number; autorNome: string; at: Date }) {
  const updated = await db
    .updateTable('checkins')
    .set({ revisao_texto: review.texto, revisao_autor_id: review.autorId, revisao_autor_nome: review.autorNome, revisado_em: review.at.toISOString() })
    .where('id', '=', id)
    .where('revisado_em', 'is', null)
    .executeTakeFirst();
  const reviewed = Number(updated.numUpdatedRows) > 0;
  if (reviewed) await refreshRosterEntry(db, review.clientId);
  return reviewed;
}

/** A team member's name, as their messages are signed. */
export async function staffName(db: Db, staffId: number) {
  return (await db.selectFrom('users').select('nome').where('id', '=', staffId).executeTakeFirst())?.nome ?? null;
}
