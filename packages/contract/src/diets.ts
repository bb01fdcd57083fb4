import { z } from 'zod/mini';
import { pagedSchema, timeOfDaySchema } from './common.js';

export const dietSchema = z.object({
  id: z.number().check(z.int()),
  titulo: z.string(),
  is_dia_de_treino: z.boolean(),
});
export type Diet = z.infer<typeof dietSchema>;
export const dietPageSchema = pagedSchema(dietSchema);

export const groupSchema = z.object({ id: z.number().check(z.int()), descricao: z.string() });
export type Group = z.infer<typeof groupSchema>;

export const mealOptionSchema = z.object({ id: z.number().check(z.int()), grupos: z.array(groupSchema) });
export type MealOption = z.infer<typeof mealOptionSchema>;

export const mealSchema = z.object({
  id: z.number().check(z.int()),
  titulo: z.string(),
  posicao: z.number().check(z.int()),
  is_horario_customizado: z.boolean(),
  horario_customizado: z.nullable(timeOfDaySchema),
  horario_inicio: z.nullable(timeOfDaySchema),
  horario_fim: z.nullable(timeOfDaySchema),
  opcoes: z.array(mealOptionSchema),
});
export type Meal = z.infer<typeof mealSchema>;
export const mealListSchema = z.array(mealSchema);
