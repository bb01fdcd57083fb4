import { professionalsSchema, teamPaths } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { teamKeys } from './query-keys';

/** The enabled trainers and nutritionists a client can be given to (DECISIONS.md §6): the choices of 'Responsáveis'. */
export function getProfessionalsQueryOptions() {
  return queryOptions({ queryKey: teamKeys.professionals, queryFn: () => api.call(teamPaths.professionals, professionalsSchema), staleTime: 5 * 60_000 });
}

export const useProfessionals = () => useQuery(getProfessionalsQueryOptions());
