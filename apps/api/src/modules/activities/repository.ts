import { searchKey, type ActivityQuery, type ActivityRequest, type LibraryActivity } from '@acompanha/contract';
import { sql } from 'kysely';
import { isPostgres, type Db } from '../../db/database.js';
import type { PageLimits } from '../paging.js';

const FIELDS = ['activities.id', 'activities.titulo', 'activities.grupo_muscular', 'activities.video'] as const;

/** `%`, `_` and the escape itself match only themselves in a LIKE pattern. */
const likePart = (part: string) => `%${part.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The condition on the rows of `alias` that a query asks for: the library's (not retired), by the search keys. */
function matching(alias: 'activities' | 'counted', { grupo_muscular, busca }: ActivityQuery) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions = [sql`${column('retired_at')} is null`];
  if (grupo_muscular) conditions.push(sql`${column('grupo_chave')} = ${searchKey(grupo_muscular)}`);
  if (busca) {
    const pattern = likePart(searchKey(busca));
    conditions.push(sql`(${column('titulo_chave')} like ${pattern} escape '\\' or ${column('grupo_chave')} like ${pattern} escape '\\')`);
  }
  return sql<boolean>`${sql.join(conditions, sql` and `)}`;
}

/**
 * One page of the library, by title, muscle group (their search keys, compared byte by byte on both
 * databases) and id, with the whole count as a scalar subquery (paging.ts).
 */
export function listActivities(db: Db, query: ActivityQuery, { limit, offset }: PageLimits) {
  return db
    .selectFrom('activities')
    .select((eb) => [
      ...FIELDS,
      eb
        .selectFrom('activities as counted')
        .select((count) => count.fn.countAll<number | string>().as('n'))
        .where(matching('counted', query))
        .as('total'),
    ])
    .where(matching('activities', query))
    .orderBy('activities.titulo_chave')
    .orderBy('activities.grupo_chave')
    .orderBy('activities.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many activities a query matches: a page past the end still tells the list's length. */
export function countActivities(db: Db, query: ActivityQuery) {
  return db
    .selectFrom('activities as counted')
    .select((count) => count.fn.countAll<number | string>().as('total'))
    .where(matching('counted', query))
    .executeTakeFirstOrThrow();
}

/** Every row of the table, retired ones included: what the library's cap counts. */
export async function countAllActivities(db: Db): Promise<number> {
  const row = await db.selectFrom('activities').select((count) => count.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

export function findActivity(db: Db, id: number): Promise<LibraryActivity | undefined> {
  return db.selectFrom('activities').select(FIELDS).where('id', '=', id).where('retired_at', 'is', null).executeTakeFirst();
}

/** Another activity with these three fields, retired or not, which `plan:import` would take for the same one (workouts/repository.ts). */
export function findSameActivity(db: Db, activity: ActivityRequest, exceptId?: number) {
  const video = activity.video ?? null;
  let query = db
    .selectFrom('activities')
    .select(['id', 'retired_at'])
    .where('titulo', '=', activity.titulo)
    .where('grupo_muscular', '=', activity.grupo_muscular)
    .where('video', video === null ? 'is' : '=', video);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** The fields as stored: each text beside its search key. */
const stored = (activity: ActivityRequest) => ({
  titulo: activity.titulo,
  grupo_muscular: activity.grupo_muscular,
  video: activity.video ?? null,
  titulo_chave: searchKey(activity.titulo),
  grupo_chave: searchKey(activity.grupo_muscular),
});

export function insertActivity(db: Db, activity: ActivityRequest): Promise<LibraryActivity> {
  return db.insertInto('activities').values(stored(activity)).returning(FIELDS).executeTakeFirstOrThrow();
}

export function updateActivity(db: Db, id: number, activity: ActivityRequest): Promise<LibraryActivity | undefined> {
  return db.updateTable('activities').set(stored(activity)).where('id', '=', id).where('retired_at', 'is', null).returning(FIELDS).executeTakeFirst();
}

/** Puts a retired activity back in the library (a plan or the team named it again). */
export function restoreActivity(db: Db, id: number): Promise<LibraryActivity> {
  return db.updateTable('activities').set({ retired_at: null }).where('id', '=', id).returning(FIELDS).executeTakeFirstOrThrow();
}

/** Which of these activities (title, muscle group, video) the table lacks, each once. */
export async function missingActivities(db: Db, activities: readonly ActivityRequest[]): Promise<ActivityRequest[]> {
  const identity = (activity: ActivityRequest) => JSON.stringify([activity.titulo, activity.grupo_muscular, activity.video ?? null]);
  const wanted = new Map(activities.map((activity) => [identity(activity), activity]));
  if (wanted.size === 0) return [];
  const titles = [...new Set(activities.map((activity) => activity.titulo))];
  const known = await db.selectFrom('activities').select(['titulo', 'grupo_muscular', 'video']).where('titulo', 'in', titles).execute();
  for (const row of known) wanted.delete(identity(row));
  return [...wanted.values()];
}

/** Whether any exercise or session swap names the activity. */
export async function isActivityUsed(db: Db, id: number): Promise<boolean> {
  const exercise = await db.selectFrom('exercises').select('id').where('activity_id', '=', id).limit(1).executeTakeFirst();
  if (exercise) return true;
  const swap = await db.selectFrom('session_swaps').select('exercise_id').where('activity_id', '=', id).limit(1).executeTakeFirst();
  return swap !== undefined;
}

export async function markRetired(db: Db, id: number, now: Date) {
  await db.updateTable('activities').set({ retired_at: now.toISOString() }).where('id', '=', id).execute();
}

export async function deleteActivity(db: Db, id: number) {
  await db.deleteFrom('activities').where('id', '=', id).execute();
}

/** Every exercise and session swap of `fromId` names `toId` instead. */
export async function moveActivityUses(db: Db, fromId: number, toId: number) {
  await db.updateTable('exercises').set({ activity_id: toId }).where('activity_id', '=', fromId).execute();
  await db.updateTable('session_swaps').set({ activity_id: toId }).where('activity_id', '=', fromId).execute();
}

/**
 * The activity's row, held until the transaction ends on PostgreSQL, so that edits, merges and
 * retirings of one activity run one after the other (each edit records what it replaced). SQLite
 * runs one transaction at a time.
 */
export function lockActivity(db: Db, id: number) {
  const query = db.selectFrom('activities').select([...FIELDS, 'activities.retired_at']).where('id', '=', id);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}
