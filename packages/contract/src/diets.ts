import { z } from 'zod';
import { pagedSchema, timeOfDaySchema } from './common.js';

export const dietSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  is_dia_de_treino: z.boolean(),
});
export type Diet = z.infer<typeof dietSchema>;
export const dietPageSchema = pagedSchema(dietSchema);

export const groupSchema = z.object({ id: z.number().int(), descricao: z.string() });
export type Group = z.infer<typeof groupSchema>;

export const mealOptionSchema = z.object({ id: z.number().int(), grupos: z.array(groupSchema) });
export type MealOption = z.infer<typeof mealOptionSchema>;

export const mealSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  posicao: z.number().int(),
  is_horario_customizado: z.boolean(),
  horario_customizado: timeOfDaySchema.nullable(),
  horario_inicio: timeOfDaySchema.nullable(),
  horario_fim: timeOfDaySchema.nullable(),
  opcoes: z.array(mealOptionSchema),
});
export type Meal = z.infer<typeof mealSchema>;
export const mealListSchema = z.array(mealSchema);
