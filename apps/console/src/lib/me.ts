import { meReadSchema, paths } from '@acompanha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** The signed-in team member: their address for the navigation, their roles for what only an administrator sees. */
export function getMeQueryOptions() {
  return queryOptions({ queryKey: ['equipe', 'eu'], queryFn: () => api.call(paths.me, meReadSchema), staleTime: Infinity });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}

/** Whether the signed-in member administers the team (creates and disables staff accounts); false until known. */
export function useIsAdmin(): boolean {
  return useMe().data?.roles.includes('ROLE_ADMIN') ?? false;
}
