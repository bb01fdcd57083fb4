import { dietReadSchema, mealListReadSchema, paths, type Diet, type Meal } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** SPEC.md §9: a diet and its meals are cached for 20 minutes. */
const DETAIL_STALE_TIME = 20 * 60_000;

export const dietKeys = {
  detail: (id: number) => ['diets', 'detail', id] as const,
  meals: (dietId: number) => ['diets', 'meals', dietId] as const,
};

export async function fetchDiet(id: number): Promise<Diet> {
  return api.call(paths.diet(id), dietReadSchema);
}

export async function fetchMeals(dietId: number): Promise<Meal[]> {
  return api.call(paths.meals(dietId), mealListReadSchema);
}

export function getDietQueryOptions(id: number) {
  return queryOptions({ queryKey: dietKeys.detail(id), queryFn: () => fetchDiet(id), staleTime: DETAIL_STALE_TIME });
}

export function getMealsQueryOptions(dietId: number) {
  return queryOptions({ queryKey: dietKeys.meals(dietId), queryFn: () => fetchMeals(dietId), staleTime: DETAIL_STALE_TIME });
}

export function useDiet(id: number) {
  return useQuery(getDietQueryOptions(id));
}

export function useMeals(dietId: number) {
  return useQuery(getMealsQueryOptions(dietId));
}
