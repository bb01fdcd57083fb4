import { type NewStaffRequest, staffListSchema, type StaffMember, staffMemberSchema, type StaffUpdateRequest, teamPaths } from '@acompanha/contract';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** Every staff account by name, disabled ones too (administrators only; 403 to the rest). */
export function getStaffQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.staff,
    queryFn: async () => (await api.call(teamPaths.members, staffListSchema)).results,
    staleTime: 60_000,
  });
}

export const useStaff = (enabled: boolean) => useQuery({ ...getStaffQueryOptions(), enabled });

const withMember = (members: StaffMember[] | undefined, member: StaffMember) =>
  members && [...members.filter((held) => held.id !== member.id), member].sort((a, b) => (a.nome ?? a.email).localeCompare(b.nome ?? b.email, 'pt-BR'));

/** A member changed: the list holds the answer, and the record of staff changes is read again (it recorded the change). */
function memberChanged(queryClient: QueryClient, member: StaffMember) {
  queryClient.setQueryData(teamKeys.staff, (members: StaffMember[] | undefined) => withMember(members, member));
  void queryClient.invalidateQueries({ queryKey: teamKeys.staffChanges });
}

/** POST /v1/equipe/membros: the account, and its first-access link by e-mail. */
export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewStaffRequest) => api.call(teamPaths.members, staffMemberSchema, { method: 'POST', body }),
    onSuccess: (member) => queryClient.setQueryData(teamKeys.staff, (members: StaffMember[] | undefined) => withMember(members, member)),
  });
}

/** POST .../desativar: the account can no longer sign in, and its sessions end at once. */
export function useDisableStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => api.call(teamPaths.memberDisable(memberId), staffMemberSchema, { method: 'POST' }),
    onSuccess: (member) => memberChanged(queryClient, member),
  });
}

/** POST .../reativar: the account signs in again with its password (a new first-access link if it never set one). */
export function useEnableStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => api.call(teamPaths.memberEnable(memberId), staffMemberSchema, { method: 'POST' }),
    onSuccess: (member) => memberChanged(queryClient, member),
  });
}

/** PATCH /v1/equipe/membros/{id}: the member's professional registration, which signs the plans they publish. */
export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, body }: { memberId: number; body: StaffUpdateRequest }) =>
      api.call(teamPaths.member(memberId), staffMemberSchema, { method: 'PATCH', body }),
    onSuccess: (member) => memberChanged(queryClient, member),
  });
}
