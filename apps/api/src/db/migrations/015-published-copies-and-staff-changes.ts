import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** The professional roles in the order an evaluation is signed with them (messages' order, decision 043), as of this migration. */
const SIGNING_ROLES = ['ROLE_PERSONAL', 'ROLE_NUTRICIONISTA', 'ROLE_ADMIN'];

/**
 * A published plan reads as it was published (decision 055): each exercise keeps its activity's
 * title, muscle group and video, and each evaluation the name, signing role and registration of
 * who published it, copied when it is stored. Rows stored before are filled from today's values,
 * the best there is. And staff changes (the library's activities, registrations, disabling) are
 * recorded with who made them and when.
 */
export async function up(db: Db): Promise<void> {
  // SQLite adds a NOT NULL column only with a default; every insert gives the value (db/schema.ts has no default).
  await db.schema.alterTable('exercises').addColumn('atividade_titulo', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('exercises').addColumn('atividade_grupo_muscular', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('exercises').addColumn('atividade_video', 'text').execute();
  const activity = (column: string) => sql`(select ${sql.ref(`activities.${column}`)} from activities where activities.id = exercises.activity_id)`;
  await db
    .updateTable('exercises')
    .set({ atividade_titulo: activity('titulo'), atividade_grupo_muscular: activity('grupo_muscular'), atividade_video: activity('video') })
    .execute();

  await db.schema.alterTable('evaluations').addColumn('publisher_nome', 'text').execute();
  await db.schema.alterTable('evaluations').addColumn('publisher_papel', 'text').execute();
  await db.schema.alterTable('evaluations').addColumn('publisher_registro', 'text').execute();
  const publisher = (value: ReturnType<typeof sql>) => sql`(select ${value} from users where users.id = evaluations.published_by)`;
  // Roles are stored comma-separated: a role is a whole code between commas.
  const signingRole = sql.join(
    SIGNING_ROLES.map((role) => sql`when ',' || users.roles || ',' like ${`%,${role},%`} then ${role}`),
    sql` `,
  );
  await db
    .updateTable('evaluations')
    .set({
      publisher_nome: publisher(sql`users.nome`),
      publisher_papel: publisher(sql`case ${signingRole} end`),
      publisher_registro: publisher(sql`users.registro`),
    })
    .where('published_by', 'is not', null)
    .execute();

  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('staff_changes')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('tipo', 'text', (col) => col.notNull())
    // Null for an operator's command; no cascade: staff accounts are disabled, never deleted.
    .addColumn('actor_id', 'integer', (col) => col.references('users.id'))
    // The activity's or the staff account's id, by `tipo`; no reference, so the record outlives what it names.
    .addColumn('target_id', 'integer', (col) => col.notNull())
    // JSON text of the changed fields before and after; null where there is no before (a creation) or nothing to show.
    .addColumn('antes', 'text')
    .addColumn('depois', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('staff_changes').execute();
  for (const column of ['publisher_registro', 'publisher_papel', 'publisher_nome']) await db.schema.alterTable('evaluations').dropColumn(column).execute();
  for (const column of ['atividade_video', 'atividade_grupo_muscular', 'atividade_titulo']) await db.schema.alterTable('exercises').dropColumn(column).execute();
}
