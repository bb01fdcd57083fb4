import type { ActivityRequest, LibraryActivity } from '@acompanha/contract';
import { isPostgres, type Db } from '../../db/database.js';

/** Every activity of the library, unordered: the search and the pt-BR order are the contract's (searchActivities). */
export function listActivities(db: Db): Promise<LibraryActivity[]> {
  return db.selectFrom('activities').select(['id', 'titulo', 'grupo_muscular', 'video']).execute();
}

export function findActivity(db: Db, id: number): Promise<LibraryActivity | undefined> {
  return db.selectFrom('activities').select(['id', 'titulo', 'grupo_muscular', 'video']).where('id', '=', id).executeTakeFirst();
}

/**
 * The activity, its row held until the transaction ends, so that two edits at once run one after
 * the other and each records what it replaced. SQLite needs no lock: one transaction runs at a time.
 */
export function findActivityForEdit(db: Db, id: number): Promise<LibraryActivity | undefined> {
  const query = db.selectFrom('activities').select(['id', 'titulo', 'grupo_muscular', 'video']).where('id', '=', id);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

/** Another activity with these three fields, which `plan:import` would take for the same one (db/factories.ts). */
export function findSameActivity(db: Db, activity: ActivityRequest, exceptId?: number) {
  const video = activity.video ?? null;
  let query = db
    .selectFrom('activities')
    .select('id')
    .where('titulo', '=', activity.titulo)
    .where('grupo_muscular', '=', activity.grupo_muscular)
    .where('video', video === null ? 'is' : '=', video);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

export function insertActivity(db: Db, activity: ActivityRequest): Promise<LibraryActivity> {
  return db
    .insertInto('activities')
    .values({ titulo: activity.titulo, grupo_muscular: activity.grupo_muscular, video: activity.video ?? null })
    .returning(['id', 'titulo', 'grupo_muscular', 'video'])
    .executeTakeFirstOrThrow();
}

export function updateActivity(db: Db, id: number, activity: ActivityRequest): Promise<LibraryActivity | undefined> {
  return db
    .updateTable('activities')
    .set({ titulo: activity.titulo, grupo_muscular: activity.grupo_muscular, video: activity.video ?? null })
    .where('id', '=', id)
    .returning(['id', 'titulo', 'grupo_muscular', 'video'])
    .executeTakeFirst();
}
