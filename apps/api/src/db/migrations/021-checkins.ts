import { sql, type Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * The weekly check-in (DECISIONS.md §6, decision 073):
 * - `checkin_settings`: a client's check-in day and questions (JSON, in order), once the team set
 *   them; without a row the client has the defaults and the weekday of their latest evaluation;
 * - `checkins`: one a client a week (`semana`, its Monday): the weight, the measurements and the
 *   answers (JSON, each with its question as it read), the three photos, and the team's review;
 * - `roster.checkin_pendente`: whether one waits for the team's review.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('checkin_settings')
    .addColumn('client_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('dia', 'text', (col) => col.notNull())
    .addColumn('perguntas', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('checkins')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('client_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('semana', 'text', (col) => col.notNull())
    .addColumn('peso', 'real')
    .addColumn('medidas', 'text', (col) => col.notNull())
    .addColumn('respostas', 'text', (col) => col.notNull())
    .addColumn('foto_frente', 'text', (col) => col.references('media.id').onDelete('set null'))
    .addColumn('foto_lado', 'text', (col) => col.references('media.id').onDelete('set null'))
    .addColumn('foto_costas', 'text', (col) => col.references('media.id').onDelete('set null'))
    .addColumn('enviado_em', 'text', (col) => col.notNull())
    .addColumn('revisao_texto', 'text')
    .addColumn('revisao_autor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('revisao_autor_nome', 'text')
    .addColumn('revisado_em', 'text')
    .addUniqueConstraint('checkins_client_week', ['client_id', 'semana'])
    .execute();
  // A client's check-ins newest first (the unique key above); the team's queue, the longest waiting first.
  await db.schema.createIndex('checkins_waiting_idx').on('checkins').column('enviado_em').where(sql.ref('revisado_em'), 'is', null).execute();
  // The roster's filter 'checkin_pendente' (decision 068's row, kept by each write): 1 while a check-in waits for its review.
  await db.schema.alterTable('roster').addColumn('checkin_pendente', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  // The filter's page by name and its count, as convite_pendente's (migration 018).
  await db.schema.createIndex('roster_checkin_idx').on('roster').columns(['checkin_pendente', 'nome_chave', 'client_id']).execute();
}
