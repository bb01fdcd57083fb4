import { recoveryCodesSchema, secondFactorEnrolmentSchema, type SecondFactorStatus, secondFactorStatusSchema, teamPaths } from '@acompanha/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** The signed-in member's second factor: on or not, required or not, recovery codes left. */
export function getSecondFactorQueryOptions() {
  return queryOptions({ queryKey: teamKeys.secondFactor, queryFn: () => api.call(teamPaths.secondFactor, secondFactorStatusSchema), staleTime: Infinity });
}

export const useSecondFactor = (enabled = true) => useQuery({ ...getSecondFactorQueryOptions(), enabled });

/** POST: a new secret to scan or type, shown this once. */
export const useBeginEnrolment = () => useMutation({ mutationFn: () => api.call(teamPaths.secondFactor, secondFactorEnrolmentSchema, { method: 'POST' }) });

function useChange<T>(step: string, read: (answer: T, status: SecondFactorStatus | undefined) => SecondFactorStatus | undefined, schema: typeof recoveryCodesSchema | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (codigo: string) => (await api.call(teamPaths.secondFactorStep(step), schema, { method: 'POST', body: { codigo } })) as T,
    onSuccess: (answer) => queryClient.setQueryData(teamKeys.secondFactor, (status: SecondFactorStatus | undefined) => read(answer, status)),
  });
}

/**
 * The first code turns the factor on; answers the recovery codes, shown this once. The status is
 * read again only once they were seen (`useEnrolmentSeen`): the console a new administrator waits
 * for opens then, not before.
 */
export const useConfirmEnrolment = () =>
  useMutation({ mutationFn: (codigo: string) => api.call(teamPaths.secondFactorStep('confirmar'), recoveryCodesSchema, { method: 'POST', body: { codigo } }) });

export function useEnrolmentSeen() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.secondFactor });
}

/** New recovery codes, the earlier ones no longer valid. */
export const useRenewRecoveryCodes = () =>
  useChange<{ codigos_recuperacao: string[] }>(
    'codigos-recuperacao',
    (answer, status) => status && { ...status, codigos_restantes: answer.codigos_recuperacao.length },
    recoveryCodesSchema,
  );

/** Turns the factor off; an administrator then enrols again before using the console. */
export const useDisableSecondFactor = () => useChange<undefined>('desativar', (_answer, status) => status && { ...status, ativa: false, codigos_restantes: 0 }, null);
