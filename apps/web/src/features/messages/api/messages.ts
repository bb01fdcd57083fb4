import { type ClientMessageRequest, type Message, type MessageMedia, type MessagePage, messagePageReadSchema, messageReadSchema, messagesOfPages, PAGE_SIZE, pagesReadBy, pagesWithMessage, paths } from '@acompanha/contract';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  type InfiniteData,
  type MutationObserverOptions,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError, isTransientError } from '@acompanha/client';
import { api } from '../../../lib/api-client';
import { assertMadeBySignedInUser, madeBySignedInUser } from '../../../lib/session/current-user';

/**
 * The photos' sending (their uploads, the consent, their bytes kept on the device), loaded with the
 * first message that carries photos: every screen's start registers these defaults, and does without it.
 */
const photoSending = () => import('./message-photos');

/** The conversation with the team (DECISIONS.md §5): one thread per client, so one key. */
export const messageKeys = {
  all: ['messages'] as const,
  thread: ['messages', 'thread'] as const,
};

export type Thread = InfiniteData<MessagePage, unknown>;

/** A page of the conversation, newest first; `antes` pages back from that message. */
export async function fetchMessages(antes: string | null): Promise<MessagePage> {
  return api.call(paths.messages, messagePageReadSchema, { params: { size: PAGE_SIZE, antes } });
}

/**
 * The thread and its unread count (the tab bar's badge) in one cache entry. Fresh for a minute: the
 * live stream (message-stream.ts) keeps an open thread current; and whenever the app comes back to
 * the foreground or online it is read again, fresh or not, the fallback for a stream that cannot be
 * held (and the badge's only news on the other screens).
 */
export function getThreadQueryOptions() {
  return infiniteQueryOptions({
    queryKey: messageKeys.thread,
    queryFn: ({ pageParam }) => fetchMessages(pageParam),
    initialPageParam: null as string | null,
    // A full page may have older messages before it; a short one is the start of the conversation.
    getNextPageParam: (last) => (last.results.length < PAGE_SIZE ? null : (last.results.at(-1)?.id ?? null)),
    staleTime: 60_000,
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });
}

export function useThread() {
  return useInfiniteQuery(getThreadQueryOptions());
}

/** How many of the team's messages the client has not read. */
export function useUnreadMessages(): number {
  const { data } = useInfiniteQuery({ ...getThreadQueryOptions(), select: (thread) => thread.pages[0]?.nao_lidas ?? 0 });
  return data ?? 0;
}

/** Every message held, oldest first, each once. */
export function messagesOf(thread: Thread | undefined): Message[] {
  return messagesOfPages(thread?.pages ?? []);
}

/** Adds a message the server stored (an answer to a send, the live stream) to the newest page, once. */
export function addMessage(queryClient: QueryClient, message: Message): void {
  queryClient.setQueryData<Thread>(messageKeys.thread, (thread) => thread && { ...thread, pages: pagesWithMessage(thread.pages, message, 'CLIENTE') });
}

/** POST /v1/mensagens/lidas: every team message is read now; the badge clears at once. */
export async function markThreadRead(queryClient: QueryClient): Promise<void> {
  await api.call(paths.messagesRead, null, { method: 'POST' });
  const now = new Date().toISOString();
  queryClient.setQueryData<Thread>(messageKeys.thread, (thread) => thread && { ...thread, pages: pagesReadBy(thread.pages, 'CLIENTE', now) });
}

export function useMarkThreadRead(queryClient: QueryClient) {
  return useMutation({ mutationFn: () => markThreadRead(queryClient) });
}

export const sendMessageKey = ['messages', 'send'] as const;

/**
 * A message as the phone sends it: its photos with their sizes, so that the thread shows them in
 * their places while they wait. A message kept by a version without photos has none.
 */
export interface SendRequest {
  id: string;
  texto: string;
  midias?: MessageMedia[];
}

/** POST /v1/mensagens with the photos' ids; a message without photos is sent as before photos existed. */
export async function sendMessage({ id, texto, midias = [] }: SendRequest): Promise<Message> {
  const body: Partial<ClientMessageRequest> = midias.length > 0 ? { id, texto, midias: midias.map((photo) => photo.id) } : { id, texto };
  return api.call(paths.messages, messageReadSchema, { method: 'POST', body });
}

/**
 * Every message sent runs with these, also one written offline and resumed after a reload (its
 * function cannot travel through the persisted cache, so it lives here, by key). The id is made on
 * the phone and the server stores it once (decision 034), so a dropped connection or a server error
 * is tried again for as long as it takes; messages go out one at a time, in the order written, and
 * only ever for the client who wrote them (lib/unsent-work.ts keeps them through a sign-out). Its
 * photos go first, one at a time, each once (lib/photos.ts), their bytes kept on the device until then.
 */
export function sendMessageDefaults(queryClient: QueryClient): MutationObserverOptions<Message, Error, SendRequest> {
  return {
    mutationFn: async (request, { meta }) => {
      for (const { id } of request.midias ?? []) {
        // Checked before each upload too: the client may have signed out while the last one went.
        assertMadeBySignedInUser(meta);
        await (await photoSending()).sendPhotoOf(meta, id);
      }
      assertMadeBySignedInUser(meta);
      return sendMessage(request);
    },
    scope: { id: 'messages' },
    retry: (_failures, error) => isTransientError(error),
    onSuccess: (message) => addMessage(queryClient, message),
    onError: (error, request, _result, { meta }) => {
      // Refused for good (a photo, the consent or the message itself): its photos' bytes will never be
      // sent. A message set aside for its writer (SessionChangedError) or an ended session keeps them.
      const photos = (request.midias ?? []).map(({ id }) => id);
      if (photos.length > 0 && error instanceof ApiError && !error.transient && error.status !== 401) void photoSending().then(({ forgetPhotosOf }) => forgetPhotosOf(meta, photos));
    },
  };
}

/** POST /v1/mensagens, with the defaults above. */
export function useSendMessage() {
  return useMutation<Message, Error, SendRequest>({ mutationKey: sendMessageKey, meta: madeBySignedInUser() });
}
