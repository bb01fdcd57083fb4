import { STAFF_ROLES, type Role, type StaffMember } from '@acompanha/contract';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { parseRoles } from '../auth/repository.js';
import { hashPassword } from '../auth/passwords.js';
import { addToRoster } from '../roster/repository.js';

/** Roles are stored comma-separated, so a role is matched as a whole code between commas. */
const hasRole = (role: Role) => ({ eb }: ExpressionBuilder<Database, 'users'>) => eb(sql<string>`',' || ${eb.ref('users.roles')} || ','`, 'like', `%,${role},%`);

/** Staff accounts are those with a staff role. */
const isStaffAccount = (eb: ExpressionBuilder<Database, 'users'>) => eb.or(STAFF_ROLES.map((role) => hasRole(role)(eb)));

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

/**
 * Marks a staff account disabled, unless it already is (the first time stands) or it is the last
 * active administrator: a team without one could neither open nor re-enable accounts. True when
 * this call disabled it.
 */
export async function markStaffDisabled(db: Db, id: number, now: Date) {
  const result = await db
    .updateTable('users')
    .set({ disabled_at: now.toISOString() })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .where(isStaffAccount)
    .where((eb) =>
      eb.or([
        eb.not(hasRole('ROLE_ADMIN')(eb)),
        eb.exists(
          eb
            .selectFrom('users as other')
            .select('other.id')
            .where('other.id', '!=', id)
            .where('other.disabled_at', 'is', null)
            .where(sql<string>`',' || ${sql.ref('other.roles')} || ','`, 'like', '%,ROLE_ADMIN,%'),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Clears a staff account's disabling; true when this call did (it was disabled). */
export async function markStaffEnabled(db: Db, id: number) {
  const result = await db.updateTable('users').set({ disabled_at: null }).where('id', '=', id).where('disabled_at', 'is not', null).where(isStaffAccount).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface UserInput {
  email: string;
  password?: string | null;
  /** log2 of scrypt's N for the password: config's SCRYPT_COST, production strength when omitted. */
  scryptCost?: number;
  roles?: Role[];
  /** Present for clients: their profile. */
  client?: { nome: string; data_nascimento?: string | null };
  /** A staff member's name, signing their messages. */
  nome?: string | null;
  /** A staff member's professional registration (CREF, CRN), signing the evaluations they publish. */
  registro?: string | null;
}

export async function createUser(db: Db, input: UserInput) {
  const roles = input.roles ?? ['ROLE_CLIENTE'];
  const user = await db
    .insertInto('users')
    .values({
      email: input.email.toLowerCase(),
      password_hash: input.password ? await hashPassword(input.password, input.scryptCost) : null,
      roles: roles.join(','),
      created_at: new Date().toISOString(),
      nome: input.nome ?? null,
      registro: input.registro ?? null,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  if (input.client) {
    await db
      .insertInto('clients')
      .values({ user_id: user.id, nome: input.client.nome, data_nascimento: input.client.data_nascimento ?? null })
      .execute();
    await addToRoster(db, { id: user.id, nome: input.client.nome, email: user.email });
  }
  return user;
}
