import { searchActivities, type ActivityList, type ActivityQuery, type ActivityRequest, type LibraryActivity } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { ApiError, notFound } from '../../plugins/errors.js';
import { findSameActivity, insertActivity, listActivities, updateActivity } from './repository.js';

/**
 * The activity library (decision 040). An activity is known by its title, muscle group and video
 * together, as `plan:import` finds it: two with the same three would be one to an import, so the
 * library refuses the second (409 naming `titulo`). Titles alone may repeat (one exercise, two videos).
 */

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
export async function addActivity(db: Db, activity: ActivityRequest): Promise<LibraryActivity> {
  if (await findSameActivity(db, activity)) throw duplicate();
  return insertActivity(db, activity);
}

/** Changes the activity for every exercise that names it, in every client's plan. */
export async function editActivity(db: Db, id: number, activity: ActivityRequest): Promise<LibraryActivity> {
  if (await findSameActivity(db, activity, id)) throw duplicate();
  const updated = await updateActivity(db, id, activity);
  if (!updated) throw notFound('Atividade não encontrada.');
  return updated;
}
