import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` so later schema changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/**
 * Every authenticated request asks whether its session's family was revoked (decision 029). Over
 * (family_id, revoked_at) that is one index seek however many rotations the family holds; the
 * index on family_id alone had the database read each of its rows. It serves the family lookups
 * the old one did, so that one goes.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('refresh_tokens_family_revoked_idx').on('refresh_tokens').columns(['family_id', 'revoked_at']).execute();
  await db.schema.dropIndex('refresh_tokens_family_idx').execute();
}
