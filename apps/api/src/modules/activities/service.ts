import { LIBRARY_MAX, PUBLISH_NEW_ACTIVITIES_MAX, type ActivityPage, type ActivityQuery, type ActivityRequest, type LibraryActivity } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { badField, conflict, fieldConflict, notFound } from '../../errors.js';
import { recordStaffChange } from '../audit/repository.js';
import { paginate } from '../paging.js';
import {
  countActivities,
  countAllActivities,
  deleteActivity,
  findActivity,
  findSameActivity,
  insertActivity,
  isActivityUsed,
  listActivities,
  lockActivity,
  markRetired,
  missingActivities,
  moveActivityUses,
  restoreActivity,
  updateActivity,
} from './repository.js';

/**
 * The activity library (decisions 040 and 053). An activity is known by its title, muscle group and
 * video together, as `plan:import` finds it: two with the same three would be one to an import, so
 * the library refuses the second (409 naming `titulo`). Titles alone may repeat (one exercise, two
 * videos). The library holds at most LIBRARY_MAX rows, and a plan adds at most
 * PUBLISH_NEW_ACTIVITIES_MAX, so that its pages and its table stay the size of a gym's exercises.
 */

/** What a staff change records of an activity. */
const fieldsOf = ({ titulo, grupo_muscular, video }: LibraryActivity) => ({ titulo, grupo_muscular, video });

const duplicate = () => fieldConflict('titulo', 'já existe uma atividade com este título, grupo muscular e vídeo.');
const activityNotFound = () => notFound('Atividade não encontrada.');

/** A page of the library, searched, ordered and counted by the database. */
export async function searchLibrary(db: Db, query: ActivityQuery): Promise<ActivityPage> {
  const page = await paginate(
    (limits) => listActivities(db, query, limits),
    query,
    ({ total: _total, ...activity }) => activity,
    async () => Number((await countActivities(db, query)).total),
  );
  return page!;
}

/**
 * Two identical activities added at the same instant may both be stored: an import then takes either,
 * which is what it did before the library existed, so no lock guards the check. The same goes for
 * the cap, which two additions at once may pass by one.
 */
export async function addActivity(db: Db, activity: ActivityRequest, actorId: number): Promise<LibraryActivity> {
  const same = await findSameActivity(db, activity);
  if (same?.retired_at === null) throw duplicate();
  return db.transaction().execute(async (trx) => {
    // Adding a retired activity again puts it back, with the histories it had.
    if (same) {
      const restored = await restoreActivity(trx, same.id);
      await recordStaffChange(trx, { tipo: 'ATIVIDADE_CRIADA', actorId, targetId: restored.id, depois: fieldsOf(restored) });
      return restored;
    }
    if ((await countAllActivities(trx)) >= LIBRARY_MAX) {
      throw conflict(`A biblioteca já tem ${LIBRARY_MAX.toLocaleString('pt-BR')} atividades. Mescle ou retire as que sobram para adicionar outras.`, { code: 'LibraryFull' });
    }
    const created = await insertActivity(trx, activity);
    await recordStaffChange(trx, { tipo: 'ATIVIDADE_CRIADA', actorId, targetId: created.id, depois: fieldsOf(created) });
    return created;
  });
}

/**
 * Changes the library's activity, for the plans published from now on: a published plan keeps each
 * exercise's activity as it was published (decision 055). Recorded when something changed.
 */
export async function editActivity(db: Db, id: number, activity: ActivityRequest, actorId: number): Promise<LibraryActivity> {
  if (await findSameActivity(db, activity, id)) throw duplicate();
  return db.transaction().execute(async (trx) => {
    const before = await lockActivity(trx, id);
    const updated = await updateActivity(trx, id, activity);
    if (!before || !updated) throw activityNotFound();
    const [antes, depois] = [fieldsOf(before), fieldsOf(updated)];
    if (JSON.stringify(antes) !== JSON.stringify(depois)) await recordStaffChange(trx, { tipo: 'ATIVIDADE_EDITADA', actorId, targetId: id, antes, depois });
    return updated;
  });
}

/**
 * Why a plan naming these activities cannot be stored, or undefined when the library has room for
 * those it lacks. Run in the import's transaction; publications at the same instant may pass the
 * cap by what each adds, bounded by PUBLISH_NEW_ACTIVITIES_MAX.
 */
export async function libraryRoomProblem(db: Db, activities: readonly ActivityRequest[]): Promise<string | undefined> {
  const added = (await missingActivities(db, activities)).length;
  if (added === 0) return undefined;
  const count = added === 1 ? '1 activity' : `${added} activities`;
  if (added > PUBLISH_NEW_ACTIVITIES_MAX) return `adds ${count} to the library; at most ${PUBLISH_NEW_ACTIVITIES_MAX} may be added at once`;
  const held = await countAllActivities(db);
  if (held + added > LIBRARY_MAX) return `adds ${count} to a library of ${held} activities, the most it holds; merge or retire some first`;
  return undefined;
}

/**
 * Merges a duplicate into the activity that stays: every exercise and session swap of `id` names
 * `intoId`, so their histories become one (decision 039), and `id` leaves the table. Answers the
 * activity that stays.
 */
export async function mergeActivity(db: Db, id: number, intoId: number, actorId: number): Promise<LibraryActivity> {
  if (intoId === id) throw badField('atividade_id', 'escolha outra atividade para ficar no lugar desta.');
  return db.transaction().execute(async (trx) => {
    // Locked in id order, so that two merges of the same pair the other way round wait, not deadlock.
    const [first, second] = [id, intoId].sort((a, b) => a - b);
    const locked = new Map([[first!, await lockActivity(trx, first!)], [second!, await lockActivity(trx, second!)]]);
    if (!locked.get(id)) throw activityNotFound();
    const into = locked.get(intoId)?.retired_at === null ? await findActivity(trx, intoId) : undefined;
    if (!into) throw badField('atividade_id', 'não é uma atividade da biblioteca.');
    await moveActivityUses(trx, id, intoId);
    await deleteActivity(trx, id);
    await recordStaffChange(trx, { tipo: 'ATIVIDADE_MESCLADA', actorId, targetId: intoId, antes: fieldsOf(locked.get(id)!), depois: fieldsOf(into) });
    return into;
  });
}

/**
 * Retires an activity: deleted when nothing names it; otherwise kept for the plans and sessions
 * that do, and left out of the library's lists until a plan or the team names it again.
 */
export async function retireActivity(db: Db, id: number, actorId: number, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const activity = await lockActivity(trx, id);
    if (!activity || activity.retired_at !== null) throw activityNotFound();
    if (await isActivityUsed(trx, id)) await markRetired(trx, id, now);
    else await deleteActivity(trx, id);
    await recordStaffChange(trx, { tipo: 'ATIVIDADE_RETIRADA', actorId, targetId: id, antes: fieldsOf(activity) }, now);
  });
}
