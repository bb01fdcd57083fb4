import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const SKINFOLDS = ['dobra_triceps', 'dobra_subescapular', 'dobra_suprailiaca', 'dobra_abdominal', 'dobra_coxa', 'dobra_peitoral', 'dobra_axilar_media'];

/**
 * The rest of an evaluation the team writes in the console (decision 043): the seven skinfolds (mm)
 * and the notes for the client; and a staff member's professional registration (CREF, CRN), which
 * signs the evaluations they publish (`evaluations.published_by`, migration 012). All nullable:
 * evaluations and accounts stored before have none.
 */
export async function up(db: Db): Promise<void> {
  for (const column of SKINFOLDS) await db.schema.alterTable('evaluations').addColumn(column, 'double precision').execute();
  await db.schema.alterTable('evaluations').addColumn('observacoes', 'text').execute();
  await db.schema.alterTable('users').addColumn('registro', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('users').dropColumn('registro').execute();
  await db.schema.alterTable('evaluations').dropColumn('observacoes').execute();
  for (const column of SKINFOLDS.toReversed()) await db.schema.alterTable('evaluations').dropColumn(column).execute();
}
