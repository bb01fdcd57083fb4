import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** Every token of a family carries the family's deadline: a session ends at the latest that long after its sign-in. */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('refresh_tokens')
    .addColumn('family_expires_at', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  // Sessions signed in before this migration end no later than their current token.
  await db.updateTable('refresh_tokens').set((eb) => ({ family_expires_at: eb.ref('expires_at') })).execute();
}
