import type { Paged, PageQuery, StaffChange, StaffChangeType } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { staffRefOf } from '@acompanha/contract';
import { countOf, paginate } from '../paging.js';

/** The fields a change touched, as the record shows them. */
export type ChangedFields = Record<string, string | null>;

export interface NewStaffChange {
  tipo: StaffChangeType;
  /** The team member who made it; null for an operator's command. */
  actorId: number | null;
  /** The activity's id for ATIVIDADE_*, the staff account's for the others. */
  targetId: number;
  antes?: ChangedFields | null;
  depois?: ChangedFields | null;
}

/**
 * Records a staff change (decision 055). Call it in the change's own transaction, so that a change
 * is never made without its record, nor recorded without being made.
 */
export async function recordStaffChange(db: Db, change: NewStaffChange, now = new Date()) {
  await db
    .insertInto('staff_changes')
    .values({
      tipo: change.tipo,
      actor_id: change.actorId,
      target_id: change.targetId,
      antes: change.antes ? JSON.stringify(change.antes) : null,
      depois: change.depois ? JSON.stringify(change.depois) : null,
      created_at: now.toISOString(),
    })
    .execute();
}

/** A page of every staff change, newest first (ids grow with time), with who made each named as their account is now. */
export function pageStaffChanges(db: Db, page: PageQuery): Promise<Paged<StaffChange> | undefined> {
  return paginate(
    ({ limit, offset }) =>
      db
        .selectFrom('staff_changes')
        .leftJoin('users as actor', 'actor.id', 'staff_changes.actor_id')
        .select(['staff_changes.id', 'staff_changes.tipo', 'staff_changes.actor_id', 'actor.nome', 'staff_changes.target_id', 'staff_changes.antes', 'staff_changes.depois', 'staff_changes.created_at'])
        .select((eb) => eb.selectFrom('staff_changes as listed').select(eb.fn.countAll<number>().as('n')).as('total'))
        .orderBy('staff_changes.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    page,
    (row): StaffChange => ({
      id: row.id,
      tipo: row.tipo,
      feito_por: staffRefOf(row.actor_id, row.nome),
      feito_em: row.created_at,
      alvo_id: row.target_id,
      antes: row.antes === null ? null : (JSON.parse(row.antes) as ChangedFields),
      depois: row.depois === null ? null : (JSON.parse(row.depois) as ChangedFields),
    }),
    async () => countOf(await db.selectFrom('staff_changes').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst()),
  );
}
