import { teamPaths } from '@acompanha/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** 'Reenviar convite': a new first-access link by e-mail; 409 once the client has set a password. */
export function useResendInvite(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(teamPaths.clientInvite(clientId), null, { method: 'POST' }),
    // A 409 means the client signed up meanwhile: the header drops the mark.
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.header(clientId) }),
  });
}
