import { searchActivities, type ActivityList, type ActivityQuery, type ActivityRequest, type LibraryActivity } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { ApiError, notFound } from '../../plugins/errors.js';
import { recordStaffChange } from '../audit/repository.js';
import { findActivityForEdit, findSameActivity, insertActivity, listActivities, updateActivity } from './repository.js';

/**
 * The activity library (decision 040). An activity is known by its title, muscle group and video
 * together, as `plan:import` finds it: two with the same three would be one to an import, so the
 * library refuses the second (409 naming `titulo`). Titles alone may repeat (one exercise, two videos).
 */

/** What a staff change records of an activity. */
const fieldsOf = ({ titulo, grupo_muscular, video }: LibraryActivity) => ({ titulo, grupo_muscular, video });

const duplicate = () => new ApiError(409, 'titulo: já existe uma atividade com este título, grupo muscular e vídeo.', undefined, 'titulo');

/**
 * The library filtered and ordered in JavaScript: accent-blind matching and Brazilian Portuguese
 * order read the same on both databases, and a library holds hundreds of rows, not millions.
 */
export async function searchLibrary(db: Db, query: ActivityQuery): Promise<ActivityList> {
  return { results: searchActivities(await listActivities(db), query) };
}

/**
 * Two identical activities added at the same instant may both be stored: an import then takes either,
 * which is what it did before the library existed, so no lock guards the check.
 */
export async function addActivity(db: Db, activity: ActivityRequest, actorId: number): Promise<LibraryActivity> {
  if (await findSameActivity(db, activity)) throw duplicate();
  return db.transaction().execute(async (trx) => {
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
    const before = await findActivityForEdit(trx, id);
    const updated = await updateActivity(trx, id, activity);
    if (!before || !updated) throw notFound('Atividade não encontrada.');
    const [antes, depois] = [fieldsOf(before), fieldsOf(updated)];
    if (JSON.stringify(antes) !== JSON.stringify(depois)) await recordStaffChange(trx, { tipo: 'ATIVIDADE_EDITADA', actorId, targetId: id, antes, depois });
    return updated;
  });
}
