import { type ClientHeader, type ResponsiblesRequest, rosterEntryReadSchema, teamPaths } from '@acompanha/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';
import { invalidateClientLists } from '../../../lib/roster';

/** PUT .../responsaveis: who looks after the client, in their header at once and in the lists as they are read again. */
export function useSetResponsibles(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResponsiblesRequest) => api.call(teamPaths.clientResponsibles(clientId), rosterEntryReadSchema, { method: 'PUT', body }),
    onSuccess: (entry) => {
      queryClient.setQueryData<ClientHeader>(teamKeys.header(clientId), (held) => held && { ...held, responsaveis: entry.responsaveis });
      invalidateClientLists(queryClient);
    },
  });
}
