import { type Message, type MessageMedia, messageReadSchema, type TeamMessageRequest, teamPaths } from '@acompanha/contract';
import { useInfiniteQuery, useMutation, useMutationState, useQueryClient, type Mutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { photoSender } from '../../../lib/photos';
import { addToConversation, getConversationQueryOptions, markConversationRead } from '../../../lib/conversation';
import { teamKeys } from '../../../lib/query-keys';
import { invalidateClientLists } from '../../../lib/roster';

export function useConversation(clientId: number) {
  return useInfiniteQuery(getConversationQueryOptions(clientId));
}

const replyKey = (clientId: number) => ['equipe', 'cliente', clientId, 'responder'] as const;

/**
 * A reply with the id the console made for it: sent again (a retry), it is the same message. Its
 * photos travel with their sizes, so that the thread shows them in their places while it goes.
 */
export interface Reply {
  id: string;
  texto: string;
  midias?: MessageMedia[];
}

/** Its photos first, each once, then POST .../mensagens with their ids (a reply without photos is sent as before photos existed). */
async function sendReply(clientId: number, { id, texto, midias = [] }: Reply): Promise<Message> {
  for (const photo of midias) await photoSender.send(photo.id);
  const body: Partial<TeamMessageRequest> = midias.length > 0 ? { id, texto, midias: midias.map((photo) => photo.id) } : { id, texto };
  return api.call(teamPaths.clientMessages(clientId), messageReadSchema, { method: 'POST', body });
}

/** The photos, then the reply: the answer joins the conversation as the server stored it. */
export function useReply(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: replyKey(clientId),
    mutationFn: (reply: Reply) => sendReply(clientId, reply),
    onSuccess: (message: Message) => {
      addToConversation(queryClient, clientId, message);
      invalidateClientLists(queryClient);
    },
  });
}

/** A reply on its way or refused: shown in the thread until the conversation holds it. */
export interface UnsentReply extends Reply {
  mutationId: number;
  submittedAt: number;
  failed: boolean;
  error: Error | null;
}

export function useUnsentReplies(clientId: number): UnsentReply[] {
  return useMutationState({
    filters: { mutationKey: replyKey(clientId), predicate: (mutation) => mutation.state.status === 'pending' || mutation.state.status === 'error' },
    select: (mutation) => ({
      mutationId: (mutation as Mutation).mutationId,
      ...(mutation.state.variables as Reply),
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
    mutationFn: () => api.call(teamPaths.clientMessagesRead(clientId), null, { method: 'POST' }),
    onSuccess: () => {
      markConversationRead(queryClient, clientId, new Date().toISOString());
      invalidateClientLists(queryClient);
      void queryClient.invalidateQueries({ queryKey: teamKeys.header(clientId) });
    },
  });
}
