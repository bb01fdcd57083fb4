import { z } from 'zod/mini';
import { idSchema, pagedSchema, pageQuerySchema } from './common.js';
import { PLAN_TITLE_MAX, planExerciseSchema } from './plan.js';

/**
 * The activity library (decision 040): every activity a plan's exercises name, searchable by the
 * team's plan editor (`/api/v1/equipe/atividades`) and by train mode's swaps (`/api/v1/atividades`).
 */

/** The most activities a library holds, retired ones in plans included (decision 053): merge or retire to make room. */
export const LIBRARY_MAX = 2000;
/** The most activities one plan may add to the library. */
export const PUBLISH_NEW_ACTIVITIES_MAX = 100;

/**
 * `?grupo_muscular=Peito&busca=supino&page=0&size=50`: all optional, the two texts blind to case and
 * accents. A page of the library, as every list of the API a business can grow is read.
 */
export const activityQuerySchema = z.extend(pageQuerySchema, {
  /** Only the activities of this muscle group (the whole name: 'peito' finds 'Peito'). */
  grupo_muscular: z.optional(z.string().check(z.trim(), z.maxLength(PLAN_TITLE_MAX))),
  /** Part of the title or of the muscle group: 'agach' finds 'Agachamento livre'. */
  busca: z.optional(z.string().check(z.trim(), z.maxLength(PLAN_TITLE_MAX))),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const libraryActivitySchema = z.object({
  id: z.number().check(z.int()),
  titulo: z.string(),
  grupo_muscular: z.string(),
  video: z.nullable(z.string()),
});
export type LibraryActivity = z.infer<typeof libraryActivitySchema>;

/** Ordered by title, then muscle group, each compared as `searchKey` writes it (byte order), then id. */
export const activityPageSchema = pagedSchema(libraryActivitySchema);
export type ActivityPage = z.infer<typeof activityPageSchema>;

/**
 * A new activity or an edit (`POST /api/v1/equipe/atividades`, `PUT .../{id}`): the fields and rules
 * of a plan file's `atividade`, so the library accepts exactly what `plan:import` accepts.
 */
export const activityRequestSchema = planExerciseSchema.shape.atividade;
export type ActivityRequest = z.infer<typeof activityRequestSchema>;

/** `POST /api/v1/equipe/atividades/{id}/mesclar`: the activity that takes this one's exercises and histories. */
export const mergeActivityRequestSchema = z.strictObject({ atividade_id: idSchema });
export type MergeActivityRequest = z.infer<typeof mergeActivityRequestSchema>;

/**
 * A text as searches compare it: lower case, without accents ('Elevação' and 'elevacao' are one).
 * The API stores it beside each title and muscle group, and searches and orders by it in SQL.
 */
export const searchKey = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR');
