import { evaluationListReadSchema, paths, type Evaluation, type Plan } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { getCurrentUserId } from './current-user';
import { sessionKeys } from './query-keys';

/** The client's evaluations, latest first (SPEC.md §3). */
export async function fetchEvaluations(): Promise<Evaluation[]> {
  return (await api.call(paths.evaluations(getCurrentUserId()), evaluationListReadSchema)).results;
}

export function getEvaluationsQueryOptions() {
  // A new evaluation comes from a consultation; a quarter of an hour matches the plan lists' cache (SPEC.md §9).
  return queryOptions({ queryKey: sessionKeys.evaluations, queryFn: fetchEvaluations, staleTime: 15 * 60_000 });
}

export function useEvaluations() {
  return useQuery(getEvaluationsQueryOptions());
}

function selectLatest(evaluations: Evaluation[]): Evaluation | null {
  return evaluations[0] ?? null;
}

/** The latest evaluation, or null when the client has none yet; it decides plan, water goal and access. */
export function useLatestEvaluation() {
  return useQuery({ ...getEvaluationsQueryOptions(), select: selectLatest });
}

/** SPEC.md §1: BASIC shows workouts only, PRO diets only, ULTIMATE both. */
export const planIncludes = {
  workouts: (plan: Plan) => plan === 'BASIC' || plan === 'ULTIMATE',
  diets: (plan: Plan) => plan === 'PRO' || plan === 'ULTIMATE',
};
