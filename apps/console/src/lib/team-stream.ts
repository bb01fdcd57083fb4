import { holdEventStream, messageReadSchema, onlineWaiter, type StreamEvent, teamPaths } from '@acompanha/contract';
import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod/mini';
import { API_BASE, api } from './api-client';
import { addToConversation } from './conversation';
import { teamKeys } from './query-keys';
import { invalidateClientLists } from './roster';
import { tokens } from './session';

const clientIdSchema = z.object({ cliente_id: z.number().check(z.int()) });
const teamMessageReadSchema = z.extend(messageReadSchema, clientIdSchema.shape);

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

function applyEvent(queryClient: QueryClient, { event, data }: StreamEvent) {
  const payload = parse(data);
  const about = clientIdSchema.safeParse(payload);
  if (!about.success) return;
  const clientId = about.data.cliente_id;
  if (event === 'mensagem') {
    const message = teamMessageReadSchema.safeParse(payload);
    if (message.success) addToConversation(queryClient, clientId, message.data);
  } else if (event === 'leitura') {
    void queryClient.invalidateQueries({ queryKey: teamKeys.conversation(clientId) });
  } else {
    return;
  }
  // The lists on screen (the client's row among them, on whatever page), their counts and the
  // client's header follow every message and every reading.
  invalidateClientLists(queryClient);
  void queryClient.invalidateQueries({ queryKey: teamKeys.header(clientId) });
}

/**
 * Holds the team's stream (every conversation) while the console is open, so that the list, the
 * inbox and a client's page show each message as it is sent. Opened without a cursor, it starts
 * now: what the cache holds is read again.
 */
export function useTeamStream(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    void holdEventStream({
      url: new URL(API_BASE + teamPaths.events, window.location.href).href,
      signal: controller.signal,
      token: () => tokens.accessToken(),
      waitUntilOnline: onlineWaiter(onlineManager),
      onOpen: (resumed) => {
        if (!resumed) void queryClient.invalidateQueries({ queryKey: ['equipe'] });
      },
      onEvent: (event) => applyEvent(queryClient, event),
      refresh: () => api.refresh().catch(() => undefined),
    });
    return () => controller.abort();
  }, [queryClient]);
}
