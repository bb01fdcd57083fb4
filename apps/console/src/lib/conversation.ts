import { type Message, type MessagePage, messagePageReadSchema, PAGE_SIZE, pagesReadBy, pagesWithMessage, teamPaths } from '@acompanha/contract';
import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { teamKeys } from './query-keys';

/** A client's conversation as the console holds it; the team stream writes into it, so it lives in lib. */
export type Conversation = InfiniteData<MessagePage, string | null>;

export function getConversationQueryOptions(clientId: number) {
  return infiniteQueryOptions({
    queryKey: teamKeys.conversation(clientId),
    queryFn: ({ pageParam }) =>
      api.call(teamPaths.clientMessages(clientId), messagePageReadSchema, { params: { size: PAGE_SIZE, antes: pageParam || undefined } }),
    initialPageParam: null as string | null,
    // A full page may have older messages before it; a short one is the start of the conversation.
    getNextPageParam: (last) => (last.results.length < PAGE_SIZE ? null : (last.results.at(-1)?.id ?? null)),
    staleTime: 60_000,
  });
}

/** A message the server stored (a reply's answer, the live stream) joins the conversation once. */
export function addToConversation(queryClient: QueryClient, clientId: number, message: Message): void {
  queryClient.setQueryData<Conversation>(teamKeys.conversation(clientId), (held) => held && { ...held, pages: pagesWithMessage(held.pages, message, 'EQUIPE') });
}

/** The team read the client's messages at `at`. */
export function markConversationRead(queryClient: QueryClient, clientId: number, at: string): void {
  queryClient.setQueryData<Conversation>(teamKeys.conversation(clientId), (held) => held && { ...held, pages: pagesReadBy(held.pages, 'EQUIPE', at) });
}
