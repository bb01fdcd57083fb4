import { clientHeaderSchema, type NewClientRequest, teamPaths } from '@acompanha/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';
import { invalidateClientLists } from '../../../lib/roster';

/** POST /v1/equipe/clientes: the account, and the first-access e-mail `client:create` sends (decision 040). */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewClientRequest) => api.call(teamPaths.clients, clientHeaderSchema, { method: 'POST', body }),
    onSuccess: (client) => {
      queryClient.setQueryData(teamKeys.header(client.id), client);
      invalidateClientLists(queryClient);
    },
  });
}
