import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * Push notifications and the day's water log on the server (decision 041):
 * - `push_subscriptions`: one row per device, belonging to the client who stored it; an endpoint
 *   is one device, so it is unique (a device signed in by another client moves to them);
 * - `push_preferences`: the client's settings, the time zone they are read in, and when their next
 *   reminder is due (`proximo_lembrete_em`) with the lease of the instance that claimed it;
 * - `push_reminders`: each reminder slot sent (`treino:2026-11-26`, `agua:2026-11-26T10:00`), so
 *   that none goes twice, whatever restarts or instances;
 * - `push_messages`: the queue of pushes to send, claimed like the outbox, retried with backoff;
 * - `water_days`: each client's glasses of a day (local date), and the day's last 'Recomeçar';
 * - `message_alerts`: when the team was last e-mailed about a client's unread messages, and up to
 *   which message.
 */
export async function up(db: Db): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('client_id', 'integer', (col) => col.notNull().references('clients.user_id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_client_idx').on('push_subscriptions').columns(['client_id', 'created_at']).execute();

  await db.schema
    .createTable('push_preferences')
    .addColumn('client_id', 'integer', (col) => col.primaryKey().references('clients.user_id').onDelete('cascade'))
    .addColumn('mensagens', 'integer', (col) => col.notNull())
    .addColumn('treino', 'integer', (col) => col.notNull())
    .addColumn('treino_horario', 'text', (col) => col.notNull())
    .addColumn('agua', 'integer', (col) => col.notNull())
    .addColumn('agua_a_cada_horas', 'integer', (col) => col.notNull())
    .addColumn('agua_inicio', 'text', (col) => col.notNull())
    .addColumn('agua_fim', 'text', (col) => col.notNull())
    .addColumn('fuso_horario', 'text')
    .addColumn('atualizado_em', 'text', (col) => col.notNull())
    .addColumn('proximo_lembrete_em', 'text')
    .addColumn('reservado_ate', 'text')
    .execute();
  // The reminder sender's claim: the rows whose reminder is due.
  await db.schema.createIndex('push_preferences_due_idx').on('push_preferences').column('proximo_lembrete_em').execute();

  await db.schema
    .createTable('push_reminders')
    .addColumn('client_id', 'integer', (col) => col.notNull().references('clients.user_id').onDelete('cascade'))
    .addColumn('slot', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('push_reminders_pk', ['client_id', 'slot'])
    .execute();
  await db.schema.createIndex('push_reminders_sent_idx').on('push_reminders').column('sent_at').execute();

  await db.schema
    .createTable('push_messages')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('subscription_id', 'integer', (col) => col.notNull().references('push_subscriptions.id').onDelete('cascade'))
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('topic', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('push_messages_due_idx').on('push_messages').column('next_attempt_at').execute();
  await db.schema.createIndex('push_messages_subscription_idx').on('push_messages').column('subscription_id').execute();

  await db.schema
    .createTable('water_days')
    .addColumn('client_id', 'integer', (col) => col.notNull().references('clients.user_id').onDelete('cascade'))
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('registros', 'text', (col) => col.notNull())
    .addColumn('recomecado_em', 'text')
    .addColumn('atualizado_em', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('water_days_pk', ['client_id', 'data'])
    .execute();

  await db.schema
    .createTable('message_alerts')
    .addColumn('client_id', 'integer', (col) => col.primaryKey().references('clients.user_id').onDelete('cascade'))
    .addColumn('avisado_em', 'text', (col) => col.notNull())
    .addColumn('coberta_ate', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of ['message_alerts', 'water_days', 'push_messages', 'push_reminders', 'push_preferences', 'push_subscriptions']) {
    await db.schema.dropTable(table).execute();
  }
}
