import { holdEventStream, messageReadSchema, onlineWaiter, paths, type StreamEvent } from '@acompanha/contract';
import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { API_BASE } from '../../../lib/api-base';
import { getToken, STORAGE_KEYS } from '../../../lib/storage';
import { addMessage, messageKeys } from './messages';


function streamUrl(): string {
  return new URL(`${API_BASE.replace(/\/$/, '')}${paths.messageEvents}`, window.location.href).href;
}

function applyEvent(queryClient: QueryClient, { event, data }: StreamEvent) {
  if (event === 'mensagem') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const message = messageReadSchema.safeParse(parsed);
    if (!message.success) return;
    addMessage(queryClient, message.data);
  } else if (event === 'leitura') {
    // The team read the client's messages: their read marks come with the list.
    void queryClient.invalidateQueries({ queryKey: messageKeys.thread });
  }
}

const subscribeToVisibility = (listener: () => void) => {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
};

/** Whether the app is on screen: a phone in a pocket or a tab behind others holds no stream. */
function useVisible(): boolean {
  return useSyncExternalStore(
    subscribeToVisibility,
    () => document.visibilityState === 'visible',
    () => true,
  );
}

/**
 * Holds the conversation's live stream while the signed-in app is on screen (DECISIONS.md §5), so
 * that the thread and the Chat tab's badge follow the team on every screen: each new message joins
 * the thread's cache. Opened without a cursor, the stream starts now, so what came since the list was
 * read is read again. A 401 lets the API client refresh the token through the list's refetch, which
 * also fills any gap; when the stream cannot be held, the list's refetch on focus and on reconnect
 * stands in.
 */
export function useMessageStream(): void {
  const queryClient = useQueryClient();
  const visible = useVisible();
  useEffect(() => {
    if (!visible) return;
    const controller = new AbortController();
    void holdEventStream({
      url: streamUrl(),
      signal: controller.signal,
      token: () => getToken(STORAGE_KEYS.accessToken),
      waitUntilOnline: onlineWaiter(onlineManager),
      onOpen: (resumed) => {
        if (!resumed) void queryClient.invalidateQueries({ queryKey: messageKeys.thread });
      },
      onEvent: (event) => applyEvent(queryClient, event),
      refresh: () => queryClient.refetchQueries({ queryKey: messageKeys.thread }).catch(() => undefined),
    });
    return () => controller.abort();
  }, [queryClient, visible]);
}
