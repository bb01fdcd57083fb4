import { STAFF_ROLES, type StaffMember } from '@acompanha/contract';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { parseRoles } from '../auth/repository.js';

/**
 * Staff accounts are those with a staff role. Roles are stored comma-separated, so a role is matched
 * as a whole code between commas.
 */
const isStaffAccount = ({ eb, or }: ExpressionBuilder<Database, 'users'>) =>
  or(STAFF_ROLES.map((role) => eb(sql<string>`',' || ${eb.ref('users.roles')} || ','`, 'like', `%,${role},%`)));

function staffQuery(db: Db) {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.nome', 'users.email', 'users.roles', 'users.password_hash', 'users.disabled_at', 'users.registro'])
    .where(isStaffAccount);
}

type StaffRow = Awaited<ReturnType<ReturnType<typeof staffQuery>['executeTakeFirstOrThrow']>>;

const toMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  nome: row.nome,
  email: row.email,
  papeis: parseRoles(row.roles),
  convite_pendente: row.password_hash === null,
  desativado_em: row.disabled_at,
  registro: row.registro,
});

const byName = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/**
 * Every staff account by name as Brazilian Portuguese sorts it (those without one last, by e-mail),
 * disabled ones too. Sorted here: the databases order accents and nulls each their own way, and a
 * team is a few dozen accounts.
 */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await staffQuery(db).execute();
  return rows
    .map(toMember)
    .sort((a, b) => (a.nome === null) !== (b.nome === null) ? (a.nome === null ? 1 : -1) : byName.compare(a.nome ?? '', b.nome ?? '') || a.email.localeCompare(b.email));
}

export async function findStaff(db: Db, id: number): Promise<StaffMember | undefined> {
  const row = await staffQuery(db).where('users.id', '=', id).executeTakeFirst();
  return row && toMember(row);
}

/** Sets a staff account's professional registration; false when the id is not a staff account's. */
export async function updateStaffRegistration(db: Db, id: number, registro: string | null) {
  const result = await db.updateTable('users').set({ registro }).where('id', '=', id).where(isStaffAccount).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a staff account disabled, unless it already is (the first time stands); true when this call did. */
export async function markStaffDisabled(db: Db, id: number, now: Date) {
  const result = await db
    .updateTable('users')
    .set({ disabled_at: now.toISOString() })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .where(isStaffAccount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
