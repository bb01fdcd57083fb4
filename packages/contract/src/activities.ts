import { z } from 'zod/mini';
import { resultsSchema } from './common.js';
import { planExerciseSchema } from './plan.js';

/**
 * The activity library (decision 040): every activity a plan's exercises name, searchable by the
 * team's plan editor (`/api/v1/equipe/atividades`) and by train mode's swaps (`/api/v1/atividades`).
 */

/** `?grupo_muscular=Peito&busca=supino`: both optional, both blind to case and accents. */
export const activityQuerySchema = z.object({
  /** Only the activities of this muscle group (the whole name: 'peito' finds 'Peito'). */
  grupo_muscular: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  /** Part of the title or of the muscle group: 'agach' finds 'Agachamento livre'. */
  busca: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const libraryActivitySchema = z.object({
  id: z.number().check(z.int()),
  titulo: z.string(),
  grupo_muscular: z.string(),
  video: z.nullable(z.string()),
});
export type LibraryActivity = z.infer<typeof libraryActivitySchema>;

/** Ordered by title as Brazilian Portuguese sorts it, then muscle group. */
export const activityListSchema = resultsSchema(libraryActivitySchema);
export type ActivityList = z.infer<typeof activityListSchema>;

/**
 * A new activity or an edit (`POST /api/v1/equipe/atividades`, `PUT .../{id}`): the fields and rules
 * of a plan file's `atividade`, so the library accepts exactly what `plan:import` accepts.
 */
export const activityRequestSchema = planExerciseSchema.shape.atividade;
export type ActivityRequest = z.infer<typeof activityRequestSchema>;

/** A text as searches compare it: lower case, without accents ('Elevação' and 'elevacao' are one). */
export const searchKey = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR');

const byTitle = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** The activities a query asks for, by title as Brazilian Portuguese sorts it, then muscle group and id. */
export function searchActivities<T extends LibraryActivity>(activities: readonly T[], { grupo_muscular, busca }: ActivityQuery): T[] {
  const group = grupo_muscular ? searchKey(grupo_muscular) : undefined;
  const part = busca ? searchKey(busca) : undefined;
  return activities
    .filter((activity) => group === undefined || searchKey(activity.grupo_muscular) === group)
    .filter((activity) => part === undefined || searchKey(activity.titulo).includes(part) || searchKey(activity.grupo_muscular).includes(part))
    .sort((a, b) => byTitle.compare(a.titulo, b.titulo) || byTitle.compare(a.grupo_muscular, b.grupo_muscular) || a.id - b.id);
}
