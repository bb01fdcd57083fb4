import type { Meal } from '@acompanha/contract';

/** SPEC.md §2: meals in ascending posicao. */
export function sortMeals(meals: readonly Meal[]): Meal[] {
  return [...meals].sort((a, b) => a.posicao - b.posicao);
}

/** horario_customizado when the meal has a custom time, else 'inicio - fim'; null when none is set. */
export function mealTime(meal: Meal): string | null {
  if (meal.is_horario_customizado) return meal.horario_customizado;
  if (meal.horario_inicio && meal.horario_fim) return `${meal.horario_inicio} - ${meal.horario_fim}`;
  return meal.horario_inicio ?? meal.horario_fim;
}

/** An option's food groups as the card lists them, one per line. */
export function optionGroups(option: Meal['opcoes'][number]): string[] {
  return option.grupos.map((group) => group.descricao);
}
