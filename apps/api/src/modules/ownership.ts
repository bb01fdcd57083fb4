import type { Db } from '../db/database.js';

/**
 * The one rule by which plan rows belong to a client: an evaluation is theirs by its `client_id`,
 * and a workout or diet by its evaluation. Every query that answers a client about a workout, an
 * exercise, a diet or a meal filters with one of these subqueries, in the same statement that
 * reads the rows.
 */
export const ownEvaluationIds = (db: Db, clientId: number) =>
  db.selectFrom('evaluations').select('evaluations.id').where('evaluations.client_id', '=', clientId);

export const ownWorkoutIds = (db: Db, clientId: number) =>
  db.selectFrom('workouts').select('workouts.id').where('workouts.evaluation_id', 'in', ownEvaluationIds(db, clientId));

export const ownDietIds = (db: Db, clientId: number) =>
  db.selectFrom('diets').select('diets.id').where('diets.evaluation_id', 'in', ownEvaluationIds(db, clientId));
