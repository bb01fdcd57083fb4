import { messageReadSchema, type Message } from '@acompanha/contract';
import { useInfiniteQuery, useMutation, useMutationState, useQueryClient, type Mutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { addToConversation, getConversationQueryOptions, markConversationRead } from '../../../lib/conversation';
import { teamKeys } from '../../../lib/query-keys';

export function useConversation(clientId: number) {
  return useInfiniteQuery(getConversationQueryOptions(clientId));
}

const replyKey = (clientId: number) => ['equipe', 'cliente', clientId, 'responder'] as const;

/** POST .../mensagens: the answer joins the conversation as the server stored it. */
export function useReply(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: replyKey(clientId),
    mutationFn: (texto: string) => callApi(`/v1/equipe/clientes/${clientId}/mensagens`, messageReadSchema, { method: 'POST', body: { texto } }),
    onSuccess: (message: Message) => {
      addToConversation(queryClient, clientId, message);
      void queryClient.invalidateQueries({ queryKey: teamKeys.roster });
    },
  });
}

/** A reply on its way or refused: shown in the thread until the server holds it. */
export interface UnsentReply {
  mutationId: number;
  texto: string;
  submittedAt: number;
  failed: boolean;
  error: Error | null;
}

export function useUnsentReplies(clientId: number): UnsentReply[] {
  return useMutationState({
    filters: { mutationKey: replyKey(clientId), predicate: (mutation) => mutation.state.status === 'pending' || mutation.state.status === 'error' },
    select: (mutation) => ({
      mutationId: (mutation as Mutation).mutationId,
      texto: String(mutation.state.variables ?? ''),
      submittedAt: mutation.state.submittedAt,
      failed: mutation.state.status === 'error',
      error: mutation.state.error,
    }),
  });
}

/** Forgets a refused reply, once sent again or given up. */
export function useDismissReply() {
  const queryClient = useQueryClient();
  return (mutationId: number) => {
    const cache = queryClient.getMutationCache();
    const mutation = cache.getAll().find((held) => held.mutationId === mutationId);
    if (mutation) cache.remove(mutation);
  };
}

/** POST .../mensagens/lidas: the client's messages are read now, in the list too. */
export function useMarkRead(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(`/v1/equipe/clientes/${clientId}/mensagens/lidas`, null, { method: 'POST' }),
    onSuccess: () => {
      markConversationRead(queryClient, clientId, new Date().toISOString());
      void queryClient.invalidateQueries({ queryKey: teamKeys.roster });
      void queryClient.invalidateQueries({ queryKey: teamKeys.header(clientId) });
    },
  });
}
