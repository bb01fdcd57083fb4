import { PostgresAdapter, type Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = isPostgres ? ('serial' as const) : ('integer' as const);
  const table = (name: string) =>
    db.schema.createTable(name).addColumn('id', id, (col) => (isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement()));

  await table('users')
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('roles', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('clients')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('nome', 'text', (col) => col.notNull())
    .addColumn('data_nascimento', 'text')
    .execute();

  await table('evaluations')
    .addColumn('client_id', 'integer', (col) => col.notNull().references('clients.user_id').onDelete('cascade'))
    .addColumn('plano', 'text', (col) => col.notNull())
    .addColumn('vencimento', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('peso', 'double precision', (col) => col.notNull())
    .addColumn('altura', 'double precision', (col) => col.notNull())
    .addColumn('objetivo', 'text', (col) => col.notNull())
    .addColumn('consumo_ideal_agua', 'double precision')
    .addColumn('percentual_gordura', 'double precision')
    .addColumn('massa_magra', 'double precision')
    .addColumn('circunferencia_cintura', 'double precision')
    .addColumn('circunferencia_quadril', 'double precision')
    .addColumn('circunferencia_braco', 'double precision')
    .addColumn('circunferencia_coxa', 'double precision')
    .addColumn('circunferencia_peito', 'double precision')
    .execute();
  await db.schema.createIndex('evaluations_client_idx').on('evaluations').columns(['client_id', 'created_at']).execute();

  await table('diets')
    .addColumn('evaluation_id', 'integer', (col) => col.notNull().references('evaluations.id').onDelete('cascade'))
    .addColumn('titulo', 'text', (col) => col.notNull())
    .addColumn('is_dia_de_treino', 'integer', (col) => col.notNull())
    .addColumn('posicao', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('diets_evaluation_idx').on('diets').columns(['evaluation_id', 'posicao']).execute();

  await table('meals')
    .addColumn('diet_id', 'integer', (col) => col.notNull().references('diets.id').onDelete('cascade'))
    .addColumn('titulo', 'text', (col) => col.notNull())
    .addColumn('posicao', 'integer', (col) => col.notNull())
    .addColumn('is_horario_customizado', 'integer', (col) => col.notNull())
    .addColumn('horario_customizado', 'text')
    .addColumn('horario_inicio', 'text')
    .addColumn('horario_fim', 'text')
    .execute();
  await db.schema.createIndex('meals_diet_idx').on('meals').columns(['diet_id', 'posicao']).execute();

  await table('meal_options')
    .addColumn('meal_id', 'integer', (col) => col.notNull().references('meals.id').onDelete('cascade'))
    .addColumn('posicao', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('meal_options_meal_idx').on('meal_options').columns(['meal_id', 'posicao']).execute();

  await table('meal_groups')
    .addColumn('option_id', 'integer', (col) => col.notNull().references('meal_options.id').onDelete('cascade'))
    .addColumn('descricao', 'text', (col) => col.notNull())
    .addColumn('posicao', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('meal_groups_option_idx').on('meal_groups').columns(['option_id', 'posicao']).execute();

  await table('workouts')
    .addColumn('evaluation_id', 'integer', (col) => col.notNull().references('evaluations.id').onDelete('cascade'))
    .addColumn('titulo', 'text', (col) => col.notNull())
    .addColumn('dias', 'text', (col) => col.notNull())
    .addColumn('observacao', 'text')
    .addColumn('posicao', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('workouts_evaluation_idx').on('workouts').columns(['evaluation_id', 'posicao']).execute();

  await table('activities')
    .addColumn('titulo', 'text', (col) => col.notNull())
    .addColumn('grupo_muscular', 'text', (col) => col.notNull())
    .addColumn('video', 'text')
    .execute();

  await table('exercises')
    .addColumn('workout_id', 'integer', (col) => col.notNull().references('workouts.id').onDelete('cascade'))
    .addColumn('activity_id', 'integer', (col) => col.notNull().references('activities.id'))
    .addColumn('posicao', 'integer', (col) => col.notNull())
    .addColumn('series', 'integer', (col) => col.notNull())
    .addColumn('repeticoes', 'text', (col) => col.notNull())
    .addColumn('carga', 'double precision')
    .addColumn('tempo_descanso', 'integer', (col) => col.notNull())
    .addColumn('observacao', 'text')
    .execute();
  await db.schema.createIndex('exercises_workout_idx').on('exercises').columns(['workout_id', 'posicao']).execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('family_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('spent_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .createTable('link_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('origin', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await table('outbox')
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const name of [
    'outbox', 'link_tokens', 'refresh_tokens', 'exercises', 'activities', 'workouts', 'meal_groups',
    'meal_options', 'meals', 'diets', 'evaluations', 'clients', 'users',
  ]) {
    await db.schema.dropTable(name).execute();
  }
}
